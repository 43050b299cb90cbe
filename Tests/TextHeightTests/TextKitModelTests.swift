import Testing
@testable import TextHeight

/// Expected heights are hand arithmetic: Inter's hhea (2728 + 680 + 0 over 2816 units per em,
/// read with fontTools) times the size gives UIFont.lineHeight; then the TextKit rules cited in
/// TextKitModel and the seed formulas. Line counts are forced with hard breaks, or use the
/// monospaced fixture whose widths are whole cells.
@Suite("TextKit model")
struct TextKitModelTests {
    let lh17 = Fixtures.interLineHeight(17)  // 20.573863636…

    func measure(_ text: String, _ model: TextKitModel = TextKitModel(), size: Double = 17,
                 width: Double = 343) throws -> Measurement {
        let font = try Fixtures.inter(size: size)
        return model.measure(try model.prepare(text, font: font), width: width, includeLines: true)
    }

    @Test("one line: ceil(lineHeight + 8 + 8), as a default UITextView's contentSize")
    func oneLine() throws {
        let m = try measure("Hello")
        #expect(m.lineCount == 1)
        #expect(m.contentHeight == 37)  // ceil(20.5739 + 16)
        #expect(m.boxHeight == 37 && !m.scrolls)
        #expect(approximately(m.lineHeight, 3408.0 * 17 / 2816))
        #expect(m.wrapWidth == 333)  // 343 − 2 × lineFragmentPadding 5
    }

    @Test("an empty text view still has the caret's line; boundingRect of \"\" is 0")
    func empty() throws {
        let view = try measure("")
        #expect(view.lineCount == 1 && view.contentHeight == 37)
        let rect = try measure("", TextKitModel(measure: .boundingRect))
        #expect(rect.lineCount == 0 && rect.contentHeight == 0)
    }

    @Test("Thai dictionary breaks before a final newline are opportunities, not mandatory breaks")
    func thaiBeforeFinalNewline() throws {
        // UAX #14 LB4/LB5: only BK, CR, LF and NL force a break. ICU gives the Thai dictionary's boundaries the
        // rule status of the next rule-based boundary, the hard break of the final "\n"; read as mandatory, each
        // Thai word became a line. At an unbounded width the text is one line, then the caret's fragment.
        let font = try Font(file: Fixtures.path("NotoSansThai-Regular.ttf"), size: 16)
        let fonts = try FontStack(font, fallbacks: [Fixtures.inter(size: 16)])
        let model = TextKitModel()
        let text = "กำหนด %s ให้เป็นการติดตั้งแบบอัตโนมัติแล้ว\n"
        let m = model.measure(try model.prepare(text, fonts: fonts), width: 100_000, includeLines: true)
        #expect(m.lines.map(\.start) == [0, text.utf16.count])
        #expect(m.lineCount == 2)
    }

    @Test("a trailing newline adds the caret's line in a text view only")
    func trailingNewline() throws {
        #expect(try measure("Hello\n").lineCount == 2)
        #expect(try measure("Hello\n").contentHeight == 58)  // ceil(2 × 20.5739 + 16) = ceil(57.148)
        #expect(try measure("Hello\n\n").contentHeight == 78)  // ceil(3 × 20.5739 + 16) = ceil(77.72)
        let rect = try measure("Hello\n", TextKitModel(measure: .boundingRect))
        #expect(rect.lineCount == 1 && rect.contentHeight == 21)  // ceil(20.5739)
    }

