import Testing
@testable import TextHeight

/// Jetpack Compose's text fields (`AndroidModel.Measure.compose`, `.composeTextField`), each number
/// worked by hand from Inter's tables and the Kotlin function named in the test.
///
/// Inter at 42 px (AndroidModelTests): FontMetricsInt top −46, ascent −41, descent 10, bottom 14, so
/// an unpadded line is 51 px. A 63 px line height (24 sp at density 2.625) is 12 px more.
/// LineHeightStyleSpan.calculateTargetMetrics: ceiled = ⌈lineHeight⌉, diff = ceiled − 51,
/// descent += ⌈diff × (1 − ratio)⌉ (⌈diff × ratio⌉ when diff ≤ 0), ascent = descent − ceiled;
/// Proportional's ratio is 41 / 51 = 0.8039.
@Suite("Compose: LineHeightStyleSpan, TextLayout, heightInLines and Material 3's TextField")
struct ComposeModelTests {
    func measure(_ text: String, _ model: AndroidModel, width: Double = 1000, placeholder: String? = nil) throws -> Measurement {
        let font = try Fixtures.inter(size: 42)
        let prepared = try model.prepare(text, font: font)
        if let placeholder {
            return model.measure(prepared, placeholder: try model.prepare(placeholder, font: font), width: width,
                                 includeLines: true)
        }
        return model.measure(prepared, width: width, includeLines: true)
    }

    func compose(_ measure: AndroidModel.Measure = .compose, lineHeight: Double? = 63,
                 style: ComposeLineHeightStyle? = nil, limits: Limits = .none) -> AndroidModel {
        var model = AndroidModel(measure: measure, lineHeight: lineHeight, limits: limits)
        model.lineHeightStyle = style
        model.density = 2.625
        return model
    }

    @Test("LineHeightStyle.Default (Proportional, Trim.Both): descent 10 + ⌈12 × 0.196⌉ = 13, ascent −50; the first line keeps ascent −41, the last descent 10")
    func proportionalTrimBoth() throws {
        // One line is first and last with both trims: chooseHeight leaves it (51).
        #expect(try measure("Hello", compose()).boxHeight == 51)
        // (13 + 41) + (10 + 50)
        #expect(try measure("a\nb", compose()).lines.map(\.height) == [54, 60])
        #expect(try measure("a\nb\nc", compose()).lines.map(\.height) == [54, 63, 60])
    }

    @Test("Center, Trim.None (Material 3): ⌈12 × 0.5⌉ = 6 below, every line ⌈lineHeight⌉ tall, 62.2 px too")
    func centerTrimNone() throws {
        #expect(try measure("a\nb", compose(style: .material3)).lines.map(\.height) == [63, 63])
        #expect(try measure("Hello", compose(lineHeight: 62.2, style: .material3)).boxHeight == 63)
    }

    @Test("Top puts the space below, Bottom above: with Trim.FirstLineTop 63 + 63 against 51 + 63")
    func topAndBottom() throws {
        let firstTop = { (ratio: Float) in ComposeLineHeightStyle(topRatio: ratio, trimFirstLineTop: true, trimLastLineBottom: false) }
        // Top: descent 10 + 12 = 22, ascent −41; the trimmed first line keeps −41 anyway.
        #expect(try measure("a\nb", compose(style: firstTop(0))).lines.map(\.height) == [63, 63])
        // Bottom: descent 10, ascent −53; the first line trimmed to −41.
        #expect(try measure("a\nb", compose(style: firstTop(1))).lines.map(\.height) == [51, 63])
    }

    @Test("a line height below the font's shrinks the lines and pads the layout (TextLayout getLineHeightPaddings)")
    func shrinking() throws {
        // 32 px, Center, Trim.None: diff −19, descent 10 + ⌈−9.5⌉ = 1, ascent −31: firstAscentDiff
        // −41 + 31 = −10 pads the top 10; lastDescentDiff 1 − 10 = −9 pads the bottom max(10, 9) = 10.
        let center = try measure("a\nb", compose(lineHeight: 32, style: .material3))
        #expect(center.boxHeight == 32 + 32 + 10 + 10)
        #expect(center.lines.map(\.height) == [42, 42])
        // Proportional, Trim.None: descent 10 + ⌈−19 × 0.8039⌉ = −5, ascent −37: top 4, bottom max(4, 15).
        let proportional = ComposeLineHeightStyle(topRatio: -1, trimFirstLineTop: false, trimLastLineBottom: false)
        #expect(try measure("a\nb", compose(lineHeight: 32, style: proportional)).boxHeight == 64 + 4 + 15)
    }

    @Test("Mode.Minimum (preserveMinimumHeight): a line height below the font's keeps the font's lines")
    func modeMinimum() throws {
        let minimum = ComposeLineHeightStyle(topRatio: 0.5, trimFirstLineTop: false, trimLastLineBottom: false,
                                             preserveMinimumHeight: true)
        #expect(try measure("a\nb", compose(lineHeight: 32, style: minimum)).boxHeight == 102)
        #expect(try measure("a\nb", compose(lineHeight: 63, style: minimum)).boxHeight == 126)
    }

