import Testing
@testable import TextHeight

/// `PreparedText.graphemeAround` finds the graphemes on each side of a join from the characters'
/// classes in the common cases (two one-unit graphemes; bases with marks, Hangul syllables, emoji)
/// and asks the grapheme iterator over a window otherwise. The window's answer, from the iterator
/// that GraphemeBreakTests hold equal to ICU's, is the reference: both must agree at every join.
@Suite("Graphemes around a join")
struct JoinGraphemeTests {
    /// Characters of every class the shortcuts consider or must refuse: Other (Latin, Han, Thai,
    /// a linking consonant), Extend (Thai tone, acute, nukta), a virama, SpacingMark (Devanagari
    /// aa, Thai sara am), Prepend, ZWJ, Hangul L/V/T/LV/LVT, regional indicators, emoji and a skin
    /// tone, CR, LF, a control, lone surrogates.
    static let pool: [UInt32] = [0x61, 0x4E00, 0x0E01, 0x0915, 0x0937, 0x0E48, 0x0301, 0x093C, 0x094D, 0x093E,
                                 0x0E33, 0x0600, 0x200D, 0x1100, 0x1161, 0x11A8, 0xAC00, 0xAC01, 0x1F1FA,
                                 0x1F1F8, 0x1F602, 0x1F469, 0x1F3FB, 0x2764, 0xFE0F, 0x0D, 0x0A, 0x01, 0xD800, 0xDC00]

    static func differences(_ units: [UInt16], shaper: Shaper) -> [String] {
        var found: [String] = []
        units.withUnsafeBufferPointer { text in
            for join in 1..<max(text.count, 1) {
                for (lower, upper) in [(0, text.count), (max(0, join - 1), min(text.count, join + 1)),
                                       (max(0, join - 3), text.count), (0, min(text.count, join + 2))] {
                    let fast = PreparedText.graphemeAround(text, join, from: lower, to: upper, shaper: shaper)
                    let window = PreparedText.graphemeAround(text, join, from: lower, to: upper, shaper: shaper,
                                                             shortcuts: false)
                    if fast != window {
                        found.append("\(units.map { String($0, radix: 16) }) at \(join) in \(lower)..<\(upper)")
                    }
                }
            }
        }
        return found
    }

    @Test("random sequences of every class")
    func randomSequences() {
        let shaper = Shaper()
        var generator = SystemRandomNumberGenerator()
        var differing: [String] = []
        for _ in 0..<20_000 {
            let scalars = (0..<Int.random(in: 2...12, using: &generator)).map { _ in
                JoinGraphemeTests.pool.randomElement(using: &generator) ?? 0x61
            }
            differing += JoinGraphemeTests.differences(GraphemeBreakTests.utf16(scalars), shaper: shaper)
            if differing.count > 5 { break }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    /// The cases the shortcuts must refuse, spelled out: a conjunct continued after a nukta
    /// (क्‌़ष: GB9c), an emoji ZWJ sequence (GB11), jamo (GB6), Prepend (GB9b), flags (GB12/13).
    @Test("conjuncts, ZWJ sequences, jamo, Prepend and flags")
    func refusedCases() {
        let shaper = Shaper()
        let texts: [[UInt32]] = [[0x0915, 0x094D, 0x093C, 0x0937, 0x093E, 0x0915], [0x0E01, 0x0E48, 0x0E01, 0x0E33],
                                 [0x1F469, 0x200D, 0x1F469, 0x1F602], [0x1100, 0xAC00, 0x1161, 0xAC01, 0x11A8],
                                 [0x61, 0x0600, 0x61, 0x62], [0x1F1FA, 0x1F1F8, 0x1F1FA, 0x1F1F8, 0x1F1FA]]
        for scalars in texts {
            #expect(JoinGraphemeTests.differences(GraphemeBreakTests.utf16(scalars), shaper: shaper) == [])
        }
    }

    @Test("the corpus")
    func corpus() {
        let shaper = Shaper()
        var differing: [String] = []
        for (_, text) in FastPathTests.messages where differing.count < 5 {
            differing += JoinGraphemeTests.differences(Array(text.utf16), shaper: shaper)
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }
}
