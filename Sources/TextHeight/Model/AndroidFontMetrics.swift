/// A font's vertical metrics as Android reports them: `Paint.FontMetricsInt` (whole px) and
/// Minikin's unrounded extent, from Skia's FreeType port.
///
/// - Skia (`SkScalerContext_FreeType::generateFontMetrics`, src/ports/SkFontHost_FreeType.cpp):
///   ascent/descent/leading from OS/2 sTypo* when fsSelection USE_TYPO_METRICS is set, else from
///   FreeType's `face->ascender/descender/height` (hhea, or OS/2 typo then win when hhea's ascender
///   and descender are both 0, FreeType sfobjs.c); top/bottom from `face->bbox` (head yMax/yMin);
///   each in float: value / upem × size.
/// - `Paint.getFontMetricsInt` (android_graphics_Paint.cpp): top = floor, ascent/descent/leading =
///   round (SkScalarRoundToInt: ⌊x + 0.5⌋), bottom = ceil; it returns descent − ascent + leading.
/// - Minikin's extent (`MinikinFontSkia::GetFontExtent`): Skia's float ascent and descent.
///
/// ```swift
/// let m = AndroidFontMetrics(try Font(file: "fixtures/fonts/Inter-Regular.otf", size: 16))
/// (m.top, m.ascent, m.descent, m.bottom)  // (-18, -15, 4, 6): Inter hhea 2728/-680, head 3072/-900, upem 2816
/// ```
public struct AndroidFontMetrics: Sendable, Equatable {
    public var top: Int
    public var ascent: Int
    public var descent: Int
    public var bottom: Int
    public var leading: Int
    /// Minikin's `MinikinExtent` of the font: Skia's unrounded ascent (negative) and descent.
    public var extentAscent: Float
    public var extentDescent: Float

    public init(_ font: Font) {
        let m = font.face.metrics
        let upem = Float(m.unitsPerEm)
        let size = Float(font.size)
        var ascender: Int, descender: Int, lineGap: Int
        if m.hasOS2 && m.useTypoMetrics {
            (ascender, descender, lineGap) = (m.typoAscender, m.typoDescender, m.typoLineGap)
        } else if m.hheaAscender != 0 || m.hheaDescender != 0 || !m.hasOS2 {
            (ascender, descender, lineGap) = (m.hheaAscender, m.hheaDescender, m.hheaLineGap)
        } else if m.typoAscender != 0 || m.typoDescender != 0 {
            (ascender, descender, lineGap) = (m.typoAscender, m.typoDescender, m.typoLineGap)
        } else {
            (ascender, descender, lineGap) = (m.winAscent, -m.winDescent, 0)
        }
        // Skia: ascent = -ascender / upem, then × the text size, all in float.
        let fAscent = (-Float(ascender) / upem) * size
        let fDescent = (-Float(descender) / upem) * size
        let fLeading = (Float(lineGap) / upem) * size
        let fTop = (-Float(m.headYMax) / upem) * size
        let fBottom = (-Float(m.headYMin) / upem) * size
        top = AndroidFontMetrics.int(fTop.rounded(.down))
        ascent = AndroidFontMetrics.int((fAscent + 0.5).rounded(.down))
        descent = AndroidFontMetrics.int((fDescent + 0.5).rounded(.down))
        leading = AndroidFontMetrics.int((fLeading + 0.5).rounded(.down))
        bottom = AndroidFontMetrics.int(fBottom.rounded(.up))
        extentAscent = fAscent
        extentDescent = fDescent
    }

    /// `Paint.getFontMetricsInt(null)`: the font's rounded interline spacing, what
    /// `TextView.getLineHeight()` and `setLineHeight` start from.
    public var fontSpacing: Int { descent - ascent + leading }

    /// sk_float_saturate2int: a float beyond Int32 saturates (absurd sizes never trap).
    private static func int(_ value: Float) -> Int {
        guard value.isFinite else { return 0 }
        return Int(max(min(value, Float(Int32.max)), Float(Int32.min)))
    }
}
