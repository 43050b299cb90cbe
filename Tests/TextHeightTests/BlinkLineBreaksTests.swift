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

    /// kBreakAllLineBreakClassTable's rows as text_break_iterator.cc writes them (ICU ULineBreak order:
    /// XX AI AL B2 BA BB BK CB | CL CM CR EX GL HY ID IN | IS LF NS NU OP PO PR QU | SA SG SP SY ZW NL WJ H2 |
    /// H3 JL JT JV CP CJ HL RI); the rows not listed are all 0.
    static let breakAllRows: [Int32: [UInt8]] = {
        let letters = [B(0, 1, 1, 0, 1, 0, 0, 0), B(0, 0, 0, 0, 0, 1, 0, 0), B(0, 0, 0, 1, 1, 0, 1, 0),
                       B(1, 0, 0, 0, 0, 0, 0, 0), B(0, 0, 0, 0, 0, 0, 1, 0)]
        var rows: [Int32: [UInt8]] = [:]
        for c: Int32 in [1, 2, 4, 19, 24, 27, 38] { rows[c] = letters }  // AI AL BA NU SA SY HL
        rows[8] = [B(0, 1, 1, 0, 1, 0, 0, 0), B(0, 0, 0, 0, 0, 1, 0, 0), B(0, 0, 0, 1, 0, 0, 1, 0),
                   B(0, 0, 0, 0, 0, 0, 0, 0), B(0, 0, 0, 0, 0, 0, 1, 0)]  // CL
        rows[11] = [B(0, 1, 1, 0, 1, 0, 0, 0), B(0, 0, 0, 0, 0, 1, 0, 0), B(0, 0, 0, 1, 0, 1, 1, 0),
                    B(0, 0, 0, 0, 0, 0, 0, 0), B(0, 0, 0, 0, 0, 0, 1, 0)]  // EX
        rows[21] = rows[11]  // PO
        rows[13] = [0, 0, B(0, 0, 0, 1, 0, 0, 0, 0), 0, 0]  // HY
        rows[16] = [B(0, 1, 1, 0, 1, 0, 0, 0), B(0, 0, 0, 0, 0, 1, 0, 0), B(0, 0, 0, 1, 0, 0, 0, 0),
                    B(0, 0, 0, 0, 0, 0, 0, 0), B(0, 0, 0, 0, 0, 0, 1, 0)]  // IS
        rows[22] = [0, 0, B(0, 0, 0, 0, 0, 1, 0, 0), 0, 0]  // PR
        rows[36] = [B(0, 1, 1, 0, 1, 0, 0, 0), B(0, 0, 0, 0, 0, 1, 0, 0), B(0, 0, 0, 1, 0, 0, 1, 0),
                    B(1, 0, 0, 0, 0, 0, 0, 0), B(0, 0, 0, 0, 0, 0, 1, 0)]  // CP
        return rows
    }()

    @Test("break-all's class pairs are Blink's kBreakAllLineBreakClassTable, pair for pair")
    func breakAllTable() {
        var breaks = 0
        for last in Int32(-1)...45 {
            for current in Int32(-1)...45 {
                var blink = false
                if let row = BlinkLineBreaksTests.breakAllRows[last], current >= 0, current < 40 {
                    blink = row[Int(current) / 8] & (1 << UInt8(current % 8)) != 0
                }
                #expect(BlinkLineBreaks.breakAllAllows(after: last, before: current) == blink, "\(last) \(current)")
                if blink { breaks += 1 }
            }
        }
        #expect(breaks == 7 * 9 + 7 + 8 * 2 + 1 + 6 + 1 + 8)
    }

    /// The walk skips the pairs `isPlainInterior` names without asking `allowsBreak`, and keeps
    /// ICU's break between two characters beyond U+00A0: for every such pair of characters in the
    /// BMP's first blocks and the fullwidth forms, beside characters the other rules look at
    /// (hyphens, quotes, brackets, Hebrew, CJK, NBSP, spaces), after an ASCII letter, a Hebrew
    /// letter or an ideograph, allowsBreak must agree.
    @Test("a plain pair never breaks where ICU gives none, and ICU's break between two non-Latin-1 characters stands (word-break normal)")
    func plainInterior() {
        let others: [UInt16] = [0x20, 0x09, 0x0A, 0x21, 0x28, 0x29, 0x2D, 0x2F, 0x30, 0x3F, 0x41, 0x61, 0x7F, 0xA0,
                                0xAB, 0xBB, 0xE9, 0x416, 0x5BE, 0x5D0, 0x5EA, 0x0E01, 0x2010, 0x2013, 0x2018,
                                0x201C, 0x201D, 0x2028, 0x3001, 0x300C, 0x300D, 0x3042, 0x4E00, 0xAC00, 0xFF08]
        var units: [UInt16] = [0x41, 0, 0, 0x4E00]
        var plain = 0
        for first in [UInt16(0x41), 0x5D0, 0x4E00] {
            units[0] = first
            for c in Array(UInt16(0)...0x33FF) + Array(UInt16(0xFF00)...0xFFFF) {
                for other in others {
                    for (previous, current) in [(c, other), (other, c)] where BlinkLineBreaks.isPlainInterior(previous, current) {
                        units[1] = previous
                        units[2] = current
                        plain += 1
                        let breaks = units.withUnsafeBufferPointer {
                            BlinkLineBreaks.allowsBreak($0, before: 2, icu: false, breaking: .normal)
                        }
                        #expect(!breaks, "U+\(String(previous, radix: 16)) U+\(String(current, radix: 16))")
                    }
                    // The walk keeps ICU's break between two characters beyond U+00A0 unasked.
                    for (previous, current) in [(c, other), (other, c)]
                    where previous > 0xA0 && current > 0xA0 && !CharacterClass.isLineBreak(previous) {
                        units[1] = previous
                        units[2] = current
                        let breaks = units.withUnsafeBufferPointer {
                            BlinkLineBreaks.allowsBreak($0, before: 2, icu: true, breaking: .normal)
                        }
                        #expect(breaks, "U+\(String(previous, radix: 16)) U+\(String(current, radix: 16))")
                    }
                }
            }
        }
        #expect(plain > 100_000)
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
