/// An Android text view: an `EditText` (laid out by `DynamicLayout`), a `TextView` (a
/// `StaticLayout`) or a bare `StaticLayout.Builder` layout, measured as `TextView.onMeasure` does
/// with a WRAP_CONTENT height (`getDesiredHeight`). Sizes, widths and heights are px; heights are
/// whole px as Android's layouts keep them.
///
/// ```swift
/// let model = AndroidModel(limits: Limits(maxLines: 5))
/// let m = model.measure(try model.prepare("Hello", font: try Font(file: "fixtures/fonts/Inter-Regular.otf", size: 42)),
///                       width: 945)
/// m.boxHeight  // 60: FontMetricsInt bottom 14 − top −46 of Inter at 42 px
/// ```
public struct AndroidModel: PlatformModel {
    public enum Measure: String, Sendable, CaseIterable {
        /// `EditText`: editable text is laid out by DynamicLayout, which reflows with includePad
        /// off and adds the font padding around the whole block (DynamicLayout.reflow).
        case editText = "edittext"
        /// `TextView` with non-editable text: a StaticLayout built by TextView.makeSingleLayout.
        case textView = "textview"
        /// `StaticLayout.Builder.obtain(…).build().getHeight()` with the Builder's defaults.
        case staticLayout = "staticlayout"
        /// Jetpack Compose's `BasicTextField`: Compose's TextLayout (a StaticLayout) sized by
        /// CoreTextField's modifiers (AndroidModel+Compose.swift).
        case compose
        /// Material 3's `TextField` / `OutlinedTextField` without label, icons or supporting text:
        /// a BasicTextField in TextFieldLayout's decoration (AndroidModel+Compose.swift).
        case composeTextField = "compose-textfield"

        /// A Compose measure: lengths are Compose's float px (`Dp.toPx`), rounded where Compose rounds.
        public var isCompose: Bool { self == .compose || self == .composeTextField }
    }

    public var measure: Measure
    /// `View.setPadding` (for an EditText, the padding of its background drawable), CSS order, px.
    public var padding: Insets
    public var breakStrategy: AndroidBreakStrategy
    /// `setFallbackLineSpacing` / `setUseLineSpacingFromFallbacks`.
    public var fallbackLineSpacing: Bool
    /// `setIncludeFontPadding` / `setIncludePad`.
    public var includeFontPadding: Bool
    /// `setLineSpacing(add, mult)`: floats, as Android stores them.
    public var lineSpacingExtra: Float
    public var lineSpacingMultiplier: Float
    /// `TextView.setLineHeight(px)`: sets the extra to `px − getFontMetricsInt(null)`, multiplier 1.
    /// Under a Compose measure, `TextStyle.lineHeight` in px, applied by Compose's line-height span.
    public var lineHeight: Double?
    /// Compose's `TextStyle.lineHeightStyle` (Compose measures only); nil: `LineHeightStyle.Default`,
    /// or Compose's older `LineHeightSpan` when includeFontPadding is on (`createCharSequence`).
    public var lineHeightStyle: ComposeLineHeightStyle?
    /// Compose measures: px per dp (`LocalDensity`), for Compose's own dp constants.
    public var density: Double = 1
    /// `TextView.setLetterSpacing` / `Paint.setLetterSpacing`, in em: Minikin spaces each cluster by
    /// em × text size (TextSpacing, `BreakRules.LetterSpacingRule.minikin`).
    public var letterSpacing: Double = 0
    /// `setMinLines`/`setMinHeight` and `setMaxLines`/`setMaxHeight`: TextView keeps one minimum and
    /// one maximum (mMinMode, mMaxMode), so lines and px of the same side must not both be set.
    public var limits: Limits

    /// Defaults: a TextView's includeFontPadding on; Compose's off (`DefaultIncludeFontPadding = false`
    /// in ui-text since Compose 1.6) and its fallback line spacing always on (`AndroidParagraph`
    /// `constructTextLayout`: `fallbackLineSpacing = true`).
    public init(measure: Measure = .editText, padding: Insets = .zero, breakStrategy: AndroidBreakStrategy? = nil,
                fallbackLineSpacing: Bool? = nil, includeFontPadding: Bool? = nil, lineSpacingExtra: Double = 0,
                lineSpacingMultiplier: Double = 1, lineHeight: Double? = nil, limits: Limits = .none) {
        self.measure = measure
        self.padding = padding
        self.breakStrategy = breakStrategy ?? AndroidModel.defaultBreakStrategy(measure)
        self.fallbackLineSpacing = fallbackLineSpacing ?? (measure != .staticLayout)
        self.includeFontPadding = includeFontPadding ?? !measure.isCompose
        self.lineSpacingExtra = Float(lineSpacingExtra)
        self.lineSpacingMultiplier = Float(lineSpacingMultiplier)
        self.lineHeight = lineHeight
        self.limits = limits
    }

