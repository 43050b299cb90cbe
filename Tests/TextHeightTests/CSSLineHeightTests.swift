import Testing
@testable import TextHeight

/// `line-height: normal` over several fonts (Blink: SimpleFontData rounds each metric, line_utils.cc floors the
/// gap's half above the text). LineGap-Mono (fixtures/fonts/build-linegap-font.py) has hhea 2253 / −410 / 307 over
/// 2048 units: 22, 4 and 3 px at 20 px. The CJK fixture: hhea 1160 / −288 / 0 over 1000 (fontTools): 23, 6, 0.
/// Chromium 156 agrees on both figures (fixtures/chromium/probes.sh).
@Suite("CSS line-height: normal")
struct CSSLineHeightTests {
    func height(_ text: String) throws -> Double {
        let gap = try Font(file: Fixtures.path("LineGap-Mono.ttf"), size: 20)
        let cjk = try Font(file: Fixtures.path("NotoSansCJKsc-Regular.subset.otf"), size: 20)
        let model = CSSModel(measure: .div)
        return model.measure(try model.prepare(text, fonts: FontStack(gap, fallbacks: [cjk])), width: 500).contentHeight
    }

    @Test("an odd line gap: its half above the text is floored, so a taller fallback decides above, the gap below")
    func oddGapFloored() throws {
        #expect(try height("x") == 22 + 4 + 3)
        // Above: max(22 + ⌊3/2⌋, 23 + 0) = 23; below: max(4 + 2, 6 + 0) = 6. Rounding the half up would give 24 + 6.
        #expect(try height("x中") == 29)
    }
}
