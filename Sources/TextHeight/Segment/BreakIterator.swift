import CTextHeight

/// ICU's rule-based break iterator (through the C shim), reused across texts.
/// Not thread-safe: one per thread, as ICU requires.
final class BreakIterator {
    private let iterator: OpaquePointer

    init(_ kind: th_break_kind, locale: String) throws(TextError) {
        var code: Int32 = 0
        guard let iterator = th_break_open(kind, locale, &code) else {
            throw .segmentation("ICU could not open a break iterator for locale '\(locale)' (error \(code))")
        }
        self.iterator = iterator
    }

    deinit { th_break_close(iterator) }

    /// Calls `body(position, isHard)` for each boundary after 0, in order, ending with `text.count`.
    /// `text` must stay valid for the whole call.
    func forEachBoundary(in text: UnsafeBufferPointer<UInt16>, _ body: (Int, Bool) -> Void) {
        guard let base = text.baseAddress, !text.isEmpty else { return }
        guard th_break_set_text(iterator, base, Int32(text.count)) <= 0 else {
            // ICU refused the text (it cannot for valid lengths); treat it as one unbreakable run.
            body(text.count, false)
            return
        }
        var ruleStatus: Int32 = 0
        while true {
            let position = Int(th_break_next(iterator, &ruleStatus))
            if position < 0 { break }
            // Mandatory when it follows BK/CR/LF/NL. ICU's rule status cannot say: boundaries
            // from the Thai/Lao/Khmer dictionaries carry the status of the next rule-based one,
            // which is "hard" before a final newline.
            body(position, position > 0 && CharacterClass.isLineBreak(text[position - 1]))
        }
    }
}

/// ICU's version, e.g. "72.1", for provenance lines.
public var icuVersion: String {
    var buffer = [CChar](repeating: 0, count: 32)
    th_icu_version(&buffer, 32)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
