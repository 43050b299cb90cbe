import Testing
@testable import TextHeight

/// Heights of the Android model, each worked out by hand from the fonts' tables (read with
/// fontTools) and the Java/C++ function named in the test.
///
/// Inter Regular (fontTools): unitsPerEm 2816, hhea 2728/−680/0, head yMin −900 yMax 3072. At
/// 42 px, Skia (SkScalerContext_FreeType::generateFontMetrics) gives top −45.82, ascent −40.69,
/// descent 10.14, bottom 13.42; Paint.getFontMetricsInt floors top, rounds ascent/descent, ceils
/// bottom: FontMetricsInt(top −46, ascent −41, descent 10, bottom 14, leading 0), spacing 51.
@Suite("Android model: StaticLayout, DynamicLayout and TextView heights")
struct AndroidModelTests {
    static func inter42() throws -> Font { try Fixtures.inter(size: 42) }

    func measure(_ text: String, _ model: AndroidModel, width: Double = 1000, font: Font? = nil) throws -> Measurement {
        let prepared = try model.prepare(text, font: try font ?? Self.inter42())
        return model.measure(prepared, width: width, includeLines: true)
    }

    @Test("Paint.getFontMetricsInt of Inter at 42 px: floor top, round ascent/descent, ceil bottom")
    func interMetrics() throws {
        let m = AndroidFontMetrics(try Self.inter42())
        #expect([m.top, m.ascent, m.descent, m.bottom, m.leading] == [-46, -41, 10, 14, 0])
        #expect(m.fontSpacing == 51)
    }

    @Test("rounding: top floors, ascent rounds half up (−15.5 → −15), bottom ceils")
    func roundingDirections() throws {
        // Inter at 16 px: top −3072/2816 × 16 = −17.45, ascent −15.5, descent 3.86, bottom 5.11.
        let m = AndroidFontMetrics(try Fixtures.inter(size: 16))
        #expect([m.top, m.ascent, m.descent, m.bottom] == [-18, -15, 4, 6])
    }

    @Test("a font with zero hhea ascent and descent: FreeType falls back to OS/2 typo values")
    func typoFallback() throws {
        // MinikinAscii: hhea 0/0/0, OS/2 typo 800/−200/200 (upem 100), head yMin 0 yMax 200: at
        // 10 px ascent −80, descent 20, leading 20 (FreeType sfobjs.c; Minikin's tests' ASCENT/DESCENT).
        let m = AndroidFontMetrics(try Fixtures.minikinFonts().primary)
        #expect([m.top, m.ascent, m.descent, m.bottom, m.leading] == [-20, -80, 20, 0, 20])
        #expect(m.extentAscent == -80 && m.extentDescent == 20)
    }

    @Test("DejaVu Sans without USE_TYPO_METRICS reads hhea, not its different typo values")
    func hheaMetrics() throws {
        // hhea 1901/−483/0, typo 1556/−492/410, head yMin −948 yMax 2524, upem 2048; at 20 px:
        // top ⌊−24.65⌋ = −25, ascent round(−18.56) = −19, descent round(4.72) = 5, bottom ⌈9.26⌉ = 10.
        let m = AndroidFontMetrics(try Font(file: Fixtures.path("DejaVuSans.ttf"), size: 20))
        #expect([m.top, m.ascent, m.descent, m.bottom, m.leading] == [-25, -19, 5, 10, 0])
    }

    @Test("StaticLayout.out with includePad: top on the first line, bottom on the last")
    func includePad() throws {
        let model = AndroidModel(measure: .staticLayout)
        #expect(try measure("Hello", model).boxHeight == 60)  // 14 − (−46)
        // "Hello\nworld": (10 − (−46)) + (14 − (−41)) = 56 + 55
        #expect(try measure("Hello\nworld", model).boxHeight == 111)
        let off = AndroidModel(measure: .staticLayout, includeFontPadding: false)
        #expect(try measure("Hello\nworld", off).boxHeight == 102)  // 2 × (10 + 41)
    }

    @Test("StaticLayout.generate: an empty text and a trailing U+000A get one more line")
    func trailingNewline() throws {
        let model = AndroidModel(measure: .staticLayout)
        #expect(try measure("", model).lineCount == 1)
        #expect(try measure("", model).boxHeight == 60)
        let m = try measure("Hello\n", model)
        #expect(m.lineCount == 2 && m.boxHeight == 111)
        #expect(m.lines.map(\.height) == [56, 55])
    }

