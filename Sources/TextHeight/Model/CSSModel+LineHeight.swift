/// CSS line heights as Blink computes them.
extension CSSModel {
    /// One row of the primary font: what `rows`, min/max lines and a textarea's extra row use.
    func rowHeight(_ font: Font) -> Double {
        switch lineHeight {
        case .multiple(let m): return LayoutUnit.floor(m * font.size)
        case .pixels(let px): return LayoutUnit.floor(px)
        case .normal:
            let metrics = BlinkFontMetrics(font)
            return metrics.ascent + metrics.descent + metrics.lineGap
        }
    }

    /// The height of a line box holding glyphs of `fonts` (the primary font always counts: the strut).
    ///
    /// - A number or a length: LayoutUnit(value), floored (1.2 × 16 px = 19.2 → 19.1875); fallback
    ///   fonts never make such a line taller.
    /// - `normal`: each font's rounded ascent, descent and line gap (SimpleFontData::PlatformInit);
    ///   the gap is leading split ⌊gap/2⌋ above and the rest below (CSS 2.1 §10.8.1 half-leading,
    ///   floored in line_utils.cc); the line is the largest (ascent + top) plus the largest
    ///   (descent + bottom) over the fonts on it.
    ///
    /// `mask`: the fonts as `FontStack.fonts(in: mask | 1)` picks them, read without building their
    /// array (this runs per line).
    func lineHeight(_ fonts: borrowing FontStack, mask: UInt32) -> Double {
        switch lineHeight {
        case .multiple(let m): return LayoutUnit.floor(m * fonts.primary.size)
        case .pixels(let px): return LayoutUnit.floor(px)
        case .normal:
            var above = 0.0, below = 0.0
            var rest = fonts.indices(in: mask | 1)
            while rest != 0 {
                let font = fonts.fonts[rest.trailingZeroBitCount]
                rest &= rest - 1
                let metrics = BlinkFontMetrics(font)
                let topLeading = (metrics.lineGap / 2).rounded(.down)
                above = max(above, metrics.ascent + topLeading)
                below = max(below, metrics.descent + metrics.lineGap - topLeading)
            }
            return above + below
        }
    }

    /// The bottom of the primary font's glyph box (`m`, its metrics) in a line box `lineHeight` tall: half-leading
    /// (floored) + ascent + descent. scrollHeight reaches it when the line height is smaller
    /// than the font.
    func glyphBottom(_ m: BlinkFontMetrics, lineHeight: Double) -> Double {
        ((lineHeight - (m.ascent + m.descent)) / 2).rounded(.down) + m.ascent + m.descent
    }
}

/// A font's vertical metrics as Blink sees them on Linux, in whole px.
///
/// Skia's FreeType backend reads OS/2 typo metrics when USE_TYPO_METRICS is set, else hhea;
/// SimpleFontData rounds ascent, descent and line gap (SkScalarRoundToScalar: half up).
/// FontMetrics::AscentDescentWithHacks (font_metrics.cc) can move a pixel from ascent to descent
/// on Linux when subpixel positioning is on; the recorded Chromium (Debian, headless) does not:
/// DejaVu Sans 15 px with Noto Sans Devanagari is 14 + 6 = 20 px, not 14 + 7.
public struct BlinkFontMetrics: Sendable, Equatable {
    public var ascent: Double
    public var descent: Double
    public var lineGap: Double

    public init(_ font: Font) {
        let m = font.face.metrics
        let typo = m.useTypoMetrics && m.hasOS2
        let scale = font.metricsScale
        let rawAscent = Double(typo ? m.typoAscender : m.hheaAscender) * scale
        let rawDescent = Double(-(typo ? m.typoDescender : m.hheaDescender)) * scale
        let rawGap = Double(typo ? m.typoLineGap : m.hheaLineGap) * scale
        ascent = (rawAscent + 0.5).rounded(.down)
        descent = (rawDescent + 0.5).rounded(.down)
        lineGap = (rawGap + 0.5).rounded(.down)
    }
}