    /// TextView.setBreakStrategy docs: "The default value for EditText is BREAK_STRATEGY_SIMPLE",
    /// for TextView BREAK_STRATEGY_HIGH_QUALITY; StaticLayout.Builder.obtain sets SIMPLE; Compose's
    /// `resolveParagraphStyleDefaults` gives `LineBreak.Simple` (BREAK_STRATEGY_SIMPLE).
    public static func defaultBreakStrategy(_ measure: Measure) -> AndroidBreakStrategy {
        measure == .textView ? .highQuality : .simple
    }

    /// Minikin's breaking: ICU with WordBreaker's adjustments, line-end spaces hang, tab stops every
    /// 20 px (StaticLayout TAB_INCREMENT), a line fits when its width is at most the limit.
    public static let breakRules = BreakRules(locale: "", hanging: .lineEndSpaces, tabStops: .every(20), fit: .exact,
                                              wordBreaks: .minikin)
    public var breakRules: BreakRules {
        guard letterSpacing != 0 else { return AndroidModel.breakRules }
        var rules = AndroidModel.breakRules
        rules.letterSpacing = .em(letterSpacing)
        rules.letterSpacingRule = .minikin
        return rules
    }

    /// TextView lays out at width − getCompoundPaddingLeft − getCompoundPaddingRight; Compose at
    /// the width less its padding, each side rounded (`PaddingNode`: `start.roundToPx() + end.roundToPx()`).
    public func wrapWidth(forWidth width: Double) -> Double {
        guard measure.isCompose else { return width - padding.horizontal }
        return width - Double(AndroidModel.roundToPx(padding.left) + AndroidModel.roundToPx(padding.right))
    }

    /// The spacing add and multiplier in effect: setLineHeight replaces both (Compose's line height
    /// is a span instead: `ComposeLineHeightSpan`).
    func spacing(_ metrics: AndroidFontMetrics) -> (add: Float, mult: Float) {
        guard let lineHeight, !measure.isCompose else { return (lineSpacingExtra, lineSpacingMultiplier) }
        return (Float(lineHeight) - Float(metrics.fontSpacing), 1)
    }

    /// `TextView.getLineHeight()`: FastMath.round(getFontMetricsInt(null) × mult + add), the row
    /// minLines adds.
    func rowHeight(_ metrics: AndroidFontMetrics) -> Int {
        let (add, mult) = spacing(metrics)
        let value = Float(metrics.fontSpacing) * mult + add
        // FastMath.round: (int) (((long) (value × 2^24) + 0x800000) >> 24).
        guard value.isFinite, abs(value) < 1e9 else { return 0 }
        let fixed = Int64((value * 16_777_216).rounded(.towardZero))
        return Int((fixed + 0x80_0000) >> 24)
    }

    public func measure(_ prepared: PreparedText, width: Double, includeLines: Bool) -> Measurement {
        if measure.isCompose { return composeMeasure(prepared, placeholder: nil, width: width, includeLines: includeLines) }
        let wrapWidth = wrapWidth(forWidth: width)
        let layout = AndroidLayout(self, prepared: prepared, wrapWidth: wrapWidth, includeLines: includeLines)
        let metrics = AndroidFontMetrics(prepared.font)
        let verticalPadding = Int(padding.top + padding.bottom)
        let content = layout.height + verticalPadding
        // TextView.getDesiredHeight(layout, cap = true).
        var desired = content
        var lineCount = layout.lineCount
        if let maxLines = limits.maxLines {
            if measure == .editText, lineCount > maxLines {
                desired = layout.top(ofLine: maxLines) + verticalPadding  // DynamicLayout.getLineTop(max)
                lineCount = maxLines
            } else if measure != .editText, let capped = layout.maxLineHeight, layout.lineCount >= maxLines {
                desired = capped + verticalPadding  // StaticLayout.getHeight(true) = mMaxLineHeight
            }
        } else if let maxHeight = limits.maxHeight {
            desired = min(desired, Int(maxHeight))
        }
        if let minLines = limits.minLines {
            if lineCount < minLines { desired += rowHeight(metrics) * (minLines - lineCount) }
        } else if let minHeight = limits.minHeight {
            desired = max(desired, Int(minHeight))
        }
        return Measurement(
            boxHeight: Double(desired), contentHeight: Double(content), textHeight: Double(layout.height),
            lineCount: layout.lineCount, scrolls: content > desired, wrapWidth: wrapWidth,
            lineHeight: Double(rowHeight(metrics)),
            minHeight: limits.minLines.map { contentHeight(ofLines: $0, font: prepared.font) } ?? limits.minHeight,
            maxHeight: limits.maxLines.map { contentHeight(ofLines: $0, font: prepared.font) } ?? limits.maxHeight,
            missingGlyphs: prepared.missingGlyphs, overflowingLines: layout.overflowingLines, lines: layout.lines)
    }

