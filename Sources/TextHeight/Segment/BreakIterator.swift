import CTextHeight

/// ICU's rule-based break iterator (through the C shim), reused across texts. Line boundaries
/// come from textheight's own loop over the iterator's compiled rules (LineBreak.c), the same
/// boundaries without ICU's iteration; texts it declines (SA, Thai and the like: ICU's
/// dictionaries) go through ICU.
/// Not thread-safe: one per thread, as ICU requires.
final class BreakIterator {
    private let iterator: OpaquePointer
    /// Scratch for the own loop's boundaries.
    private var ends: UnsafeMutablePointer<Int32>
    private var capacity = 256

    init(_ kind: th_break_kind, locale: String) throws(TextError) {
        var code: Int32 = 0
        guard let iterator = th_break_open(kind, locale, &code) else {
            throw .segmentation("ICU could not open a break iterator for locale '\(locale)' (error \(code))")
        }
        self.iterator = iterator
        ends = .allocate(capacity: capacity)
    }

    /// A line iterator over rules in ICU's syntax; nil when ICU rejects them (tests).
    init?(lineRules: [UInt16]) {
        var code: Int32 = 0
        guard let iterator = th_break_open_line_rules(lineRules, Int32(lineRules.count), &code) else { return nil }
        self.iterator = iterator
        ends = .allocate(capacity: capacity)
    }

    deinit {
        th_break_close(iterator)
        ends.deallocate()
    }

    /// Calls `body(position, isHard)` for each boundary after 0, in order, ending with `text.count`.
    /// `text` must stay valid for the whole call.
    func forEachBoundary(in text: UnsafeBufferPointer<UInt16>, _ body: (Int, Bool) -> Void) {
        guard let base = text.baseAddress, !text.isEmpty else { return }
        if text.count > capacity {
            ends.deallocate()
            capacity = max(text.count, 2 * capacity)
            ends = .allocate(capacity: capacity)
        }
        let count = Int(th_break_line_ends(iterator, base, Int32(text.count), ends))
        guard count > 0 else {
            forEachICUBoundary(in: text, body)
            return
        }
        for k in 0..<count {
            let position = Int(ends[k])
            body(position, CharacterClass.isLineBreak(text[position - 1]))
        }
    }

    /// `forEachBoundary` by ICU's own iteration (graphemes; texts the own loop declines; tests).
    func forEachICUBoundary(in text: UnsafeBufferPointer<UInt16>, _ body: (Int, Bool) -> Void) {
        guard let base = text.baseAddress, !text.isEmpty else { return }
        guard th_break_set_text(iterator, base, Int32(text.count)) <= 0 else {
            // ICU refused the text (it cannot for valid lengths); treat it as one unbreakable run.
            body(text.count, false)
            return
        }
        while true {
            let position = Int(th_break_next(iterator))
            if position < 0 { break }
            // Mandatory when it follows BK/CR/LF/NL. ICU's rule status cannot say: boundaries
            // from the Thai/Lao/Khmer dictionaries carry the status of the next rule-based one,
            // which is "hard" before a final newline.
            body(position, position > 0 && CharacterClass.isLineBreak(text[position - 1]))
        }
    }

    /// The own loop's boundaries alone; nil when it declines the text (tests).
    func ownBoundaries(in text: UnsafeBufferPointer<UInt16>) -> [Int]? {
        guard let base = text.baseAddress, !text.isEmpty else { return [] }
        var ends = [Int32](repeating: 0, count: text.count)
        let count = Int(th_break_line_ends(iterator, base, Int32(text.count), &ends))
        return count < 0 ? nil : ends.prefix(count).map(Int.init)
    }

    /// Whether line boundaries come from the own loop (false for grapheme iterators, or rules
    /// in a binary form the loop does not read).
    var hasOwnLoop: Bool { th_break_has_line_rules(iterator) != 0 }

    /// The rules' source as ICU keeps it with the compiled rules (tests build variants of it).
    var ruleSource: String {
        let length = Int(th_break_rules_source(iterator, nil, 0))
        var bytes = [CChar](repeating: 0, count: length)
        _ = th_break_rules_source(iterator, &bytes, Int32(length))
        return String(decoding: bytes.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// ICU's version, e.g. "72.1", for provenance lines.
public var icuVersion: String {
    var buffer = [CChar](repeating: 0, count: 32)
    th_icu_version(&buffer, 32)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