    @Test("seed 000: MIN(MAX(ceil(h) + 9×2, 38), 78) with lineHeightMultiple 1.14 at 14 pt")
    func seedFormula() throws {
        let model = TextKitModel(measure: .boundingRect, inset: Insets(top: 9, right: 0, bottom: 9, left: 0),
                                 lineFragmentPadding: 0, paragraph: ParagraphStyle(lineHeightMultiple: 1.14),
                                 limits: Limits(minHeight: 38, maxHeight: 78))
        let h = Fixtures.interLineHeight(14) * 1.14  // 19.3152…
        func seed(_ lines: Int) -> Double { min(max((Double(lines) * h).rounded(.up) + 18, 38), 78) }
        for (text, lines) in [("a", 1), ("a\nb", 2), ("a\nb\nc", 3), ("a\nb\nc\nd", 4), ("a\nb\nc\nd\ne", 5)] {
            let m = try measure(text, model, size: 14, width: 280)
            #expect(m.lineCount == lines)
            #expect(m.boxHeight == seed(lines))
            #expect(m.contentHeight == (Double(lines) * h).rounded(.up) + 18)
            #expect(m.scrolls == (m.contentHeight > 78))
        }
        #expect(try measure("a\nb\nc\nd", model, size: 14, width: 280).boxHeight == 78)  // 96 clamped
    }

    @Test("a text view keeps lineSpacing below every line, the last included")
    func lineSpacingTextView() throws {
        let model = TextKitModel(paragraph: ParagraphStyle(lineSpacing: 4))
        #expect(try measure("a", model).contentHeight == 41)  // ceil(20.5739 + 4 + 16) = ceil(40.57)
        #expect(try measure("a\nb", model).contentHeight == 66)  // ceil(2 × 24.5739 + 16) = ceil(65.15)
    }

    @Test("boundingRect drops the last line's spacing; a one-font single line has none either")
    func lineSpacingBoundingRect() throws {
        let model = TextKitModel(measure: .boundingRect, paragraph: ParagraphStyle(lineSpacing: 4))
        #expect(try measure("a", model).contentHeight == 21)  // ceil(20.5739)
        #expect(try measure("a\nb", model).contentHeight == 46)  // ceil(2 × 20.5739 + 4) = ceil(45.15)
    }

    @Test("paragraph spacing separates paragraphs, not lines joined by U+2028")
    func paragraphSpacing() throws {
        let model = TextKitModel(paragraph: ParagraphStyle(paragraphSpacing: 10, paragraphSpacingBefore: 3))
        #expect(try measure("a\nb", model).contentHeight == 71)  // ceil(2 × 20.5739 + 10 + 3 + 16) = ceil(70.15)
        #expect(try measure("a\u{2028}b", model).contentHeight == 58)  // ceil(57.15)
        #expect(try measure("a", model).contentHeight == 37)  // none before the first or after the last
    }

    @Test("lineHeightMultiple multiplies, then minimum and maximum line heights clamp")
    func lineHeightClamps() throws {
        let capped = TextKitModel(paragraph: ParagraphStyle(lineHeightMultiple: 2, maximumLineHeight: 30))
        #expect(try measure("a", capped).contentHeight == 46)  // min(41.15, 30) + 16
        let raised = TextKitModel(paragraph: ParagraphStyle(minimumLineHeight: 25))
        #expect(try measure("a", raised).contentHeight == 41)  // max(20.57, 25) + 16
        let doubled = TextKitModel(paragraph: ParagraphStyle(lineHeightMultiple: 2))
        #expect(try measure("a", doubled).contentHeight == 58)  // ceil(41.148 + 16)
    }

    @Test("max lines clamps the box and makes it scroll; min lines raises it")
    func lineLimits() throws {
        let five = "1\n2\n3\n4\n5"
        let m = try measure(five, TextKitModel(limits: Limits(maxLines: 3)))
        #expect(m.contentHeight == 119)  // ceil(5 × 20.5739 + 16) = ceil(118.87)
        #expect(m.maxHeight == 78)  // ceil(3 × 20.5739 + 16) = ceil(77.72)
        #expect(m.boxHeight == 78 && m.scrolls)
        let short = try measure("1", TextKitModel(limits: Limits(minLines: 2)))
        #expect(short.boxHeight == 58 && !short.scrolls)  // ceil(2 × 20.5739 + 16)
    }

