/// Blink's line-break opportunities (text_break_iterator.cc, `NextBreakablePosition` with
/// `BreakSpaceType::kAfterSpaceRun`), applied over ICU's:
/// - after a run of spaces or tabs, a break before whatever follows;
/// - between two printable ASCII characters, Blink's own `kAsciiLineBreakTable` decides (breaks
///   before `(` `<` `[` `{` after some punctuation, after `-` and `?`; none after `/`), and `-`
///   before a digit breaks only after an ASCII letter or digit (`ABCD-1234`, not `-5`);
/// - where either side is beyond ASCII (U+00A0 excepted), ICU's UAX #14 iterator decides, with
///   the Unicode 15.1 form of LB21a that Chromium's newer ICU has and ICU 72 lacks: after a Hebrew
///   letter and a hyphen or maqaf, a break is allowed before another Hebrew letter (`חד־פעמית`).
enum BlinkLineBreaks {
    /// Whether a line may break before `text[i]` (0 < i < count), given ICU's verdict there.
    static func allowsBreak(_ text: UnsafeBufferPointer<UInt16>, before i: Int, icu: Bool) -> Bool {
        let previous = text[i - 1], current = text[i]
        if isBreakableSpace(current) { return false }
        if isBreakableSpace(previous) { return true }
        if previous == 0x2D && isDigit(current) {
            return i >= 2 && isAlphanumeric(text[i - 2])
        }
        if isTableCharacter(previous) && isTableCharacter(current) {
            return tableAllows(previous, current)
        }
        if needsICU(previous) || needsICU(current) {
            return icu || hebrewHyphenBreak(text, before: i)
        }
        return false
    }

    /// UAX #14 15.1 LB21a: HL (HY | BA−East Asian) × [^HL]; ICU 72 applies the older HL (HY | BA) ×.
    private static func hebrewHyphenBreak(_ text: UnsafeBufferPointer<UInt16>, before i: Int) -> Bool {
        guard i >= 2, isHebrewLetter(text[i]), isHebrewLetter(text[i - 2]) else { return false }
        switch text[i - 1] {
        case 0x2D, 0x05BE, 0x2010, 0x2012, 0x2013: return true
        default: return false
        }
    }

    private static func isHebrewLetter(_ c: UInt16) -> Bool {
        (c >= 0x05D0 && c <= 0x05EA) || (c >= 0x05EF && c <= 0x05F2) || (c >= 0xFB1D && c <= 0xFB4F)
    }

    private static func isBreakableSpace(_ c: UInt16) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A }
    private static func isDigit(_ c: UInt16) -> Bool { c >= 0x30 && c <= 0x39 }
    private static func isAlphanumeric(_ c: UInt16) -> Bool {
        isDigit(c) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
    }
    private static func isTableCharacter(_ c: UInt16) -> Bool { c >= 0x21 && c <= 0x7F }
    private static func needsICU(_ c: UInt16) -> Bool { c > 0x7F && c != 0xA0 }

    private static func tableAllows(_ previous: UInt16, _ current: UInt16) -> Bool {
        let row = table[Int(previous - 0x21)]
        let index = Int(current - 0x21)
        return row[index / 8] & (1 << UInt8(index % 8)) != 0
    }

    // kAsciiLineBreakTable, rows '!'…DEL, 12 bytes of bits over the following character '!'…DEL.
    // B(a…h) packs a as bit 0, as Blink's macro does.
    private static func B(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8, _ e: UInt8, _ f: UInt8, _ g: UInt8, _ h: UInt8) -> UInt8 {
        a | b << 1 | c << 2 | d << 3 | e << 4 | f << 5 | g << 6 | h << 7
    }
    /// Break before '(' '<' '[' '{'.
    private static let beforeOpening: [UInt8] = [B(0, 0, 0, 0, 0, 0, 0, 1), 0, 0, B(0, 0, 0, 1, 0, 0, 0, 0), 0, 0, 0,
                                                 B(0, 0, 1, 0, 0, 0, 0, 0), 0, 0, 0, B(0, 0, 1, 0, 0, 0, 0, 0)]
    private static let none = [UInt8](repeating: 0, count: 12)
    private static let afterHyphen: [UInt8] = [B(0, 1, 1, 0, 1, 1, 1, 1), B(0, 1, 1, 0, 1, 0, 0, 0), 0,
                                               B(0, 0, 0, 1, 1, 1, 0, 1), 0xFF, 0xFF, 0xFF, B(1, 1, 1, 1, 0, 1, 1, 1),
                                               0xFF, 0xFF, 0xFF, B(1, 1, 1, 1, 0, 1, 1, 1)]
    private static let afterQuestion: [UInt8] = [B(0, 0, 1, 1, 1, 1, 0, 1), B(0, 1, 1, 0, 1, 0, 0, 1), 0xFF,
                                                 B(1, 0, 0, 1, 1, 1, 0, 1), 0xFF, 0xFF, 0xFF, B(1, 1, 1, 1, 0, 1, 1, 1),
                                                 0xFF, 0xFF, 0xFF, B(1, 1, 1, 1, 0, 1, 1, 0)]

    private static let table: [[UInt8]] = (0x21...0x7F).map { (code: Int) -> [UInt8] in
        switch UnicodeScalar(UInt8(code)) {
        case "!", "\"", "#", "%", "&", ")", "*", "+", ",", ".", ":", ";", "=", ">", "\\", "]", "|", "}", "~":
            return beforeOpening
        case "-": return afterHyphen
        case "?": return afterQuestion
        default: return none  // $ ' ( / digits < @ letters [ ^ _ ` { DEL
        }
    }
}