    @Test("an empty last line: the span ends past the text (setLineHeight's endIndex) and lastLineExtra gives the empty line a U+200B's height")
    func emptyLastLine() throws {
        // Default style, "Hello\n": line 0 is not the span's last: −41…13 = 54; the empty line (the
        // paint's 51) is replaced by a U+200B line trimmed at the bottom only (the copy keeps its
        // top on a line after the first): −50…10 = 60, lastLineExtra 9.
        let m = try measure("Hello\n", compose())
        #expect(m.boxHeight == 114)
        #expect(m.lines.map(\.height) == [54, 60])
        // An empty text is the U+200B line with both trims: 51; with Trim.None 63.
        #expect(try measure("", compose()).boxHeight == 51)
        #expect(try measure("", compose(style: .material3)).boxHeight == 63)
        #expect(try measure("a\n", compose(style: .material3)).boxHeight == 126)
    }

    @Test("includeFontPadding without a lineHeightStyle keeps Compose's LineHeightSpan: each line ceiled, descent ⌈10 × 63/51⌉ = 13")
    func legacySpan() throws {
        var model = AndroidModel(measure: .compose, includeFontPadding: true, lineHeight: 63)
        model.density = 2.625
        // includePad then puts the first line's top at −46 and the last line's bottom at 14.
        let m = try measure("a\nb\nc", model)
        #expect(m.lines.map(\.height) == [59, 63, 64])
        #expect(m.lines.map(\.baseline) == [46, 50, 50])
        // It knows no empty last line: "a\n" is 59 + the paint's padded 55, where LineHeightStyleSpan's
        // lastLineExtra would make the last line a U+200B's −46…14 = 60 (119).
        #expect(try measure("a\n", model).boxHeight == 114)
    }

    @Test("heightInLines' three lines: first + middle × (n − 2) + last (computeHeightFromThreeLines), the text scrolling past maxLines")
    func heightInLines() throws {
        // The sample's lines under the default style: 54, 63, 60.
        #expect(try measure("a", compose(limits: Limits(minLines: 2))).boxHeight == 54 + 60)
        #expect(try measure("a", compose(limits: Limits(minLines: 5))).boxHeight == 54 + 3 * 63 + 60)
        let capped = try measure("a\nb\nc\nd", compose(limits: Limits(maxLines: 2)))
        #expect(capped.boxHeight == 114)
        #expect(capped.lineCount == 4 && capped.contentHeight == 54 + 2 * 63 + 60 && capped.scrolls)
        // The whole text is laid out, a final U+000A's empty line too (StaticLayout has no maxLines
        // here): 54 + 63 + the U+200B stand-in's 60.
        let trailing = try measure("a\nb\n", compose(limits: Limits(maxLines: 2)))
        #expect(trailing.lineCount == 3 && trailing.textHeight == 177 && trailing.boxHeight == 114)
    }

    @Test("textFieldMinSize: at least one line of the sample, here Trim.LastLineBottom's 60 over an empty text's 51")
    func sampleMinimum() throws {
        let lastBottom = ComposeLineHeightStyle(topRatio: -1, trimFirstLineTop: false, trimLastLineBottom: true)
        // The empty text's U+200B copy trims both ends (line 0): 51. The one-line sample, first and
        // last but trimmed at the bottom only: −50…10.
        #expect(try measure("", compose(style: lastBottom)).textHeight == 51)
        #expect(try measure("", compose(style: lastBottom)).boxHeight == 60)
    }

    @Test("Material 3: 24 dp (63 px) for the text field, (16 + 16) dp around it; 51 px lines without a line height")
    func material3Box() throws {
        var field = compose(.composeTextField, lineHeight: nil)
        field.padding = Insets(top: 42, right: 42, bottom: 42, left: 42)
        #expect(try measure("a", field).boxHeight == 84 + 63)
        #expect(try measure("a\nb", field).boxHeight == 84 + 102)
        // (top + bottom).roundToPx(): 20.625 + 20.625 = 41.25 → 41, where BasicTextField's padding rounds each side to 21.
        field.padding = Insets(top: 20.625, right: 20.625, bottom: 20.625, left: 20.625)
        var basic = compose(lineHeight: nil)
        basic.padding = field.padding
        #expect(try measure("a", field).boxHeight == 41 + 63)
        #expect(try measure("a", basic).boxHeight == 42 + 51)
        // Horizontally both round each side: 1000 − 21 − 21.
        #expect(try measure("a", field).wrapWidth == 958)
    }

    @Test("Compose's defaults: includeFontPadding off, whole text laid out; the min and max height clamp the box")
    func defaultsAndClamp() throws {
        #expect(try measure("Hello", compose(lineHeight: nil)).boxHeight == 51)
        let clamped = compose(lineHeight: nil, limits: Limits(minHeight: 147.4, maxHeight: 160))
        #expect(try measure("a", clamped).boxHeight == 147)
        #expect(try measure("a\nb\nc\nd", clamped).boxHeight == 160)
    }

    @Test("a placeholder sizes the field while the text is empty, not after")
    func placeholder() throws {
        let model = compose(style: .material3)
        #expect(try measure("", model, placeholder: "one\ntwo\nthree").boxHeight == 3 * 63)
        #expect(try measure("a", model, placeholder: "one\ntwo\nthree").boxHeight == 63)
    }
}