    @Test("StaticLayout.out: extra = (below − above)(mult − 1) + add, half away from zero, none on the last line")
    func lineSpacing() throws {
        // Unpadded lines are 51 px: × 1.5 → 25.5 → 26 extra on every line but the last.
        let mult = AndroidModel(measure: .staticLayout, includeFontPadding: false, lineSpacingMultiplier: 1.5)
        #expect(try measure("a\nb\nc", mult).lines.map(\.height) == [77, 77, 51])
        // add −4.5 → −(int)(4.5 + 0.5) = −5; +4.4 → 4.
        let minus = AndroidModel(measure: .staticLayout, includeFontPadding: false, lineSpacingExtra: -4.5)
        #expect(try measure("a\nb", minus).boxHeight == 46 + 51)
        let plus = AndroidModel(measure: .staticLayout, includeFontPadding: false, lineSpacingExtra: 4.4)
        #expect(try measure("a\nb", plus).boxHeight == 55 + 51)
        #expect(try measure("a", plus).boxHeight == 51)
    }

    @Test("DynamicLayout.reflow: the multiplier sees unpadded lines, the padding is added around the block")
    func dynamicLayoutPadding() throws {
        // EditText: 51 × 1.5 → 77, last 51; + topPadding 5 (−41 − (−46)) + bottomPadding 4 (14 − 10) = 137.
        let edit = AndroidModel(measure: .editText, lineSpacingMultiplier: 1.5)
        #expect(try measure("a\nb", edit).boxHeight == 137)
        // StaticLayout: the padded first line (56) is multiplied: 56 + 28, then 55 = 139.
        let layout = AndroidModel(measure: .staticLayout, lineSpacingMultiplier: 1.5)
        #expect(try measure("a\nb", layout).boxHeight == 139)
        // Without spacing the two agree: 56 + 55.
        #expect(try measure("a\nb", AndroidModel(measure: .editText)).boxHeight == 111)
    }

    @Test("TextView.getDesiredHeight: maxLines caps an EditText at DynamicLayout.getLineTop(max)")
    func maxLinesEditText() throws {
        // Six lines of "x": getLineTop(2) = 2 × 51 + topPadding 5 = 107, no bottom padding.
        let text = "x\nx\nx\nx\nx\nx"
        let edit = AndroidModel(measure: .editText, padding: Insets(top: 10, right: 0, bottom: 6, left: 0),
                                limits: Limits(maxLines: 2))
        let m = try measure(text, edit)
        #expect(m.boxHeight == 107 + 16 && m.contentHeight == 6 * 51 + 5 + 4 + 16 && m.scrolls)
    }

    @Test("StaticLayout.getHeight(cap): a TextView with maxLines stops at mMaxLineHeight, bottom padding included")
    func maxLinesTextView() throws {
        // 56 (first line) + 55 (the second as if last: bottom 14 − ascent −41) = 111.
        let view = AndroidModel(measure: .textView, limits: Limits(maxLines: 2))
        #expect(try measure("x\nx\nx\nx", view).boxHeight == 111)
    }

    @Test("TextView.getDesiredHeight: minLines adds getLineHeight() rows")
    func minLines() throws {
        // 60 + 2 × 51; with × 1.5 getLineHeight = FastMath.round(76.5) = 77.
        #expect(try measure("a", AndroidModel(limits: Limits(minLines: 3))).boxHeight == 162)
        let spaced = AndroidModel(lineSpacingMultiplier: 1.5, limits: Limits(minLines: 3))
        #expect(try measure("a", spaced).boxHeight == 60 + 154)
        #expect(try measure("a", spaced).lineHeight == 77)
    }

    @Test("TextView.getDesiredHeight: max height clamps, then min height raises")
    func heightLimits() throws {
        #expect(try measure("x\nx\nx", AndroidModel(limits: Limits(maxHeight: 100))).boxHeight == 100)
        #expect(try measure("x", AndroidModel(limits: Limits(minHeight: 80))).boxHeight == 80)
    }

    @Test("TextView.setLineHeight: the extra becomes lineHeight − getFontMetricsInt(null)")
    func setLineHeight() throws {
        // 60 − 51 = 9 on every line but the last: 60 + 60 + 51, + 5 + 4 padding.
        #expect(try measure("a\nb\nc", AndroidModel(lineHeight: 60)).boxHeight == 180)
    }

