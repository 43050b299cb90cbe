/// SkParagraph's line heights, in float as Skia computes them (SkScalar).
extension FlutterModel {
    /// A run's ascent (negative) and descent, `Run::calculateMetrics`: the font's line gap split half
    /// above and half below; with `TextStyle.height` the run is height × size tall, the difference
    /// shared evenly (half leading) or by scaling ascent and descent (proportional).
    func runMetrics(_ font: Font) -> (ascent: Float, descent: Float) {
        let m = SkiaFontMetrics(font)
        var ascent = m.ascent - m.leading * 0.5
        var descent = m.descent + m.leading * 0.5
        guard let heightMultiplier, heightMultiplier != 0 else { return (ascent, descent) }
        let runHeight = Float(heightMultiplier) * Float(font.size)
        let intrinsic = descent - ascent
        if halfLeading {
            let extra = (runHeight - intrinsic) / 2
            ascent -= extra
            descent += extra
        } else {
            let multiplier = runHeight / intrinsic
            ascent *= multiplier
            descent *= multiplier
        }
        return (ascent, descent)
    }

    /// `InternalLineMetrics::height()`: round(max descent − min ascent) over the runs on the line,
    /// halves away from zero. Only the fonts used on the line count, the primary font included only then.
    func lineHeight(_ fonts: borrowing FontStack, mask: UInt32) -> Double {
        var ascent = Float.infinity, descent = -Float.infinity
        var rest = fonts.indices(in: mask)
        while rest != 0 {
            let run = runMetrics(fonts.fonts[rest.trailingZeroBitCount])
            rest &= rest - 1
            ascent = min(ascent, run.ascent)
            descent = max(descent, run.descent)
        }
        return (Double(descent) - Double(ascent)).rounded()
    }

    /// The forced strut from the text style (`ParagraphImpl::resolveStrut`, strut leading −1 → 0): without a
    /// height the font's ascent + descent, line gap left out; with one, height × size (half leading), or the
    /// ascent and descent scaled by height × size / (descent − ascent + line gap) (proportional).
    func strutHeight(_ font: Font) -> Double {
        let m = SkiaFontMetrics(font)
        var ascent = m.ascent, descent = m.descent
        if let heightMultiplier {
            let target = Float(heightMultiplier) * Float(font.size)
            if halfLeading {
                let flexible = (target - (descent - ascent)) / 2
                ascent -= flexible
                descent += flexible
            } else {
                let metricsHeight = descent - ascent + m.leading
                let multiplier = metricsHeight == 0 ? Float(heightMultiplier) : target / metricsHeight
                ascent *= multiplier
                descent *= multiplier
            }
        }
        return (Double(descent) - Double(ascent)).rounded()
    }

    /// An empty line (`ParagraphImpl::computeEmptyMetrics`): the primary font's ascent + descent + line gap,
    /// rounded; with `TextStyle.height` the proportional case scales that rounded height to height × size
    /// (the half-leading choice there follows the strut's flag, off without a strut).
    func emptyLineHeight(_ font: Font) -> Double {
        let m = SkiaFontMetrics(font)
        let intrinsic = Float((Double(m.descent) - Double(m.ascent) + Double(m.leading)).rounded())
        guard let heightMultiplier, heightMultiplier != 0 else { return Double(intrinsic) }
        let multiplier = Float(heightMultiplier) * Float(font.size) / intrinsic
        let (a, d, l) = (m.ascent * multiplier, m.descent * multiplier, m.leading * multiplier)
        return (Double(d) - Double(a) + Double(l)).rounded()
    }
}

/// A font's SkFontMetrics as Skia's FreeType port reports them (`SkScalerContext_FreeType::generateFontMetrics`):
/// OS/2 typo metrics when USE_TYPO_METRICS is set, else hhea; scaled to the size in float, not rounded.
struct SkiaFontMetrics {
    var ascent: Float   // negative: above the baseline
    var descent: Float
    var leading: Float

    init(_ font: Font) {
        // A bitmap-only face: the strike's FT_Size_Metrics over its ppem, leading = height − ascent − descent
        // (generateFontMetrics' bitmap branch). Noto Color Emoji: 101/109 and 27/109 of the size (measured: Skia's
        // alphabetic baseline of 😀 at 16 px is 14.8257 = 101 / 109 × 16).
        if let strike = font.face.strike {
            let ppem = Float(strike.ppem) * 64, size = Float(font.size)
            ascent = -Float(strike.ascender * 64) / ppem * size
            descent = -Float(strike.descender * 64) / ppem * size
            leading = Float((strike.height - strike.ascender + strike.descender) * 64) / ppem * size
            return
        }
        let m = font.face.metrics
        let typo = m.useTypoMetrics && m.hasOS2
        let upem = Float(m.unitsPerEm)
        let size = Float(font.size)
        ascent = -Float(typo ? m.typoAscender : m.hheaAscender) / upem * size
        descent = -Float(typo ? m.typoDescender : m.hheaDescender) / upem * size
        leading = Float(typo ? m.typoLineGap : m.hheaLineGap) / upem * size
    }
}