    /// TextView.getDesiredHeight takes the larger of `getDesiredHeight(mLayout, true)` and
    /// `getDesiredHeight(mHintLayout, false)`: a long hint keeps the view tall after typing starts.
    /// A bare StaticLayout has no hint: there the placeholder stands in for an empty text. Compose
    /// sizes to its placeholder while the text is empty (`composeMeasure`).
    public var sizesToPlaceholder: Bool { measure != .staticLayout }

    /// The hint is a StaticLayout (TextView.makeNewLayout; a BoringLayout when it is one plain
    /// line, of the same height) with the view's padding, spacing and fallback line spacing,
    /// measured uncapped: maxLines does not cut it ("Don't cap the hint to a certain number of
    /// lines"); max/min height and minLines still apply. On screen it shows only while the text is
    /// empty, so an empty text reports the hint's lines.
    public func measure(_ prepared: PreparedText, placeholder: PreparedText, width: Double,
                        includeLines: Bool) -> Measurement {
        if measure.isCompose {
            return composeMeasure(prepared, placeholder: placeholder, width: width, includeLines: includeLines)
        }
        let text = measure(prepared, width: width, includeLines: includeLines)
        var hintModel = self
        hintModel.measure = .textView
        hintModel.limits.maxLines = nil
        let hint = hintModel.measure(placeholder, width: width, includeLines: includeLines)
        var m = prepared.isEmpty ? hint : text
        m.maxHeight = text.maxHeight
        m.minHeight = text.minHeight
        m.boxHeight = max(text.boxHeight, hint.boxHeight)
        m.scrolls = m.contentHeight > m.boxHeight
        return m
    }

    /// `lines` lines of the primary font alone, stacked as this measure stacks them, plus padding.
    public func contentHeight(ofLines lines: Int, font: Font) -> Double {
        if measure.isCompose { return Double(composeContentHeight(ofLines: lines, font: font)) }
        let metrics = AndroidFontMetrics(font)
        var stack = stack(metrics, maxVisibleLines: nil)
        let n = max(lines, 1)
        for i in 0..<n { stack.out(LineBounds(metrics), isLast: i == n - 1) }
        return Double(AndroidLayout.height(of: stack, dynamic: measure == .editText, includePad: includeFontPadding)
                      + Int(padding.top + padding.bottom))
    }

    /// The StaticLayout the measure builds: DynamicLayout reflows with includePad off and tracks
    /// the padding itself; a TextView and a Builder pass includePad as trackPad too.
    func stack(_ metrics: AndroidFontMetrics, maxVisibleLines: Int?) -> StaticLayoutStack {
        let (add, mult) = spacing(metrics)
        let dynamic = measure == .editText
        return StaticLayoutStack(includePad: dynamic ? false : includeFontPadding,
                                 trackPad: dynamic ? true : includeFontPadding, spacingMultiplier: mult,
                                 spacingAdd: add, maxVisibleLines: maxVisibleLines)
    }
}

extension AndroidModel {
    /// A dimension in dp (or sp) as a resource gives it in px (`TypedValue.complexToDimensionPixelSize`,
    /// what `getDimensionPixelSize` returns for layout_width, padding, textSize, lineSpacingExtra):
    /// value × density rounded half away from zero, at least 1 px when the value is not 0.
    public static func pixelSize(_ value: Double, density: Double) -> Double {
        let f = Float(value) * Float(density)
        let rounded = (f >= 0 ? f + 0.5 : f - 0.5).rounded(.towardZero)
        if rounded != 0 { return Double(rounded) }
        if value == 0 { return 0 }
        return value > 0 ? 1 : -1
    }
}
