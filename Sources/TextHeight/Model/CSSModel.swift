/// A `<textarea>` or a `<div>` with `white-space: pre-wrap; overflow-wrap: break-word`, laid out
/// the way Chromium (Blink's LayoutNG) does: sizes and widths in CSS px, sums in LayoutUnit
/// (1/64 px), no rounding to whole pixels except in `scrollHeight`.
///
/// ```swift
/// let model = CSSModel(lineHeight: .multiple(1.2))
/// let m = model.measure(try model.prepare("Hello", font: .embeddedDefault(size: 16)), width: 300)
/// m.contentHeight  // 19.1875: LayoutUnit(1.2 × 16) floors 19.2 to 1/64 px
/// ```
public struct CSSModel: PlatformModel {
    public enum Measure: String, Sendable, CaseIterable {
        /// A textarea: a trailing line break adds a row (Blink's placeholder `<br>`), an empty one is a row tall.
        case textarea
        /// A `pre-wrap` div: a trailing line break adds nothing, an empty div has no line.
        case div
    }

    public enum LineHeight: Sendable, Equatable {
        /// `line-height: normal`: from the fonts' rounded ascent, descent and line gap.
        case normal
        /// A unitless number, times the font size.
        case multiple(Double)
        /// A length in px.
        case pixels(Double)
    }

    public enum WhiteSpace: String, Sendable, CaseIterable {
        /// Spaces at a line end hang (a textarea's default).
        case preWrap = "pre-wrap"
        /// Spaces wrap like other characters.
        case breakSpaces = "break-spaces"
    }

    public var measure: Measure
    /// `padding`, CSS order.
    public var padding: Insets
    /// `border-width` on all four sides.
    public var border: Double
    public var lineHeight: LineHeight
    public var whiteSpace: WhiteSpace
    /// letter-spacing, word-spacing, word-break, line-break, overflow-wrap, tab-size, text-spacing-trim.
    public var text: CSSText
    public var limits: Limits

    public init(measure: Measure = .textarea, padding: Insets = .zero, border: Double = 0,
                lineHeight: LineHeight = .normal, whiteSpace: WhiteSpace = .preWrap, text: CSSText = CSSText(),
                limits: Limits = .none) {
        self.text = text
        self.measure = measure
        self.padding = padding
        self.border = border
        self.lineHeight = lineHeight
        self.whiteSpace = whiteSpace
        self.limits = limits
    }

    /// Blink's breaking: ICU tailored by the language and `line-break`, Blink's own table for ASCII
    /// pairs, pre-wrap hanging spaces, tab stops, and a line fits when its width floored to
    /// LayoutUnit is within the available width.
    public var breakRules: BreakRules {
        // LineBreaker::SetCurrentStyle: word-break picks the LineBreakType; line-break: anywhere
        // overrides it with kBreakCharacter.
        let breaking: BreakRules.WordBreaking
        switch (text.lineBreak, text.wordBreak) {
        case (.anywhere, _): breaking = .anywhere
        case (_, .keepAll): breaking = .keepAll
        case (_, .breakAll): breaking = .breakAll
        case (_, .normal), (_, .breakWord): breaking = .normal
        }
        let tabStops: BreakRules.TabStops
        switch text.tabSize {
        case .spaces(let count): tabStops = .spaces(count)
        case .length(.px(let px)): tabStops = .every(px)
        case .length(.em(let em)): tabStops = .em(em)
        }
        var rules = BreakRules(locale: "", hanging: whiteSpace == .preWrap ? .preWrap : .none, tabStops: tabStops,
                               fit: .layoutUnit, asciiPairs: .blink, textSpacingTrim: text.textSpacingTrim,
                               wordBreaking: breaking,
                               breaksLongWords: text.overflowWrap != .normal || text.wordBreak == .breakWord,
                               letterSpacing: text.letterSpacing, wordSpacing: text.wordSpacing, tabsKeepHalfSpace: true,
                               chromiumLineBreak: text.lineBreak)
        rules.wordCuts = .shapingLineBreaker
        return rules
    }

    /// `width` is the border box (`box-sizing: border-box`, what a growing textarea sets).
    public func wrapWidth(forWidth width: Double) -> Double {
        width - padding.horizontal - 2 * border
    }

    public func measure(_ prepared: PreparedText, width: Double, includeLines: Bool) -> Measurement {
        let wrapWidth = wrapWidth(forWidth: width)
        let rowHeight = self.rowHeight(prepared.font)
        var lines: [MeasuredLine] = []
        var top = 0.0
        var count = 0
        var overflowing = 0
        var lastTextLineBottom = 0.0  // glyph-box bottom of the last line with text, for scrollHeight
        let primary = BlinkFontMetrics(prepared.font)
        prepared.forEachLine(width: wrapWidth) { line, fonts in
            if LayoutUnit.floor(line.width) > wrapWidth { overflowing += 1 }
            let height = line.fontMask <= 1 ? rowHeight : self.lineHeight(fonts, mask: line.fontMask)
            if line.end > line.start && !(line.end - line.start == 1 && line.endsWithLineBreak) {
                lastTextLineBottom = top + glyphBottom(primary, lineHeight: height)
            }
            if includeLines {
                lines.append(MeasuredLine(start: line.start, length: line.end - line.start, width: line.width,
                                          top: top, height: height, endTrim: line.endTrim))
            }
            top += height
            count += 1
        }
        // Blink appends a placeholder <br> to a textarea whose value is empty or ends in a line
        // break (text_control_element.cc): one more row, of the primary font only.
        if measure == .textarea && (prepared.isEmpty || prepared.endsWithLineBreak) {
            let end = prepared.utf16.count
            if includeLines { lines.append(MeasuredLine(start: end, length: 0, width: 0, top: top, height: rowHeight)) }
            top += rowHeight
            count += 1
        }
        let frame = padding.vertical + 2 * border
        let content = top + frame
        let (lower, upper) = limits.bounds { contentHeight(ofLines: $0, font: prepared.font) }
        let box = Limits.clamp(content, min: lower, max: upper)
        // scrollHeight: the padding box, including glyphs that overflow the last line box, rounded
        // half up to an integer (Element::scrollHeight snaps LayoutUnits).
        let scrollable = max(top, lastTextLineBottom) + padding.vertical
        var m = Measurement(boxHeight: box, contentHeight: content, textHeight: top, lineCount: count,
                            scrolls: content > box, wrapWidth: wrapWidth, lineHeight: rowHeight,
                            minHeight: lower, maxHeight: upper, missingGlyphs: prepared.missingGlyphs,
                            overflowingLines: overflowing, lines: lines)
        m.scrollHeight = (scrollable + 0.5).rounded(.down)
        return m
    }

    /// Rows × row height + padding + border, as react-textarea-autosize sizes a textarea.
    public func contentHeight(ofLines lines: Int, font: Font) -> Double {
        Double(max(lines, 0)) * rowHeight(font) + padding.vertical + 2 * border
    }
}

/// Blink's fixed-point layout unit: 1/64 px.
enum LayoutUnit {
    static func floor(_ value: Double) -> Double { (value * 64).rounded(.down) / 64 }
    static func round(_ value: Double) -> Double { (value * 64).rounded() / 64 }
}
