import Testing
import CTextHeight
@testable import TextHeight

/// `Shaper.forEachGrapheme` finds grapheme clusters with textheight's own loop over ICU's
/// properties (th_grapheme_ends); ICU's character iterator is the reference it must
/// equal, boundary for boundary.
@Suite("Grapheme clusters = ICU's")
struct GraphemeBreakTests {
    static func ends(_ units: [UInt16], icu: Bool, shaper: Shaper) -> [Int] {
        var ends: [Int] = []
        units.withUnsafeBufferPointer { text in
            if icu { shaper.forEachICUGrapheme(in: text) { ends.append($0) } }
            else { shaper.forEachGrapheme(in: text) { ends.append($0) } }
        }
        return ends
    }

    /// Up to `perClass` code points of each grapheme class (Grapheme_Cluster_Break value, with and
    /// without Extended_Pictographic), spread over the code space, and lone surrogates.
    static let samples: [[UInt32]] = {
        var byClass: [UInt8: [UInt32]] = [:]
        for c in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(c) {
            byClass[th_grapheme_class(c), default: []].append(c)
        }
        var groups = byClass.keys.sorted().map { key -> [UInt32] in
            let all = byClass[key] ?? []
            let step = max(1, all.count / 24)
            return stride(from: 0, to: all.count, by: step).map { all[$0] }
        }
        groups.append([0xD800, 0xDBFF, 0xDC00, 0xDFFF])
        return groups
    }()

    static func utf16(_ scalars: [UInt32]) -> [UInt16] {
        var units: [UInt16] = []
        for c in scalars {
            if c > 0xFFFF {
                units.append(UInt16(0xD800 + ((c - 0x10000) >> 10)))
                units.append(UInt16(0xDC00 + ((c - 0x10000) & 0x3FF)))
            } else {
                units.append(UInt16(c))
            }
        }
        return units
    }

    @Test("every class against every class, in pairs and triples")
    func classSequences() {
        let shaper = Shaper()
        let firsts = GraphemeBreakTests.samples.map { $0[0] }
        #expect(firsts.count >= 14)  // Other, CR, LF, Control, Extend, ZWJ, RI, Prepend, SpacingMark, L, V, T, LV, LVT, …
        var differing: [[UInt32]] = []
        for a in firsts { for b in firsts { for c in firsts {
            let units = GraphemeBreakTests.utf16([a, b, c])
            if GraphemeBreakTests.ends(units, icu: false, shaper: shaper)
                != GraphemeBreakTests.ends(units, icu: true, shaper: shaper) { differing.append([a, b, c]) }
        } } }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    @Test("random sequences of all classes, emoji ZWJ chains and flags")
    func randomSequences() {
        let shaper = Shaper()
        var generator = SplitMix(seed: 29)
        let groups = GraphemeBreakTests.samples
        // ZWJ, emoji, a skin tone, VS16, regional indicators, Devanagari and Bengali consonants, virama and
        // nukta often, to build GB11, GB12 and conjunct runs.
        let emojiParts: [UInt32] = [0x200D, 0x1F468, 0x1F3FD, 0xFE0F, 0x1F1FA, 0x1F1F8, 0x2764, 0x0915, 0x094D, 0x093C, 0x0995]
        var differing: [[UInt16]] = []
        for _ in 0..<30_000 {
            var scalars: [UInt32] = []
            for _ in 0..<(1 + Int(generator.next() % 10)) {
                if generator.next() % 3 == 0 {
                    scalars.append(emojiParts[Int(generator.next() % UInt64(emojiParts.count))])
                } else {
                    let group = groups[Int(generator.next() % UInt64(groups.count))]
                    scalars.append(group[Int(generator.next() % UInt64(group.count))])
                }
            }
            let units = GraphemeBreakTests.utf16(scalars)
            if GraphemeBreakTests.ends(units, icu: false, shaper: shaper)
                != GraphemeBreakTests.ends(units, icu: true, shaper: shaper) { differing.append(units) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    /// The loop takes runs of one-unit Other characters by reading its class table by code unit;
    /// a pair's first unit must not pass for that unit seen alone (a lone surrogate is Other in ICU 72).
    @Test("a surrogate seen alone, then opening a pair")
    func loneThenPaired() {
        let shaper = Shaper()
        let texts: [[UInt16]] = [[0xD83D], [0x61, 0xD83D, 0x61], [0xDE00, 0x61], [0xD83D, 0xDE00, 0xD83D, 0xDE00],
                                 [0x61, 0xD83D, 0xDE00, 0x61], [0x61, 0xD83C, 0xDDFA, 0xD83C, 0xDDF8, 0x62],
                                 [0x4E00, 0xD83D, 0xDC69, 0x200D, 0xD83D, 0xDC69, 0x4E00], [0xD83D, 0x61, 0xDE00]]
        let differing = texts.filter {
            GraphemeBreakTests.ends($0, icu: false, shaper: shaper) != GraphemeBreakTests.ends($0, icu: true, shaper: shaper)
        }
        #expect(differing.isEmpty, "\(differing)")
    }

    @Test("every BMP character and every character of plane 1, beside letters, marks, joiners, a conjunct and emoji")
    func everyTabledCharacter() {
        let shaper = Shaper()
        let context: [UInt32] = [0x61, 0x4E00, 0x301, 0x200D, 0x0915, 0x094D, 0x1F600, 0xFE0F, 0x1F1FA, 0x0A, 0xAC00]
        let code = Array(UInt32(0)...0xD7FF) + Array(UInt32(0xE000)...0x1FFFF)
        let differing = code.filter { c in
            let units = GraphemeBreakTests.utf16(context.flatMap { [c, $0] } + [c, c])
            return GraphemeBreakTests.ends(units, icu: false, shaper: shaper)
                != GraphemeBreakTests.ends(units, icu: true, shaper: shaper)
        }
        #expect(differing.isEmpty, "\(differing.prefix(5).map { String($0, radix: 16) })")
    }

    @Test("the whole corpus, message by message")
    func corpus() {
        let shaper = Shaper()
        let messages = FastPathTests.messages
        #expect(messages.count > 10_000)
        let differing = messages.filter { message in
            let units = Array(message.text.utf16)
            return GraphemeBreakTests.ends(units, icu: false, shaper: shaper)
                != GraphemeBreakTests.ends(units, icu: true, shaper: shaper)
        }
        #expect(differing.isEmpty, "\(differing.prefix(5).map(\.id))")
    }
}

@Suite("UTF-16 from a String's bytes")
struct UTF16Tests {
    @Test("= String.utf16 on the corpus and on every plane")
    func sameUnits() {
        var texts = FastPathTests.messages.map(\.text)
        // One scalar of each length class, surrogate-pair boundaries and plane ends.
        let scalars: [UInt32] = [0, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x1F468, 0x10FFFF]
        texts.append(String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init))))
        // Longer than the shaper's first buffer, ASCII runs at every offset from multi-byte scalars.
        texts.append(String(repeating: "abcdefghij é 😀 ありがとう ", count: 300))
        #expect(texts.count > 10_000)
        let differing = texts.filter { UTF16Units.of($0) != Array($0.utf16) }
        #expect(differing.isEmpty, "\(differing.prefix(3))")
        // Through a shaper's buffer, reused from text to text, the longest first.
        let shaper = Shaper()
        let viaShaper = texts.reversed().filter { UTF16Units.of($0, shaper: shaper) != Array($0.utf16) }
        #expect(viaShaper.isEmpty, "\(viaShaper.prefix(3))")
    }
}