    @Test("padding narrows the layout and adds to the height")
    func padding() throws {
        let m = try measure("Hello", AndroidModel(padding: Insets(top: 10, right: 4, bottom: 12, left: 4)), width: 360)
        #expect(m.wrapWidth == 352 && m.boxHeight == 82)
    }

    @Test("fallback line spacing widens a line to the fonts used on it (StaticLayout.generate)")
    func fallbackLineSpacing() throws {
        // DejaVu Sans 20 px (top −25, ascent −19, descent 5, bottom 10) with Noto Sans CJK SC
        // (hhea 1160/−288, upem 1000: extent −23.2/5.76 → −23/6). The middle line holds CJK.
        let fonts = try FontStack(Font(file: Fixtures.path("DejaVuSans.ttf"), size: 20),
                                  fallbacks: [Font(file: Fixtures.path("NotoSansCJKsc-Regular.subset.otf"), size: 20)])
        func height(_ fallback: Bool) throws -> [Double] {
            let model = AndroidModel(measure: .staticLayout, fallbackLineSpacing: fallback)
            return model.measure(try model.prepare("aaaa\n你好\nbbbb", fonts: fonts), width: 1000, includeLines: true)
                .lines.map(\.height)
        }
        #expect(try height(true) == [30, 29, 29])
        #expect(try height(false) == [30, 24, 29])
        #expect(AndroidModel(measure: .staticLayout).fallbackLineSpacing == false)  // the Builder's default
        #expect(AndroidModel(measure: .editText).fallbackLineSpacing == true)       // TextView, API 28+
    }

    /// TH Tall Primary (±1 em) with TH Tall Fallback (±3 em, U+1000) at 100 px, built by
    /// fixtures/fonts/build-tall-fallback-fonts.py: FontMetricsInt top −100, ascent −100, descent 100,
    /// bottom 100; the fallback's Minikin extent −300/300.
    static func tallFallbackStack() throws -> FontStack {
        try FontStack(Font(file: Fixtures.path("TallPrimary.ttf"), size: 100),
                      fallbacks: [Font(file: Fixtures.path("TallFallback.ttf"), size: 100)])
    }

    func tall(_ text: String, _ model: AndroidModel) throws -> Measurement {
        model.measure(try model.prepare(text, fonts: Self.tallFallbackStack()), width: 10_000, includeLines: true)
    }

    @Test("StaticLayout.generate widens top and bottom to a fallback line's ascent and descent")
    func tallFallbackTopAndBottom() throws {
        // With fallback line spacing the line's ascent/descent are −300/300, and generate() sets
        // fmTop = min(fmTop, ascent), fmBottom = max(fmBottom, descent): the padded line runs from
        // top −300 to bottom 300 = 600 px (without the widening: −100 to 100 = 200).
        let layout = AndroidModel(measure: .staticLayout, fallbackLineSpacing: true)
        #expect(try tall("a\u{1000}", layout).boxHeight == 600)
        // First and last lines tall, a primary line between: 600 + 200 + 600.
        #expect(try tall("\u{1000}\na\n\u{1000}", layout).lines.map(\.height) == [600, 200, 600])
        // A tall middle line was already right: 200 + 600 + 200.
        #expect(try tall("a\n\u{1000}\na", layout).lines.map(\.height) == [200, 600, 200])
        // The widening is per line: generate() resets fmTop/fmBottom to the span's own metrics after
        // each line, so the primary line after a tall one ends at the paint's bottom (100), not 300.
        #expect(try tall("\u{1000}\na", layout).lines.map(\.height) == [600, 200])
        // The empty line after a final U+000A takes the paint's metrics: −100 to 100.
        #expect(try tall("\u{1000}\n", layout).lines.map(\.height) == [600, 200])
        // Without fallback line spacing nothing is widened: 100 − (−100).
        #expect(try tall("a\u{1000}", AndroidModel(measure: .staticLayout, fallbackLineSpacing: false)).boxHeight == 200)
    }

