import Testing
@testable import TextHeight

/// Hand arithmetic for the Flutter model. Liberation Sans 2.1.5 (fontTools): unitsPerEm 2048, hhea ascender 1854,
/// descender −434, lineGap 67, USE_TYPO_METRICS off, so Skia's FreeType port reads hhea.
@Suite("Flutter model")
struct FlutterModelTests {
    func liberation(_ size: Double) throws -> Font {
        try Font(file: Fixtures.path("LiberationSans-Regular.ttf"), size: size)
    }

    @Test("a paragraph line is round(ascent + descent + line gap); the forced strut leaves the gap out")
    func lineAndStrut() throws {
        let font = try liberation(17)
        let paragraph = FlutterModel(measure: .paragraph)
        // (1854 + 434 + 67) / 2048 × 17 = 19.548 → 20 (Run::calculateMetrics, InternalLineMetrics::height).
        #expect(paragraph.measure(try paragraph.prepare("Hello", font: font), width: 300).textHeight == 20)
        // Strut: (1854 + 434) / 2048 × 17 = 18.992 → 19 (ParagraphImpl::resolveStrut, strut leading 0).
        let field = FlutterModel(measure: .paragraph, forceStrut: true)
        #expect(field.measure(try field.prepare("Hello", font: font), width: 300).textHeight == 19)
    }

    @Test("every line is rounded before the lines are summed")
    func perLineRounding() throws {
        let model = FlutterModel(measure: .paragraph)
        // Three lines of 19.548 px: 3 × 20 = 60, not round(58.64) = 59.
        let m = model.measure(try model.prepare("a\nb\nc", font: try liberation(17)), width: 300)
        #expect(m.lineCount == 3)
        #expect(m.textHeight == 60)
    }

    @Test("a final line break adds a line as tall as the one before it; an empty text is one line")
    func trailingNewline() throws {
        let model = FlutterModel(measure: .paragraph)
        let font = try liberation(17)
        // "abc\n": two lines of 20 (TextWrapper::breakTextIntoLines, fHardLineBreak after the loop).
        let m = model.measure(try model.prepare("abc\n", font: font), width: 300)
        #expect(m.lineCount == 2)
        #expect(m.textHeight == 40)
        // "": fEmptyMetrics, round(19.548) = 20.
        #expect(model.measure(try model.prepare("", font: font), width: 300).textHeight == 20)
    }

    @Test("TextField: L = round(1.5 × 16) = 24, wraps at width − 3, clamp(n·L, L·minLines, L·maxLines)")
    func textField() throws {
        let font = try liberation(16)
        // M3 bodyLarge: height 1.5, even leading; strut half leading: 16 × 1.5 = 24 exactly.
        let model = FlutterModel(measure: .textField, decoration: .none, heightMultiplier: 1.5, halfLeading: true,
                                 limits: Limits(minLines: 1, maxLines: 5))
        let one = model.measure(try model.prepare("a", font: font), width: 200)
        #expect(one.boxHeight == 24)
        #expect(one.wrapWidth == 197)  // _kCaretGap 1 + cursorWidth 2
        // Seven hard lines: 7 × 24 = 168 of text, the box stops at 5 × 24 = 120 and scrolls.
        let seven = model.measure(try model.prepare("1\n2\n3\n4\n5\n6\n7", font: font), width: 200)
        #expect(seven.textHeight == 168)
        #expect(seven.boxHeight == 120)
        #expect(seven.scrolls)
        // maxLines alone locks the height at maxLines × L (flutter/flutter#19105): 3 × 24 = 72.
        let locked = FlutterModel(measure: .textField, decoration: .none, heightMultiplier: 1.5, halfLeading: true,
                                  limits: Limits(maxLines: 3))
        #expect(locked.measure(try locked.prepare("a", font: font), width: 200).boxHeight == 72)
    }

    @Test("SkParagraph's overflow test: within 0.25 px the width cut (Flutter) or rounded (Skia's default) to 1/100 px")
    func overflowTest() {
        // 100.004 → 100.00 either way: fits 100.
        #expect(BreakRules.Fit.skParagraphFits(100.004, available: 100, roundingHack: false))
        // 100.006: cut 100.00 fits; rounded 100.01 does not.
        #expect(BreakRules.Fit.skParagraphFits(100.006, available: 100, roundingHack: false))
        #expect(!BreakRules.Fit.skParagraphFits(100.006, available: 100, roundingHack: true))
        // Beyond the 0.25 band no rounding: 100.3 overflows.
        #expect(!BreakRules.Fit.skParagraphFits(100.3, available: 100, roundingHack: false))
    }
}
