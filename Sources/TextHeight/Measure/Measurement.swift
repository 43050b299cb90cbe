/// What a model says about a text in a box.
public struct Measurement: Sendable, Equatable {
    /// The box's height after the limits: what the auto-growing view is set to.
    public var boxHeight: Double
    /// The unclamped height, insets included (UITextView's `contentSize.height`, a div's height).
    public var contentHeight: Double
    /// The height of the text block alone, before rounding.
    public var textHeight: Double
    /// Line fragments laid out, the caret's extra fragment included where the model adds one.
    public var lineCount: Int
    /// The content is taller than the box: the view scrolls inside.
    public var scrolls: Bool
    /// The width lines were wrapped at.
    public var wrapWidth: Double
    /// The height of one line of the primary font under the model's line-height rules.
    public var lineHeight: Double
    /// The effective limits in the model's unit, from lines and heights together.
    public var minHeight: Double?
    public var maxHeight: Double?
    /// Glyphs measured as `.notdef` because no font had them.
    public var missingGlyphs: Int
    /// Lines whose content is wider than the wrap width (a grapheme wider than the line).
    public var overflowingLines: Int
    /// Per line, when asked for.
    public var lines: [MeasuredLine]
    /// CSS only: `element.scrollHeight`, an integer (glyph overflow of the last line included).
    public var scrollHeight: Double?

    public init(boxHeight: Double, contentHeight: Double, textHeight: Double, lineCount: Int, scrolls: Bool,
                wrapWidth: Double, lineHeight: Double, minHeight: Double?, maxHeight: Double?,
                missingGlyphs: Int, overflowingLines: Int, lines: [MeasuredLine]) {
        self.boxHeight = boxHeight
        self.contentHeight = contentHeight
        self.textHeight = textHeight
        self.lineCount = lineCount
        self.scrolls = scrolls
        self.wrapWidth = wrapWidth
        self.lineHeight = lineHeight
        self.minHeight = minHeight
        self.maxHeight = maxHeight
        self.missingGlyphs = missingGlyphs
        self.overflowingLines = overflowingLines
        self.lines = lines
    }
}

/// One line of a measurement: its UTF-16 range, its content width and where it sits.
public struct MeasuredLine: Sendable, Equatable {
    public var start: Int
    public var length: Int
    public var width: Double
    /// Top of the line box from the top of the text block (insets excluded).
    public var top: Double
    public var height: Double
    /// CSS text-spacing-trim taken from a closing bracket ending the line (allow-end), for drawing.
    public var endTrim: Double
    /// From the line's top to its baseline, when the model places it (Android's layouts do).
    public var baseline: Double?

    public init(start: Int, length: Int, width: Double, top: Double, height: Double, endTrim: Double = 0,
                baseline: Double? = nil) {
        self.baseline = baseline
        self.endTrim = endTrim
        self.start = start
        self.length = length
        self.width = width
        self.top = top
        self.height = height
    }
}

/// Rounds up to whole device pixels: `scale` 1 gives whole points (what `sizeThatFits` returns),
/// 2 or 3 gives 1/2 or 1/3 point.
func ceil(_ value: Double, scale: Double) -> Double {
    (value * scale - 1e-9).rounded(.up) / scale
}
