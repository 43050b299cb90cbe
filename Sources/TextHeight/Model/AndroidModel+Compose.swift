/// Jetpack Compose's text fields over Android's StaticLayout (`--measure compose`, `compose-textfield`).
///
/// Problem: Compose lays text out with the platform's StaticLayout, but sizes it with its own rules:
/// its `lineHeight` is a LineHeightSpan, not `TextView.setLineHeight`; its TextLayout adds paddings
/// and an extra for an empty last line; its min/max lines are heights measured on a sample text.
///
/// Approach, from androidx `compose/` (read on GitHub's androidx/androidx, 2025–2026 sources):
/// - the text: `AndroidParagraph.constructTextLayout` → TextLayout (ui-text `TextLayout.android.kt`):
///   a StaticLayout with fallbackLineSpacing true, lineSpacing (0, 1), the style's includeFontPadding
///   (false by default since 1.6), break strategy from `LineBreak.Simple`; `TextLayout.height` =
///   layout height + `topPadding` + `bottomPadding` + `lastLineExtra`;
/// - `lineHeight` (`createCharSequence`, `Spannable.setLineHeight`): a `LineHeightStyleSpan` over the
///   whole text (endIndex = length, + 1 when the text is empty or ends in U+000A), or with
///   includeFontPadding and no `lineHeightStyle` the older `LineHeightSpan`;
/// - BasicTextField (CoreTextField's modifiers): `heightInLines` (min/max lines from a three-line
///   sample) and `textFieldMinSize` (at least one line of "HHHHHHHHHH"), the text scrolling inside;
/// - Material 3 (`TextField.kt` / `OutlinedTextField.kt`, no label): the text field box at least
///   `MinTextLineHeight` 24 dp tall, `(top + bottom).roundToPx()` around it, at least
///   `TextFieldDefaults.MinHeight` 56 dp (the CLI's default `--min-height`).
///
/// Limits: API 28+ only (fallback line spacing applied, so TextLayout's bounds-based vertical
/// paddings are 0); no label, icons, prefix/suffix or supporting text; no non-linear font scaling.
extension AndroidModel {
    /// Compose's `Dp.roundToPx()` / `Float.roundToInt()`: Math.round of a float, ⌊x + 0.5⌋.
    static func roundToPx(_ px: Double) -> Int {
        let value = (Float(px) + 0.5).rounded(.down)
        guard value.isFinite else { return 0 }
        return Int(max(min(value, Float(Int32.max)), Float(Int32.min)))
    }

    /// The box of a Compose text field around `inner` px of text field (CoreTextField's size):
    /// BasicTextField adds its padding side by side (`PaddingNode`); Material 3's TextFieldLayout
    /// takes at least `MinTextLineHeight` for the text field, adds `(top + bottom).roundToPx()`
    /// (`calculateHeight`), and keeps the `defaultMinSize` minimum. Without the height limits.
    func composeBox(inner: Int) -> Int {
        switch measure {
        case .composeTextField:
            // TextFieldImpl.kt `MinTextLineHeight = 24.dp` (textPadding: heightIn(min)).
            let minText = AndroidModel.roundToPx(24 * density)
            return AndroidModel.roundToPx(padding.top + padding.bottom) + max(minText, inner)
        default:
            return AndroidModel.roundToPx(padding.top) + AndroidModel.roundToPx(padding.bottom) + inner
        }
    }

    /// The box clamped by `--min-height` / `--max-height` (`Modifier.heightIn`; Material 3's
    /// `defaultMinSize(minHeight = 56.dp)` is the CLI's default minimum).
    func composeClamp(_ box: Int) -> Int {
        var box = box
        if let minHeight = limits.minHeight { box = max(box, AndroidModel.roundToPx(minHeight)) }
        if let maxHeight = limits.maxHeight { box = min(box, AndroidModel.roundToPx(maxHeight)) }
        return box
    }

    func composeMeasure(_ prepared: PreparedText, placeholder: PreparedText?, width: Double,
                        includeLines: Bool) -> Measurement {
        let wrapWidth = wrapWidth(forWidth: width)
        let text = ComposeTextLayout(self, prepared: prepared, wrapWidth: wrapWidth, includeLines: includeLines)
        let sample = ComposeSampleLines(self, fonts: prepared.fonts)
        // CoreTextField: textFieldMinSize (one line of the sample) and heightInLines' minimum inside
        // the scroll, its maximum outside it (TextFieldScroll measures the text unbounded).
        var inner = max(text.height, sample.oneLine)
        if let minLines = limits.minLines { inner = max(inner, sample.height(ofLines: minLines)) }
        if let maxLines = limits.maxLines { inner = min(inner, sample.height(ofLines: maxLines)) }
        // A placeholder shows, and is measured, only while the text is empty (TextFieldImpl:
        // `placeholder != null && transformedText.isEmpty()`): the box takes the taller of the two.
        var measured = text
        if let placeholder, prepared.isEmpty {
            let hint = ComposeTextLayout(self, prepared: placeholder, wrapWidth: wrapWidth, includeLines: includeLines)
            inner = max(inner, hint.height)
            measured = hint
        }
        let box = composeClamp(composeBox(inner: inner))
        let content = composeBox(inner: measured.height)
        return Measurement(
            boxHeight: Double(box), contentHeight: Double(content), textHeight: Double(measured.height),
            lineCount: measured.lineCount, scrolls: content > box, wrapWidth: wrapWidth,
            lineHeight: Double(sample.middle), minHeight: composeMinHeight(sample), maxHeight: composeMaxHeight(sample),
            missingGlyphs: measured.missingGlyphs, overflowingLines: measured.overflowingLines, lines: measured.lines)
    }

