/// A text laid out as the measure's layout class does: the lines Minikin breaks, stacked by
/// StaticLayout.out, and for an EditText shifted as DynamicLayout.reflow places them.
struct AndroidLayout {
    /// `Layout.getHeight()`: the whole text, px.
    private(set) var height = 0
    private(set) var lineCount = 0
    /// StaticLayout's mMaxLineHeight when maxLines is set and reached.
    private(set) var maxLineHeight: Int?
    private(set) var overflowingLines = 0
    private(set) var lines: [MeasuredLine] = []
    /// `getLineTop(0…lineCount)`.
    private var tops: [Int] = [0]
    init(_ model: AndroidModel, prepared: PreparedText, wrapWidth: Double, includeLines: Bool) {
        var noSpan: ComposeLineHeightSpan? = nil
        self.init(model, prepared: prepared, wrapWidth: wrapWidth, includeLines: includeLines, span: &noSpan)
    }

    /// `span`: Compose's line-height span, whose chooseHeight runs on each line before out()'s
    /// padding rule; it leaves with the state TextLayout reads (`paddings`).
    init(_ model: AndroidModel, prepared: PreparedText, wrapWidth: Double, includeLines: Bool,
         span: inout ComposeLineHeightSpan?) {
        let metrics = AndroidFontMetrics(prepared.font)
        let dynamic = model.measure == .editText
        // Compose lays the whole text out (CoreTextField's maxLines is a height, heightInLines).
        let maxVisible = dynamic || model.measure.isCompose ? nil : model.limits.maxLines
        var stack = model.stack(metrics, maxVisibleLines: maxVisible)
        stack.keepsAboves = includeLines
        // Room for a message's few lines at once: growing by appends reallocated twice a text.
        var broken: [Line] = []
        broken.reserveCapacity(8)
        prepared.forEachMinikinLine(width: wrapWidth, strategy: model.breakStrategy, textSize: prepared.font.size) {
            broken.append($0)
        }
        // StaticLayout.generate: an empty text, or one ending in U+000A, gets one more empty line
        // with the paint's metrics, while mLineCount < mMaximumVisibleLineCount.
        let endsWithNewline = prepared.utf16.last == 0x0A
        let extraLine = (prepared.isEmpty || endsWithNewline) && broken.count < (maxVisible ?? Int.max)
        let fonts = prepared.fonts
        // The bounds depend on the line's fonts alone: lines in a row mostly share them.
        var boundsMask: UInt32? = nil
        var bounds = LineBounds(metrics)
        for (i, line) in broken.enumerated() {
            if line.fontMask != boundsMask {
                bounds = StaticLayoutStack.lineBounds(fonts, mask: line.fontMask, primary: metrics,
                                                      fallbackLineSpacing: model.fallbackLineSpacing)
                boundsMask = line.fontMask
            }
            // out(): lastLine is the line ending the text, unless the text ends in U+000A.
            let isLast = i == broken.count - 1 && !endsWithNewline
            if var chosen = span {
                stack.out(chosen.chooseHeight(bounds, start: line.start, end: line.end), isLast: isLast)
                span = chosen
            } else {
                stack.out(bounds, isLast: isLast)
            }
            if line.width > wrapWidth + 1e-9 { overflowingLines += 1 }
        }
        if extraLine {
            let end = prepared.utf16.count
            broken.append(Line(start: end, end: end, width: 0))
            stack.out(LineBounds(metrics), isLast: true)
        }
        lineCount = stack.count
        maxLineHeight = stack.maxLineHeight
        height = AndroidLayout.height(of: stack, dynamic: dynamic, includePad: model.includeFontPadding)
        tops = stack.takeTops()
        if dynamic && model.includeFontPadding {
            // DynamicLayout.reflow: lines after the first move down by −topPadding, the block
            // ends bottomPadding below the last line.
            for i in tops.indices.dropFirst() { tops[i] -= stack.topPadding }
            tops[tops.count - 1] += stack.bottomPadding
        }
        if includeLines {
            // The baseline sits −above below the line's top; DynamicLayout's first line also holds
            // the top padding above it.
            let firstShift = dynamic && model.includeFontPadding ? -stack.topPadding : 0
            lines = broken.indices.map { i in
                MeasuredLine(start: broken[i].start, length: broken[i].end - broken[i].start, width: broken[i].width,
                             top: Double(tops[i]), height: Double(tops[i + 1] - tops[i]),
                             baseline: Double(-stack.aboves[i] + (i == 0 ? firstShift : 0)))
            }
        }
    }

    /// `getLineTop(line)` (DynamicLayout's for an EditText).
    func top(ofLine line: Int) -> Int { tops[min(max(line, 0), tops.count - 1)] }

    /// The layout's height: StaticLayout's v; DynamicLayout's reflowed block
    /// (`ht = reflowed.getLineTop(n) − topPadding + bottomPadding` when includePad).
    static func height(of stack: StaticLayoutStack, dynamic: Bool, includePad: Bool) -> Int {
        guard dynamic && includePad else { return stack.height }
        return stack.height - stack.topPadding + stack.bottomPadding
    }
}
