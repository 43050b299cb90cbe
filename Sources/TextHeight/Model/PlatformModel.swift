/// A platform's rules for turning laid-out lines into a box height.
///
/// A model is a small value: the break rules it wants the text prepared with, and the arithmetic
/// of its line heights, insets, rounding and limits. The engine (segmentation, shaping, greedy
/// breaking) is shared by all models.
public protocol PlatformModel: Sendable {
    /// The quirks the shared breaker must follow for this platform.
    var breakRules: BreakRules { get }
    /// The width lines wrap at inside a box of the given outer width.
    func wrapWidth(forWidth width: Double) -> Double
    /// Lays out `prepared` in a box `width` wide and measures it.
    func measure(_ prepared: PreparedText, width: Double, includeLines: Bool) -> Measurement
    /// The content height of `lines` lines of `font`, insets included: what a row limit means.
    func contentHeight(ofLines lines: Int, font: Font) -> Double
    /// The view sizes itself to its placeholder even when there is text (Android's TextView takes
    /// the taller of the text's and the hint's layouts); false: the placeholder stands in for an
    /// empty text only.
    var sizesToPlaceholder: Bool { get }
    /// Measures `prepared` in a view whose placeholder is `placeholder` (when `sizesToPlaceholder`).
    func measure(_ prepared: PreparedText, placeholder: PreparedText, width: Double, includeLines: Bool) -> Measurement
}

extension PlatformModel {
    public var sizesToPlaceholder: Bool { false }

    public func measure(_ prepared: PreparedText, placeholder: PreparedText, width: Double,
                        includeLines: Bool) -> Measurement {
        measure(prepared, width: width, includeLines: includeLines)
    }

    public func measure(_ prepared: PreparedText, width: Double) -> Measurement {
        measure(prepared, width: width, includeLines: false)
    }

    /// Prepares `text` with this model's break rules.
    public func prepare(_ text: String, font: Font, shaper: Shaper? = nil) throws(TextError) -> PreparedText {
        try PreparedText(text, font: font, rules: breakRules, shaper: shaper)
    }

    /// Prepares `text` with this model's break rules and a fallback chain.
    public func prepare(_ text: String, fonts: FontStack, shaper: Shaper? = nil) throws(TextError) -> PreparedText {
        try PreparedText(text, fonts: fonts, rules: breakRules, shaper: shaper)
    }
}