    /// The effective minimum box, when a limit sets one.
    func composeMinHeight(_ sample: ComposeSampleLines) -> Double? {
        guard limits.minLines != nil || limits.minHeight != nil else { return nil }
        return Double(composeClamp(composeBox(inner: limits.minLines.map(sample.height(ofLines:)) ?? 0)))
    }

    /// The effective maximum box, when a limit sets one.
    func composeMaxHeight(_ sample: ComposeSampleLines) -> Double? {
        if let maxLines = limits.maxLines { return Double(composeClamp(composeBox(inner: sample.height(ofLines: maxLines)))) }
        return limits.maxHeight.map { Double(AndroidModel.roundToPx($0)) }
    }

    /// `lines` lines of the sample as heightInLines counts them, in the field's box.
    func composeContentHeight(ofLines lines: Int, font: Font) -> Int {
        composeBox(inner: ComposeSampleLines(self, fonts: FontStack(unchecked: font)).height(ofLines: max(lines, 1)))
    }
}

/// Compose's `LineHeightStyle` (ui-text `LineHeightStyle.kt`): how a line is placed in its line height.
public struct ComposeLineHeightStyle: Sendable, Equatable {
    /// `Alignment.topRatio`: Top 0, Center 0.5, Bottom 1, Proportional −1 (the line's own ascent share).
    public var topRatio: Float
    /// `Trim`: leave the first line's top, the last line's bottom at the font's.
    public var trimFirstLineTop: Bool
    public var trimLastLineBottom: Bool
    /// `Mode.Minimum` (`preserveMinimumHeight`): a line height below the font's keeps the font's.
    public var preserveMinimumHeight: Bool

    public init(topRatio: Float, trimFirstLineTop: Bool, trimLastLineBottom: Bool, preserveMinimumHeight: Bool = false) {
        self.topRatio = topRatio
        self.trimFirstLineTop = trimFirstLineTop
        self.trimLastLineBottom = trimLastLineBottom
        self.preserveMinimumHeight = preserveMinimumHeight
    }

    /// `LineHeightStyle.Default`: Proportional, Trim.Both, Mode.Fixed.
    public static let `default` = ComposeLineHeightStyle(topRatio: -1, trimFirstLineTop: true, trimLastLineBottom: true)
    /// Material 3's `DefaultLineHeightStyle` (tokens/TypographyTokens.kt, current): Center, Trim.None.
    /// (Earlier Material 3 releases had Proportional, Trim.None.)
    public static let material3 = ComposeLineHeightStyle(topRatio: 0.5, trimFirstLineTop: false, trimLastLineBottom: false)
}

/// The line-height span Compose puts on its text, as `StaticLayout.out` applies it: `chooseHeight`
/// changes the line's ascent and descent before the first line's top and last line's bottom padding.
enum ComposeLineHeightSpan {
    /// `LineHeightStyleSpan` (ui-text style/LineHeightStyleSpan.android.kt).
    case style(ComposeLineHeightStyleSpan)
    /// `LineHeightSpan` (style/LineHeightSpan.android.kt): each line scaled to ⌈lineHeight⌉ on its own.
    case legacy(ceiled: Int)

    /// The span of `model`'s line height over `text` (`createCharSequence`), or nil without one.
    init?(_ model: AndroidModel, text: PreparedText) {
        self.init(model, length: text.utf16.count, endsWithLineBreak: text.utf16.last == 0x0A)
    }

    /// The span over a text of `length` UTF-16 units.
    init?(_ model: AndroidModel, length: Int, endsWithLineBreak: Bool) {
        guard model.measure.isCompose, let lineHeight = model.lineHeight else { return nil }
        if model.includeFontPadding && model.lineHeightStyle == nil {
            // "keep the existing line height behavior for includeFontPadding=true".
            self = .legacy(ceiled: ComposeLineHeightStyleSpan.ceiled(lineHeight))
            return
        }
        // Spannable.setLineHeight: "in order to handle empty lines (including empty text) better,
        // change endIndex so that it won't apply trimLastLineBottom rule".
        let endIndex = length == 0 || endsWithLineBreak ? length + 1 : length
        self = .style(ComposeLineHeightStyleSpan(lineHeight: Float(lineHeight), endIndex: endIndex,
                                                 style: model.lineHeightStyle ?? .default))
    }