    @Test("fallback line spacing widens the bottom to the primary font's own descent when it is below the bbox")
    func ownDescentBelowBottom() throws {
        // Noto Sans Arabic (fontTools: upem 1000, hhea 1374/−738, head yMin −548 yMax 1359, no
        // USE_TYPO_METRICS) at 40 px: top ⌊−54.36⌋ = −55, ascent round(−54.96) = −55, descent
        // round(29.52) = 30, bottom ⌈21.92⌉ = 22. The line's Minikin extent is the font's own, so
        // generate() sets fmBottom = max(22, 30) = 30: one line is 30 − (−55) = 85 px, where the paint's
        // bottom would give 77 (an EditText's bottom padding 22 − 30 = −8).
        let font = try Font(file: Fixtures.path("NotoSansArabic-Regular.ttf"), size: 40)
        #expect(try measure("مرحبا", AndroidModel(measure: .editText), font: font).boxHeight == 85)
        #expect(try measure("مرحبا", AndroidModel(measure: .textView), font: font).boxHeight == 85)
        #expect(try measure("مرحبا", AndroidModel(measure: .staticLayout), font: font).boxHeight == 77)  // fallback spacing off
    }

    @Test("DynamicLayout: a tall fallback's widened top and bottom leave no negative font padding")
    func tallFallbackEditText() throws {
        // The reflow's StaticLayout tracks mTopPadding = top − above = −300 − (−300) = 0 and
        // mBottomPadding = 300 − 300 = 0: the EditText is the line's 600 px (without the widening the
        // paddings are +200 and −200 and the box shrinks to 200).
        #expect(try tall("a\u{1000}", AndroidModel(measure: .editText)).boxHeight == 600)
    }

    @Test("StaticLayout.out: mMaxLineHeight ends the last visible line at its own widened bottom")
    func tallFallbackMaxLines() throws {
        // TextView, maxLines 2, "a\n\u{1000}\na": line 0 runs from top −100 to descent 100 (200 px);
        // line 1 is the last visible one: 200 + (bottom 300 − ascent −300) = 800 (with the paint's
        // bottom 100 it would be 600).
        let view = AndroidModel(measure: .textView, limits: Limits(maxLines: 2))
        #expect(try tall("a\n\u{1000}\na", view).boxHeight == 800)
    }

    @Test("ExtentTest: lines with CustomExtent text take its extent −160/40, others −80/20")
    func minikinExtent() throws {
        // GreedyLineBreakerTest.cpp ExtentTest at 90 px: "The あいう " (CUSTOM), "is ", "Japanese." (ASCII).
        let model = AndroidModel(measure: .staticLayout, fallbackLineSpacing: true, includeFontPadding: false)
        let m = model.measure(try model.prepare("The \u{3042}\u{3044}\u{3046} is Japanese.", fonts: Fixtures.minikinFonts()),
                              width: 90, includeLines: true)
        #expect(m.lines.map(\.height) == [200, 100, 100])
    }

    @Test("TextView.getDesiredHeight: the taller of the text's and the hint's layouts, the hint never capped by maxLines")
    func hint() throws {
        // The hint breaks into 4 lines at 300 px: a StaticLayout 56 + 51 + 51 + 55 = 213 px.
        let hint = Placeholder("Type a message to your friend here please")
        let model = AndroidModel(limits: Limits(maxLines: 2))
        func box(_ text: String) throws -> Measurement {
            try model.measure(MeasureRequest(text: text, placeholder: hint, font: Self.inter42(), widths: [300]))[0].measurement
        }
        #expect(try box("").boxHeight == 213 && box("").lineCount == 4)
        #expect(try box("hi").boxHeight == 213 && box("hi").contentHeight == 60)
        let plain = try model.measure(MeasureRequest(text: "hi", font: Self.inter42(), widths: [300]))[0].measurement
        #expect(plain.boxHeight == 60)
    }

    @Test("break strategy defaults: EditText and Builder simple, TextView high quality")
    func breakStrategyDefaults() {
        #expect(AndroidModel(measure: .editText).breakStrategy == .simple)
        #expect(AndroidModel(measure: .staticLayout).breakStrategy == .simple)
        #expect(AndroidModel(measure: .textView).breakStrategy == .highQuality)
    }

    @Test("resources round dp to px half away from zero, at least 1 px (complexToDimensionPixelSize)")
    func pixelSize() {
        #expect(AndroidModel.pixelSize(16, density: 2.625) == 42)
        #expect(AndroidModel.pixelSize(360, density: 2.625) == 945)
        #expect(AndroidModel.pixelSize(0.1, density: 1) == 1)
        #expect(AndroidModel.pixelSize(0, density: 3) == 0)
    }
}
