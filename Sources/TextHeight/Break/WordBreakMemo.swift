import Synchronization

/// Grapheme advances and line widths inside words wider than a line, kept with the prepared text.
///
/// Laying a text out again at another width asks for the same windows (every over-wide word's
/// first window starts at the word), and shaping them on each layout cost more than the whole
/// rest of re-layout (BENCHMARKS.md). The values are exactly what `graphemeAdvances` and
/// `width(from:to:)` return; only their reuse is new. Thread-safe (prepared texts are shared
/// across threads) and bounded: past `maxStoredEnds` it computes without storing.
final class WordBreakMemo: Sendable {
    private struct Key: Hashable {
        var start: Int
        var end: Int
    }
    private struct State {
        var shaper: Shaper?
        var advances: [Key: [GraphemeEnd]] = [:]
        var widths: [Key: Double] = [:]
        var masks: [Key: UInt32] = [:]
        var storedEnds = 0
    }
    private let state = Mutex(State())
    static let maxStoredEnds = 1 << 16

    /// `compute(shaper)`'s result for the window `start..<end`, computed once.
    func graphemeAdvances(from start: Int, to end: Int, _ compute: (Shaper) -> [GraphemeEnd]) -> [GraphemeEnd] {
        state.withLock { state in
            let key = Key(start: start, end: end)
            if let known = state.advances[key] { return known }
            let shaper = state.shaper ?? Shaper()
            state.shaper = shaper
            let ends = compute(shaper)
            if state.storedEnds + ends.count <= WordBreakMemo.maxStoredEnds {
                state.advances[key] = ends
                state.storedEnds += ends.count
            }
            return ends
        }
    }

    /// `compute(shaper)`'s width of the line `start..<end` cut inside a word, computed once.
    func width(from start: Int, to end: Int, _ compute: (Shaper) -> Double) -> Double {
        state.withLock { state in
            let key = Key(start: start, end: end)
            if let known = state.widths[key] { return known }
            let shaper = state.shaper ?? Shaper()
            state.shaper = shaper
            let width = compute(shaper)
            if state.storedEnds < WordBreakMemo.maxStoredEnds {
                state.widths[key] = width
                state.storedEnds += 1
            }
            return width
        }
    }

    /// `compute(shaper)`'s fonts of the piece `start..<end` of a broken word, computed once.
    func fontMask(from start: Int, to end: Int, _ compute: (Shaper) -> UInt32) -> UInt32 {
        state.withLock { state in
            let key = Key(start: start, end: end)
            if let known = state.masks[key] { return known }
            let shaper = state.shaper ?? Shaper()
            state.shaper = shaper
            let mask = compute(shaper)
            if state.storedEnds < WordBreakMemo.maxStoredEnds {
                state.masks[key] = mask
                state.storedEnds += 1
            }
            return mask
        }
    }
}