    mutating func chooseHeight(_ line: LineBounds, start: Int, end: Int) -> LineBounds {
        switch self {
        case .style(var span):
            let chosen = span.chooseHeight(line, isFirst: start == 0, isLast: end == span.endIndex)
            self = .style(span)
            return chosen
        case .legacy(let ceiled):
            // LineHeightSpan.chooseHeight: ratio = ceiled × 1.0f / current; descent = ceil(descent × ratio).
            let current = line.descent - line.ascent
            guard current > 0 else { return line }
            let ratio = Float(ceiled) * 1.0 / Float(current)
            var chosen = line
            chosen.descent = ComposeLineHeightStyleSpan.int((Double(line.descent) * Double(ratio)).rounded(.up))
            chosen.ascent = chosen.descent - ceiled
            return chosen
        }
    }

    /// TextLayout `getLineHeightPaddings` (LineHeightStyleSpan only): a first line whose ascent the
    /// span shrank pads the top; a shrunk last line the bottom (max'ed with the top's, as written).
    var paddings: (top: Int, bottom: Int) {
        guard case .style(let span) = self else { return (0, 0) }
        let top = span.firstAscentDiff < 0 ? -span.firstAscentDiff : 0
        let bottom = span.lastDescentDiff < 0 ? max(top, -span.lastDescentDiff) : 0
        return (top, bottom)
    }
}

/// `LineHeightStyleSpan`: the target ascent and descent are worked out once, from the first line
/// it is asked about (`calculateTargetMetrics`), and given to every line; the first line takes
/// `firstAscent`, the last `lastDescent`.
struct ComposeLineHeightStyleSpan {
    let lineHeight: Float
    let endIndex: Int
    let style: ComposeLineHeightStyle
    private var target: (firstAscent: Int, ascent: Int, descent: Int, lastDescent: Int)?
    private(set) var firstAscentDiff = 0
    private(set) var lastDescentDiff = 0

    init(lineHeight: Float, endIndex: Int, style: ComposeLineHeightStyle) {
        self.lineHeight = lineHeight
        self.endIndex = endIndex
        self.style = style
    }

    /// `ceil(lineHeight).toInt()`.
    static func ceiled(_ lineHeight: Double) -> Int { int(Double(Float(lineHeight).rounded(.up))) }

    /// Kotlin's `Float.toInt()`/`Double.toInt()` of a whole value: saturating.
    static func int(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(max(min(value, Double(Int32.max)), Double(Int32.min)))
    }

    mutating func chooseHeight(_ line: LineBounds, isFirst: Bool, isLast: Bool) -> LineBounds {
        // "If current height is not positive, do nothing."
        guard line.descent - line.ascent > 0 else { return line }
        // "if single line and should not apply, return"
        if isFirst && isLast && style.trimFirstLineTop && style.trimLastLineBottom { return line }
        let target = self.target ?? calculateTargetMetrics(line)
        var chosen = line
        chosen.ascent = isFirst ? target.firstAscent : target.ascent
        chosen.descent = isLast ? target.lastDescent : target.descent
        return chosen
    }

    private mutating func calculateTargetMetrics(_ fm: LineBounds) -> (firstAscent: Int, ascent: Int, descent: Int, lastDescent: Int) {
        let current = fm.descent - fm.ascent
        let ceiledLineHeight = ComposeLineHeightStyleSpan.int(Double(lineHeight.rounded(.up)))
        let diff = ceiledLineHeight - current
        let result: (firstAscent: Int, ascent: Int, descent: Int, lastDescent: Int)
        if style.preserveMinimumHeight && diff <= 0 {
            result = (fm.ascent, fm.ascent, fm.descent, fm.descent)
        } else {
            let ascentRatio: Float = style.topRatio == -1 ? abs(Float(fm.ascent)) / Float(current) : style.topRatio
            // "diff * topRatio is the amount that should go to below the baseline" (shrinking), else
            // diff * (1 − ratio); each ceil'ed in float.
            let share = diff <= 0 ? Float(diff) * ascentRatio : Float(diff) * (1 - ascentRatio)
            let descent = fm.descent + ComposeLineHeightStyleSpan.int(Double(share.rounded(.up)))
            let ascent = descent - ceiledLineHeight
            result = (style.trimFirstLineTop ? fm.ascent : ascent, ascent, descent,
                      style.trimLastLineBottom ? fm.descent : descent)
        }
        firstAscentDiff = fm.ascent - result.firstAscent
        lastDescentDiff = result.lastDescent - fm.descent
        target = result
        return result
    }
}