    @Test("limits in points; a minimum above the maximum wins, as KTAutoHeightTextView applies them")
    func heightLimits() throws {
        #expect(try measure("1\n2\n3", TextKitModel(limits: Limits(maxHeight: 50))).boxHeight == 50)
        #expect(try measure("1", TextKitModel(limits: Limits(minHeight: 44))).boxHeight == 44)
        #expect(try measure("1", TextKitModel(limits: Limits(minLines: 3, maxHeight: 50))).boxHeight == 78)
    }

    @Test("--scale 2 and 3 ceil to device pixels")
    func scales() throws {
        // 20.5739 + 16 = 36.5739: ×2 → ceil 74 → 37; ×3 → ceil 109.72 = 110 → 36.667.
        #expect(try measure("a", TextKitModel(scale: 2)).contentHeight == 37)
        #expect(try measure("a", TextKitModel(scale: 3)).contentHeight == 110.0 / 3)
    }

    @Test("wrapping in a text view: width − insets − 2 × lineFragmentPadding")
    func wrapWidth() throws {
        let font = try Fixtures.mono()
        let model = TextKitModel()
        let prepared = try model.prepare("aaaa bbbb", font: font)
        // 9 cells fit exactly when the view is 9 cells + 10 pt wide.
        #expect(model.measure(prepared, width: 9 * Fixtures.cell + 10).lineCount == 1)
        #expect(model.measure(prepared, width: 9 * Fixtures.cell + 9.99).lineCount == 2)
        // Two mono lines: ceil(2 × 23.84 + 16) = ceil(63.68) = 64.
        #expect(model.measure(prepared, width: 9 * Fixtures.cell + 9.99).contentHeight == 64)
    }

    @Test("wrapping: textContainerInset's left and right narrow the container as well")
    func horizontalInsets() throws {
        let font = try Fixtures.mono()
        let model = TextKitModel(inset: Insets(top: 8, right: 7, bottom: 8, left: 3))
        let prepared = try model.prepare("aaaa bbbb", font: font)
        // 9 cells fit exactly when the view is 9 cells + 3 + 7 + 2 × 5 wide.
        #expect(model.measure(prepared, width: 9 * Fixtures.cell + 20).lineCount == 1)
        #expect(model.measure(prepared, width: 9 * Fixtures.cell + 19.99).lineCount == 2)
    }

    @Test("UIFont.lineHeight includes hhea's lineGap: LineGap-Mono's (2253 + 410 + 307) / 2048 em")
    func lineGap() throws {
        // LineGap-Mono (fontTools): hhea ascender 2253, descender −410, lineGap 307, unitsPerEm 2048; at 20.48 pt
        // a unit is 0.01 pt.
        let font = try Font(file: Fixtures.path("LineGap-Mono.ttf"), size: 20.48)
        let m = try TextKitModel().measure(TextKitModel().prepare("a", font: font), width: 343)
        #expect(approximately(m.lineHeight, 29.70))
        #expect(m.contentHeight == 46)  // ceil(29.70 + 16)
    }

    @Test("a line with a fallback font: the largest ascent, descent and leading, each of its own font")
    func fallbackMetricsApart() throws {
        // LineGap-Mono (hhea 2253 / −410 / 307 of 2048) and Noto Sans Devanagari (896 / −408 / 0 of 1000), fontTools,
        // at 20.48 pt: ascent max(22.53, 18.35008), descent max(4.10, 8.35584), leading max(3.07, 0) = 33.95584,
        // taller than either font's own line (29.70, 26.70592).
        let fonts = try FontStack(Font(file: Fixtures.path("LineGap-Mono.ttf"), size: 20.48),
                                  fallbacks: [Font(file: Fixtures.path("NotoSansDevanagari-Regular.ttf"), size: 20.48)])
        let model = TextKitModel()
        let m = model.measure(try model.prepare("a नमस्ते", fonts: fonts), width: 343, includeLines: true)
        #expect(m.lineCount == 1 && m.missingGlyphs == 0)
        #expect(approximately(m.lines[0].height, 22.53 + 8.35584 + 3.07))
        #expect(m.contentHeight == 50)  // ceil(33.95584 + 16)
    }

