/// Flutter's text, laid out by Skia's SkParagraph: a bare paragraph (`Text` / `TextPainter`), a Material 3
/// `TextField` or a `CupertinoTextField`. Sizes are logical px; every line is a whole px tall
/// (`InternalLineMetrics::height` rounds it), so heights are integers.
///
/// ```swift
/// let model = FlutterModel(measure: .paragraph)
/// let m = model.measure(try model.prepare("Hello", font: try Font(file: "fixtures/fonts/LiberationSans-Regular.ttf", size: 17)),
///                       width: 300)
/// m.textHeight  // 20: round(ascent 15.39 + descent 3.61 + line gap 0.56) of Liberation Sans at 17 px
/// ```
public struct FlutterModel: PlatformModel {
    public enum Measure: String, Sendable, CaseIterable {
        /// A bare SkParagraph (`Text`, `TextPainter`): no strut unless one is given.
        case paragraph
        /// Material 3 `TextField`: EditableText's forced strut, the caret margin, RenderEditable's clamp.
        case textField = "textfield"
        /// `CupertinoTextField`: the same editable, padding 7 all round, no minimum height.
        case cupertino
    }

    public var measure: Measure
    /// The Material field's InputDecorator (its padding, gaps and minimum height); ignored by the other measures.
    public var decoration: Decoration
    /// `InputDecoration.isDense`: the dense content padding, no 48 px minimum.
    public var dense: Bool
    /// `contentPadding` (Material) or `padding` (Cupertino), CSS order; nil: the default of the measure
    /// and decoration (`defaultPadding`).
    public var customPadding: Insets?
    /// `InputDecoration.hintMaxLines`: the hint's lines (nil: all of them).
    public var hintMaxLines: Int?
    /// `TextStyle.height`: nil lets each font's ascent + descent + line gap decide.
    public var heightMultiplier: Double?
    /// `TextLeadingDistribution.even` (half leading) rather than proportional.
    public var halfLeading: Bool
    /// A strut from the text style with `forceStrutHeight` (EditableText's default).
    public var forceStrut: Bool
    /// `TextStyle.letterSpacing`, px after every glyph.
    public var letterSpacing: Double
    /// Skia's `applyRoundingHack`, on by default in Skia, off in Flutter since 3.15
    /// (`ParagraphBuilderSkia::TxtToSkia`): the overflow test rounds rather than cuts to 1/100 px.
    public var roundingHack: Bool
    /// minLines / maxLines of the editable (RenderEditable); px limits of the box.
    public var limits: Limits

    public init(measure: Measure = .textField, decoration: Decoration = .underline, dense: Bool = false,
                padding: Insets? = nil, hintMaxLines: Int? = nil, heightMultiplier: Double? = nil,
                halfLeading: Bool = false, forceStrut: Bool? = nil, letterSpacing: Double = 0,
                roundingHack: Bool = false, limits: Limits = .none) {
        self.measure = measure
        self.decoration = decoration
        self.dense = dense
        self.customPadding = padding
        self.hintMaxLines = hintMaxLines
        self.heightMultiplier = heightMultiplier
        self.halfLeading = halfLeading
        self.forceStrut = forceStrut ?? (measure != .paragraph)
        self.letterSpacing = letterSpacing
        self.roundingHack = roundingHack
        self.limits = limits
    }

    /// ICU line breaks with CJ as ID (measured: Skia m144 breaks before a small kana or ー, as ICU's
    /// `lb=normal` does and its root rules do not), trailing white space hangs (TextWrapper::lookAhead,
    /// trimEndSpaces), SkParagraph's overflow test, a word longer than a line broken from the line it
    /// overflows, FreeType's advances, letter spacing after every glyph, the last one included.
    public var breakRules: BreakRules {
        var rules = BreakRules(locale: "@lb=normal", hanging: .unicodeWhiteSpace, tabStops: .every(28),
                               fit: .skParagraph(roundingHack: roundingHack), textSpacingTrim: .spaceAll,
                               letterSpacing: .px(letterSpacing))
        rules.longWordsStartOnTheLine = true
        rules.freeTypeAdvances = true
        rules.letterSpacingPerGlyph = true
        return rules
    }

    /// The padding in effect: the one given, else the measure's and decoration's default.
    public var padding: Insets {
        customPadding ?? FlutterModel.defaultPadding(measure, decoration: decoration, dense: dense)
    }

