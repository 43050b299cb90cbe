/// Compose's TextLayout heights: the text's, and the sample heightInLines measures lines with.

/// A Compose `TextLayout` of the text (ui-text `TextLayout.android.kt`): the StaticLayout with the
/// line-height span, and `height` = layout height + `topPadding` + `bottomPadding` + `lastLineExtra`.
struct ComposeTextLayout {
    private(set) var height = 0
    private(set) var lineCount = 0
    private(set) var missingGlyphs = 0
    private(set) var overflowingLines = 0
    private(set) var lines: [MeasuredLine] = []

    init(_ model: AndroidModel, prepared: PreparedText, wrapWidth: Double, includeLines: Bool) {
        var lineHeightSpan = ComposeLineHeightSpan(model, text: prepared)
        let layout = AndroidLayout(model, prepared: prepared, wrapWidth: wrapWidth, includeLines: includeLines,
                                   span: &lineHeightSpan)
        let (top, bottom) = lineHeightSpan?.paddings ?? (0, 0)
        let last = layout.lineCount - 1
        let lastLineHeight = layout.top(ofLine: last + 1) - layout.top(ofLine: last)
        // StaticLayout.generate's empty last line: of an empty text, or after a final U+000A.
        let endsWithEmptyLine = prepared.isEmpty || prepared.utf16.last == 0x0A
        var extra = 0
        if endsWithEmptyLine, case .style(let span)? = lineHeightSpan {
            // getLastLineMetrics: "When the last line of the text is empty, ParagraphStyle's are not
            // applied": a StaticLayout of "\u{200B}" with a copy of the span stands in for it
            // (U+200B, default ignorable, takes the primary font). lastLineExtra = its bottom −
            // getLineHeight(lastLine), which holds the paddings (the top one only on line 0).
            let trim = span.style.trimLastLineBottom
            var copyStyle = span.style
            copyStyle.trimFirstLineTop = last != 0 && trim ? false : trim
            var copy = ComposeLineHeightStyleSpan(lineHeight: span.lineHeight, endIndex: 1, style: copyStyle)
            let stand = copy.chooseHeight(LineBounds(AndroidFontMetrics(prepared.font)), isFirst: true, isLast: true)
            var zeroWidth = StaticLayoutStack(includePad: model.includeFontPadding, trackPad: model.includeFontPadding,
                                              spacingMultiplier: 1, spacingAdd: 0, maxVisibleLines: nil)
            zeroWidth.out(stand, isLast: true)
            extra = zeroWidth.height - (lastLineHeight + bottom + (last == 0 ? top : 0))
        }
        height = layout.height + top + bottom + extra
        lineCount = layout.lineCount
        missingGlyphs = prepared.missingGlyphs
        overflowingLines = layout.overflowingLines
        guard includeLines else { return }
        // getLineTop adds topPadding after line 0; line 0's box holds it; the last line ends with
        // bottomPadding and the extra.
        lines = layout.lines.enumerated().map { i, line in
            var line = line
            if i == 0 {
                line.height += Double(top)
                line.baseline = line.baseline.map { $0 + Double(top) }
            } else {
                line.top += Double(top)
            }
            if i == last { line.height += Double(bottom + extra) }
            return line
        }
    }
}

/// heightInLines' and textFieldMinSize's sample (`EmptyTextReplacement` = "H" × 10, TextFieldDelegate.kt):
/// lines of one text style, measured without laying the sample out, since every line of it has the
/// same bounds (those of the font that has "H", widened by fallback line spacing).
struct ComposeSampleLines {
    /// `TextLayout.getLineHeight(0…2)` of "HHHHHHHHHH\nHHHHHHHHHH\nHHHHHHHHHH".
    let first: Int
    let middle: Int
    let last: Int
    /// The one-line sample's height (`computeSizeForDefaultText`, ceil'ed: whole px already).
    let oneLine: Int

    init(_ model: AndroidModel, fonts: FontStack) {
        let metrics = AndroidFontMetrics(fonts.primary)
        // The first font of the chain with "H" (FontRuns' choice for a plain cluster), else the primary.
        let index = fonts.fonts.firstIndex { $0.face.covers("H") } ?? 0
        let bounds = StaticLayoutStack.lineBounds(fonts, mask: 1 << UInt32(index), primary: metrics,
                                                  fallbackLineSpacing: model.fallbackLineSpacing)
        let three = ComposeSampleLines.lineHeights(model, metrics: metrics, bounds: bounds, count: 3)
        (first, middle, last) = (three[0], three[1], three[2])
        oneLine = ComposeSampleLines.lineHeights(model, metrics: metrics, bounds: bounds, count: 1)[0]
    }

    /// TextLayout.getLineHeight of each line of `count` sample lines (no final U+000A, so no extra):
    /// line 0 holds topPadding, the last bottomPadding (getLineTop, getLineBottom).
    static func lineHeights(_ model: AndroidModel, metrics: AndroidFontMetrics, bounds: LineBounds, count: Int) -> [Int] {
        var stack = model.stack(metrics, maxVisibleLines: nil)
        // "HHHHHHHHHH" lines joined by U+000A: line i is 11 units from 11 × i, the last 10, ending the text.
        let length = 11 * count - 1
        var span = ComposeLineHeightSpan(model, length: length, endsWithLineBreak: false)
        for i in 0..<count {
            let start = 11 * i, end = i == count - 1 ? length : start + 11
            if var chosen = span {
                stack.out(chosen.chooseHeight(bounds, start: start, end: end), isLast: i == count - 1)
                span = chosen
            } else {
                stack.out(bounds, isLast: i == count - 1)
            }
        }
        let (top, bottom) = span?.paddings ?? (0, 0)
        let tops = stack.takeTops()
        return (0..<count).map { i in
            tops[i + 1] - tops[i] + (i == 0 ? top : 0) + (i == count - 1 ? bottom : 0)
        }
    }

    /// heightInLines' three-line rule (`computeHeightFromThreeLines`, the path current Compose takes
    /// with `isBasicTextFieldHeightInLinesOptimizationEnabled`, on by default):
    /// (top + middle × max(n − 2, 0) + bottom × min(n − 1, 1)).roundToInt().
    func height(ofLines n: Int) -> Int {
        let value = Float(first) + Float(middle) * Float(max(n - 2, 0)) + Float(last) * Float(min(n - 1, 1))
        return AndroidModel.roundToPx(Double(value))
    }
}
