import CHarfBuzz
import Testing
@testable import TextHeight

/// `GlyphBits` holds exactly the glyphs of the `hb_set_t` it is made from, below the face's glyph count:
/// ranges that start and end inside a word, span words, end at a word's last bit, single glyphs, and
/// ranges past the glyph count, against HarfBuzz's own `hb_set_has`.
@Suite("GlyphBits = the set it was made from")
struct GlyphBitsTests {
    @Test("random ranges, word edges and the glyph count")
    func againstSet() throws {
        var generator = SplitMix(seed: 38)
        for round in 0..<200 {
            let glyphCount = 1 + Int(generator.next() % 700)
            let set = try #require(hb_set_create())
            defer { hb_set_destroy(set) }
            for _ in 0..<Int(generator.next() % 12) {
                let first = UInt32(generator.next() % UInt64(glyphCount + 80))
                let length = round % 3 == 0 ? UInt32(generator.next() % 3) : UInt32(generator.next() % 200)
                hb_set_add_range(set, first, first + length)
            }
            // Word edges: a range ending on bit 63 and one starting on bit 0 of the next word.
            if round % 5 == 0 { hb_set_add_range(set, 60, 63) }
            if round % 7 == 0 { hb_set_add_range(set, 128, 191) }
            let bits = GlyphBits(set, glyphCount: glyphCount)
            var wrong: [UInt32] = []
            for glyph in UInt32(0)..<UInt32(glyphCount + 130) {
                let expected = Int(glyph) < (glyphCount + 64) / 64 * 64 && hb_set_has(set, glyph) != 0
                if bits.contains(glyph) != expected { wrong.append(glyph) }
            }
            #expect(wrong.isEmpty, "round \(round), glyph count \(glyphCount): \(wrong.prefix(8))")
        }
    }
}
