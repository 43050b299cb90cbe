import Testing
import CTextHeight
@testable import TextHeight

/// BlinkLineBreaks keeps its tables as bit tests; these hold them to what they stand for.
@Suite("Blink's line-break tables")
struct BlinkLineBreaksTests {
    /// kAsciiLineBreakTable as text_break_iterator.cc writes it: rows '!'…DEL, 12 bytes of bits over
    /// the following character '!'…DEL, B(a…h) packing a as bit 0.
    static func B(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8, _ e: UInt8, _ f: UInt8, _ g: UInt8, _ h: UInt8) -> UInt8 {
        a | b << 1 | c << 2 | d << 3 | e << 4 | f << 5 | g << 6 | h << 7
    }
    static let beforeOpening: [UInt8] = [B(0, 0, 0, 0, 0, 0, 0, 1), 0, 0, B(0, 0, 0, 1, 0, 0, 0, 0), 0, 0, 0,
                                         B(0, 0, 1, 0, 0, 0, 0, 0), 0, 0, 0, B(0, 0, 1, 0, 0, 0, 0, 0)]
    static let afterHyphen: [UInt8] = [B(0, 1, 1, 0, 1, 1, 1, 1), B(0, 1, 1, 0, 1, 0, 0, 0), 0,
                                       B(0, 0, 0, 1, 1, 1, 0, 1), 0xFF, 0xFF, 0xFF, B(1, 1, 1, 1, 0, 1, 1, 1),
                                       0xFF, 0xFF, 0xFF, B(1, 1, 1, 1, 0, 1, 1, 1)]
    static let afterQuestion: [UInt8] = [B(0, 0, 1, 1, 1, 1, 0, 1), B(0, 1, 1, 0, 1, 0, 0, 1), 0xFF,
                                         B(1, 0, 0, 1, 1, 1, 0, 1), 0xFF, 0xFF, 0xFF, B(1, 1, 1, 1, 0, 1, 1, 1),
                                         0xFF, 0xFF, 0xFF, B(1, 1, 1, 1, 0, 1, 1, 0)]
    static func blinkRow(_ previous: UInt16) -> [UInt8] {
        switch UnicodeScalar(UInt8(previous)) {
        case "!", "\"", "#", "%", "&", ")", "*", "+", ",", ".", ":", ";", "=", ">", "\\", "]", "|", "}", "~":
            return beforeOpening
        case "-": return afterHyphen
        case "?": return afterQuestion
        default: return [UInt8](repeating: 0, count: 12)
        }
    }

    @Test("the ASCII pair table is Blink's kAsciiLineBreakTable, pair for pair")
    func asciiTable() {
        var breaks = 0
        for previous in UInt16(0x21)...0x7F {
            let row = BlinkLineBreaksTests.blinkRow(previous)
            for current in UInt16(0x21)...0x7F {
                let index = Int(current - 0x21)
                let blink = row[index / 8] & (1 << UInt8(index % 8)) != 0
                #expect(BlinkLineBreaks.tableAllows(previous, current) == blink,
                        "\(UnicodeScalar(UInt8(previous)))\(UnicodeScalar(UInt8(current)))")
                if blink { breaks += 1 }
            }
        }
        #expect(breaks == 19 * 4 + 74 + 83)  // 19 rows break before ( < [ {; '-' before 74 characters, '?' before 83
    }

    /// The prefilter spares two ICU look-ups before most characters; it must let every opening (Pi)
    /// and closing (Pf) quotation mark of class QU through, as the ICU linked classes them.
    @Test("the quotation prefilter holds every Pi and Pf of class QU")
    func quotationPrefilter() {
        var quotes = 0
        for c in UInt32(0)...0xFFFF {
            let kind = th_quotation_kind(c)
            guard kind == 1 || kind == 2 else { continue }
            quotes += 1
            #expect(BlinkLineBreaks.mayBeInitialOrFinalQuotation(UInt16(c)), "U+\(String(c, radix: 16))")
        }
        #expect(quotes > 10)  // « » ‘ ’ ‛ “ ” ‟ ‹ › and the supplemental marks
    }
}