    @Test("a text view ceils text and insets together; boundingRect ceils the text, then adds the insets")
    func fractionalInsets() throws {
        let inset = Insets(top: 8.5, right: 0, bottom: 8, left: 0)
        #expect(try measure("a", TextKitModel(inset: inset)).contentHeight == 38)  // ceil(20.5739 + 16.5) = ceil(37.07)
        #expect(try measure("a", TextKitModel(measure: .boundingRect, inset: inset)).contentHeight == 37.5)  // 21 + 16.5
    }

    @Test("a row limit counts fragments: lineSpacing below each row, the last included, and lineHeightMultiple")
    func rowLimitsAreFragments() throws {
        // Three rows are as tall as three one-line paragraphs: ceil(3 × (20.5739 + 4) + 16) = ceil(89.72).
        let spaced = TextKitModel(paragraph: ParagraphStyle(lineSpacing: 4), limits: Limits(maxLines: 3))
        #expect(try measure("1\n2\n3\n4", spaced).maxHeight == 90)
        #expect(try measure("1\n2\n3", spaced).contentHeight == 90)
        let tall = TextKitModel(paragraph: ParagraphStyle(lineHeightMultiple: 1.5), limits: Limits(maxLines: 3))
        #expect(try measure("1\n2\n3\n4", tall).maxHeight == 109)  // ceil(3 × 1.5 × 20.5739 + 16) = ceil(108.58)
    }

    @Test("every breaking White_Space character hangs at a line end, not only the space: U+2003, U+2009, U+205F")
    func unicodeSpacesHang() throws {
        // Unicode PropList.txt White_Space (less the no-break U+00A0, U+2007, U+202F); UAX #14 class BA, a break after.
        // DejaVu Sans Mono advances 1233 units for each (fontTools hmtx): at 4 cells "aaaa" fits and the space
        // hangs past the edge, so "bbbb" starts the next line and the first line is 4 cells wide.
        let model = TextKitModel(measure: .boundingRect)
        for space in ["\u{2003}", "\u{2009}", "\u{205F}"] {
            let lines = try model.prepare("aaaa" + space + "bbbb", font: Fixtures.mono()).layout(width: 4 * Fixtures.cell)
            #expect(lineStarts(lines) == [0, 5])
            #expect(approximately(lines[0].width, 4 * Fixtures.cell))
        }
    }

    @Test("lines report their UTF-16 ranges and tops")
    func linesDetail() throws {
        let m = try measure("ab\ncd", TextKitModel(paragraph: ParagraphStyle(lineSpacing: 2)))
        #expect(m.lines.map(\.start) == [0, 3])
        #expect(m.lines.map(\.length) == [3, 2])
        #expect(approximately(m.lines[1].top, lh17 + 2))
    }

    @Test("an empty text is measured as its placeholder, capped to its lines")
    func placeholder() throws {
        let model = TextKitModel()
        let font = try Fixtures.mono()
        let narrow = 5 * Fixtures.cell + 10
        let request = MeasureRequest(text: "", placeholder: Placeholder("Type a message here"), font: font,
                                     widths: [narrow])
        let full = try model.measure(request)[0]
        // At 5 cells: "Type " | "a " | "messa" (7-cell word broken) | "ge " | "here".
        #expect(full.measuredPlaceholder && full.measurement.lineCount == 5)
        var capped = request
        capped.placeholder = Placeholder("Type a message here", maxLines: 1)
        let one = try model.measure(capped)[0]
        #expect(one.measurement.lineCount == 1 && one.measurement.contentHeight == 40)  // ceil(23.84 + 16)
        var typed = request
        typed.text = "hi"
        #expect(try model.measure(typed)[0].measuredPlaceholder == false)
    }
}
