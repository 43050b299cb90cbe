/// The vertical arithmetic of Android's StaticLayout, in whole px as Java does it.
///
/// `StaticLayout.generate` gives each line the ascent and descent of the primary font
/// (`Paint.FontMetricsInt`); with fallback line spacing, Minikin's extent of the fonts used on the
/// line widens them (`Math.min(fmAscent, Math.round(ascents[i]))`, `Math.max(fmDescent, …)`).
/// `StaticLayout.out` then:
/// - on the first line: topPadding = top − ascent; with includePad the line starts at `top`;
/// - on the last line: bottomPadding = bottom − descent; with includePad it ends at `bottom`;
/// - extra = (below − above) × (mult − 1) + add, computed in float, rounded half away from zero
///   (`EXTRA_ROUNDING`), on every line but the last (addLastLineLineSpacing is false for a
///   Builder, a TextView's layout and DynamicLayout's reflow of the whole text);
/// - with maxLines, mMaxLineHeight = the top of the last visible line + its height as if it were
///   the last (bottom with includePad, no extra): `getHeight(cap)`.
struct StaticLayoutStack {
    let metrics: AndroidFontMetrics
    let includePad: Bool
    let trackPad: Bool
    let spacingMultiplier: Float
    let spacingAdd: Float
    /// `setMaxLines`: the last visible line records mMaxLineHeight.
    let maxVisibleLines: Int?

    private(set) var count = 0
    /// `v`: the top of the next line.
    private(set) var height = 0
    private(set) var topPadding = 0
    private(set) var bottomPadding = 0
    private(set) var maxLineHeight: Int?
    /// Each line's top, and the top after the last (getLineTop(0…count)). Room for a message's few
    /// lines at once: growing by appends reallocated twice a text.
    private(set) var tops: [Int] = StaticLayoutStack.lineRoom([0])
    /// Each line's ascent after the padding rule: its baseline is −above below its top. Kept only
    /// for the lines a caller reports (`keepsAboves`).
    private(set) var aboves: [Int] = []
    var keepsAboves = true

    private static func lineRoom(_ first: [Int]) -> [Int] {
        var values = first
        values.reserveCapacity(8)
        return values
    }

    /// The tops, moved out (the stack keeps none): the caller's changes then copy nothing.
    mutating func takeTops() -> [Int] {
        var taken: [Int] = []
        swap(&taken, &tops)
        return taken
    }

    init(metrics: AndroidFontMetrics, includePad: Bool, trackPad: Bool, spacingMultiplier: Float,
         spacingAdd: Float, maxVisibleLines: Int?) {
        self.metrics = metrics
        self.includePad = includePad
        self.trackPad = trackPad
        self.spacingMultiplier = spacingMultiplier
        self.spacingAdd = spacingAdd
        self.maxVisibleLines = maxVisibleLines
    }

    /// StaticLayout.out for one line with the given (unpadded) ascent and descent.
    mutating func out(ascent: Int, descent: Int, isLast: Bool) {
        var above = ascent, below = descent
        if count == 0 {
            if trackPad { topPadding = metrics.top - above }
            if includePad { above = metrics.top }
        }
        if isLast {
            if trackPad { bottomPadding = metrics.bottom - below }
            if includePad { below = metrics.bottom }
        }
        let needMultiply = spacingMultiplier != 1 || spacingAdd != 0
        var extra = 0
        if needMultiply && !isLast {
            // (below - above) * (spacingmult - 1) + spacingadd: int × float in float, then widened.
            let ex = Double(Float(below - above) * (spacingMultiplier - 1) + spacingAdd)
            extra = ex >= 0 ? StaticLayoutStack.int(ex + 0.5) : -StaticLayoutStack.int(-ex + 0.5)
        }
        if let maxVisibleLines, count + 1 == maxVisibleLines {
            maxLineHeight = height + ((includePad ? metrics.bottom : below) - above)
        }
        height += below - above + extra
        if keepsAboves { aboves.append(above) }
        count += 1
        tops.append(height)
    }

    /// Java's `(int)` of a double: truncation, saturating.
    private static func int(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(max(min(value, Double(Int32.max)), Double(Int32.min)).rounded(.towardZero))
    }

    /// The line's ascent and descent with fallback line spacing: the primary font's, widened to
    /// Minikin's extent of the fonts used (`Math.round` of a float: ⌊x + 0.5⌋). `mask`: the fonts
    /// as `FontStack.fonts(in:)` picks them, read without building their array (this runs per line).
    static func lineExtent(_ fonts: borrowing FontStack, mask: UInt32, primary: AndroidFontMetrics,
                           fallbackLineSpacing: Bool) -> (Int, Int) {
        guard fallbackLineSpacing else { return (primary.ascent, primary.descent) }
        var ascent: Float = 0, descent: Float = 0  // MinikinExtent::extendBy from {0, 0}
        var rest = fonts.indices(in: mask)
        while rest != 0 {
            let font = fonts.fonts[rest.trailingZeroBitCount]
            rest &= rest - 1
            let m = AndroidFontMetrics(font)
            ascent = min(ascent, m.extentAscent)
            descent = max(descent, m.extentDescent)
        }
        return (min(primary.ascent, javaRound(ascent)), max(primary.descent, javaRound(descent)))
    }

    /// `Math.round(float)`: ⌊x + 0.5⌋.
    static func javaRound(_ value: Float) -> Int {
        guard value.isFinite else { return 0 }
        return Int(max(min((value + 0.5).rounded(.down), Float(Int32.max)), Float(Int32.min)))
    }
}
