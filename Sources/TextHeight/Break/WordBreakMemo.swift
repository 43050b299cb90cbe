import Synchronization

/// Grapheme advances and line widths inside words wider than a line, kept with the prepared text.
///
/// Laying a text out again at another width asks for the same windows (every over-wide word's
/// first window starts at the word), and shaping them on each layout cost more than the whole
/// rest of re-layout (BENCHMARKS.md). The values are exactly what `graphemeAdvances` and
/// `width(from:to:)` return; only their reuse is new. Thread-safe (prepared texts are shared
/// across threads) and bounded: past `maxStoredEnds` it computes without storing.
///
/// Held by the text's `SegmentTable` rather than as an object of its own, its state made at the
/// first over-wide word: most texts have none, and a memo object a text cost an allocation and
/// 270 instructions to destroy its empty dictionaries (BENCHMARKS.md item 37).
struct WordBreakMemo: ~Copyable, Sendable {
    struct Key: Hashable {
        var start: Int
        var end: Int
    }
    // Internal, not private: a private type here crashes the debug build (Swift 6.3.1, "Global is
    // external, but doesn't have external or weak linkage") once SegmentTable, in another file, holds the memo.
    struct State {
        var advances: [Key: [GraphemeEnd]] = [:]
        var widths: [Key: Double] = [:]
        var masks: [Key: UInt32] = [:]
        var storedEnds = 0
    }
    private let state = Mutex<State?>(nil)
    static let maxStoredEnds = 1 << 16

    /// `compute(shaper)`'s result for the window `start..<end`, computed once.
    func graphemeAdvances(from start: Int, to end: Int, _ compute: (Shaper) -> [GraphemeEnd]) -> [GraphemeEnd] {
        remembered(\.advances, start, end, cost: { $0.count }, compute)
    }

    /// `compute(shaper)`'s width of the line `start..<end` cut inside a word, computed once.
    func width(from start: Int, to end: Int, _ compute: (Shaper) -> Double) -> Double {
        remembered(\.widths, start, end, cost: { _ in 1 }, compute)
    }

    /// `compute(shaper)`'s fonts of the piece `start..<end` of a broken word, computed once.
    func fontMask(from start: Int, to end: Int, _ compute: (Shaper) -> UInt32) -> UInt32 {
        remembered(\.masks, start, end, cost: { _ in 1 }, compute)
    }

    /// The value stored in `table` for `start..<end`, or `compute`'s with a lent Shaper (`LentShapers`), stored
    /// while the memo holds fewer than `maxStoredEnds` entries (`cost` counts what a value adds).
    private func remembered<Value: Sendable>(_ table: WritableKeyPath<State, [Key: Value]> & Sendable, _ start: Int, _ end: Int,
                                   cost: (Value) -> Int, _ compute: (Shaper) -> Value) -> Value {
        state.withLock { stored in
            // Moved out and back: the dictionaries stay uniquely referenced, so nothing is copied.
            var state = stored.take() ?? State()
            defer { stored = state }
            let key = Key(start: start, end: end)
            if let known = state[keyPath: table][key] { return known }
            let value = LentShapers.with(compute)
            if state.storedEnds + cost(value) <= WordBreakMemo.maxStoredEnds {
                state[keyPath: table][key] = value
                state.storedEnds += cost(value)
            }
            return value
        }
    }
}
