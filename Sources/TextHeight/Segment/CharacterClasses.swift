/// Code-unit classes the breaker needs beyond ICU's break opportunities.
enum CharacterClass {
    /// UAX #14 mandatory breaks (BK, CR, LF, NL): they end a line and take no width.
    static func isLineBreak(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// A break that also ends the paragraph; U+2028 LINE SEPARATOR stays inside it
    /// (NSParagraphStyle spacing applies between paragraphs only).
    static func isParagraphSeparator(_ unit: UInt16) -> Bool {
        isLineBreak(unit) && unit != 0x2028
    }

    static func isTab(_ unit: UInt16) -> Bool { unit == 0x09 }

    /// Neither a line break nor white space that any `BreakRules.HangingWhitespace` lets hang
    /// (U+0009, U+0020, U+1680, U+2000…U+200A, U+205F, U+3000): printable ASCII, most of the BMP
    /// below U+1680 and everything above U+3000, without asking the rules.
    @inline(__always)
    static func neverHangs(_ unit: UInt16) -> Bool {
        (0x21...0x84).contains(unit) || (0x86..<0x1680).contains(unit) || unit > 0x3000
    }
}
