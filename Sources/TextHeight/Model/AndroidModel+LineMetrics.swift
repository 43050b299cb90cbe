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
///
/// The top and bottom `out` sees are the line's own (`LineBounds`): with fallback line spacing a
/// tall fallback widens them too, so the first line's padding and the last line's bottom grow with it.
struct StaticLayoutStack {
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

    init(includePad: Bool, trackPad: Bool, spacingMultiplier: Float, spacingAdd: Float, maxVisibleLines: Int?) {
        self.includePad = includePad
        self.trackPad = trackPad
        self.spacingMultiplier = spacingMultiplier
        self.spacingAdd = spacingAdd
        self.maxVisibleLines = maxVisibleLines
    }

    /// StaticLayout.out for one line with the given (unpadded) ascent and descent and its top and bottom.
    mutating func out(_ line: LineBounds, isLast: Bool) {
        var above = line.ascent, below = line.descent
        if count == 0 {
            if trackPad { topPadding = line.top - above }
            if includePad { above = line.top }
        }
        if isLast {
            if trackPad { bottomPadding = line.bottom - below }
            if includePad { below = line.bottom }
        }
        let needMultiply = spacingMultiplier != 1 || spacingAdd != 0
        var extra = 0
        if needMultiply && !isLast {
            // (below - above) * (spacingmult - 1) + spacingadd: int × float in float, then widened.
            let ex = Double(Float(below - above) * (spacingMultiplier - 1) + spacingAdd)
            extra = ex >= 0 ? StaticLayoutStack.int(ex + 0.5) : -StaticLayoutStack.int(-ex + 0.5)
        }
        if let maxVisibleLines, count + 1 == maxVisibleLines {
            maxLineHeight = height + ((includePad ? line.bottom : below) - above)
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

    /// The line's bounds with fallback line spacing (StaticLayout.generate): the primary font's
    /// ascent and descent, widened to Minikin's extent of the fonts used (`Math.round` of a float:
    /// ⌊x + 0.5⌋); then top and bottom widened to them ("The fallback ascent/descent may be larger
    /// than top/bottom of the default font metrics. Adjust top/bottom with ascent/descent for
    /// avoiding unexpected clipping."). Per line: after each line `generate` resets fmTop/fmBottom to
    /// the span's own metrics, so a widened top does not carry on to the next line. `mask`: the
    /// fonts as `FontStack.fonts(in:)` picks them, read without building their array (this runs per line).
    static func lineBounds(_ fonts: borrowing FontStack, mask: UInt32, primary: AndroidFontMetrics,
                           fallbackLineSpacing: Bool) -> LineBounds {
        guard fallbackLineSpacing else { return LineBounds(primary) }
        var ascent: Float = 0, descent: Float = 0  // MinikinExtent::extendBy from {0, 0}
        var rest = fonts.indices(in: mask)
        while rest != 0 {
            let font = fonts.fonts[rest.trailingZeroBitCount]
            rest &= rest - 1
            let m = AndroidFontMetrics(font)
            ascent = min(ascent, m.extentAscent)
            descent = max(descent, m.extentDescent)
        }
        let lineAscent = min(primary.ascent, javaRound(ascent)), lineDescent = max(primary.descent, javaRound(descent))
        return LineBounds(top: min(primary.top, lineAscent), ascent: lineAscent, descent: lineDescent,
                          bottom: max(primary.bottom, lineDescent))
    }

    /// `Math.round(float)`: ⌊x + 0.5⌋.
    static func javaRound(_ value: Float) -> Int {
        guard value.isFinite else { return 0 }
        return Int(max(min((value + 0.5).rounded(.down), Float(Int32.max)), Float(Int32.min)))
    }
}

/// What `StaticLayout.out` takes of a line: its ascent and descent (`above`, `below`) and the top and
/// bottom that includeFontPadding puts at the first line's top and the last line's bottom.
struct LineBounds: Equatable {
    var top: Int
    var ascent: Int
    var descent: Int
    var bottom: Int

    init(top: Int, ascent: Int, descent: Int, bottom: Int) {
        (self.top, self.ascent, self.descent, self.bottom) = (top, ascent, descent, bottom)
    }

    /// The paint's own `FontMetricsInt`: a line of the primary font, or the empty line after a final U+000A.
    init(_ metrics: AndroidFontMetrics) {
        self.init(top: metrics.top, ascent: metrics.ascent, descent: metrics.descent, bottom: metrics.bottom)
    }
}