    /// RenderEditable wraps at the input width less the caret margin, `_kCaretGap` 1 + `cursorWidth` 2
    /// (`_adjustConstraints`); a bare paragraph at the width less its padding.
    public func wrapWidth(forWidth width: Double) -> Double {
        let inner = width - padding.horizontal - 2 * inputGap
        return measure == .paragraph ? inner : max(0, inner - 3)
    }

    public func measure(_ prepared: PreparedText, width: Double, includeLines: Bool) -> Measurement {
        let wrapWidth = wrapWidth(forWidth: width)
        let strut = forceStrut ? strutHeight(prepared.font) : nil
        let empty = strut ?? emptyLineHeight(prepared.font)
        var lines: [MeasuredLine] = []
        var top = 0.0
        var count = 0
        var overflowing = 0
        var previous = empty
        prepared.forEachLine(width: wrapWidth) { line, fonts in
            if !BreakRules.Fit.skParagraphFits(line.width, available: wrapWidth, roundingHack: roundingHack) { overflowing += 1 }
            let mask = line.endsWithLineBreak ? prepared.skiaRunMask(endingInBreak: line) : line.fontMask
            let height = strut ?? self.lineHeight(fonts, mask: mask)
            if includeLines {
                lines.append(MeasuredLine(start: line.start, length: line.end - line.start, width: line.width,
                                          top: top, height: height))
            }
            top += height
            count += 1
            previous = height
        }
        // An empty text is one empty line; a final hard break adds a line with the last line's metrics
        // (TextWrapper::breakTextIntoLines, `if (fHardLineBreak)` after the loop).
        if prepared.isEmpty || prepared.endsWithLineBreak {
            let height = prepared.isEmpty ? empty : previous
            if includeLines {
                lines.append(MeasuredLine(start: prepared.utf16.count, length: 0, width: 0, top: top, height: height))
            }
            top += height
            count += 1
        }
        let row = strut ?? emptyLineHeight(prepared.font)
        let text = editableHeight(top, row: row)
        let content = text + padding.vertical
        let box = decoratedBox(content)
        return Measurement(boxHeight: box, contentHeight: content, textHeight: top, lineCount: count,
                           scrolls: top > text || content > box, wrapWidth: wrapWidth, lineHeight: row,
                           minHeight: limits.minLines.map { contentHeight(ofLines: $0, font: prepared.font) } ?? limits.minHeight,
                           maxHeight: limits.maxLines.map { contentHeight(ofLines: $0, font: prepared.font) } ?? limits.maxHeight,
                           missingGlyphs: prepared.missingGlyphs, overflowingLines: overflowing, lines: lines)
    }

    /// RenderEditable.performLayout: with maxLines, clamp(text, L × (minLines ?? maxLines), L × maxLines),
    /// so maxLines alone locks the height; without, at least L × minLines. A paragraph has no rows.
    func editableHeight(_ text: Double, row: Double) -> Double {
        guard measure != .paragraph else { return text }
        if let maxLines = limits.maxLines {
            return min(max(text, row * Double(limits.minLines ?? maxLines)), row * Double(maxLines))
        }
        return max(text, row * Double(limits.minLines ?? 0))
    }

    public func contentHeight(ofLines lines: Int, font: Font) -> Double {
        let row = forceStrut ? strutHeight(font) : emptyLineHeight(font)
        return row * Double(max(lines, 0)) + padding.vertical
    }
}

extension PreparedText {
    /// The fonts whose runs set the height of a line that ends with a hard break, in SkParagraph: the
    /// break's own cluster adds none (`TextStretch::extend`), but a line starts with its first cluster's
    /// run (`startFrom`), so a line of nothing but the break takes the metrics of the run the break is
    /// in, with `TextStyle.height` applied, not the empty metrics. That run is the one of the text before
    /// the break (measured in Skia m144: "المستعرض\n" in Inter + Noto Sans Arabic at height 2 is
    /// 34 + 34 px, no Inter line; "a\n\nb" at 16 px, height 1.5, half leading, is 3 × 24), else the primary's.
    func skiaRunMask(endingInBreak line: Line) -> UInt32 {
        var contentEnd = line.end
        while contentEnd > line.start && CharacterClass.isLineBreak(utf16[contentEnd - 1]) { contentEnd -= 1 }
        if contentEnd > line.start { return fontMask(from: line.start, to: contentEnd) }
        var before = line.start
        while before > 0 && CharacterClass.isLineBreak(utf16[before - 1]) { before -= 1 }
        guard before > 0 else { return 1 }
        let start = before >= 2 && UTF16.isTrailSurrogate(utf16[before - 1]) ? before - 2 : before - 1
        return fontMask(from: start, to: before)
    }
}
