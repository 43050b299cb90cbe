/// A glyph placed on a line, for drawing what was measured (`textheight render`).
public struct PositionedGlyph: Sendable, Equatable {
    /// Index into the prepared text's `fonts.fonts`.
    public var fontIndex: Int
    /// Glyph id in that font.
    public var glyph: UInt32
    /// Pen position from the line's start, in points (px for CSS), and HarfBuzz's offsets.
    public var x: Double
    public var xOffset: Double
    public var yOffset: Double
    public var advance: Double
    /// UTF-16 offset of the glyph's cluster in the text.
    public var cluster: Int
}

extension PreparedText {
    /// The glyphs of `start..<end` shaped as one line, run by run, with the same fonts, runs and
    /// advances that produced the measurement. Line-break characters draw nothing; a tab
    /// advances to the next stop. `endTrim` is the line's (`Line`, `MeasuredLine`).
    public func glyphs(from start: Int, to end: Int, endTrim: Double = 0,
                       shaper: Shaper? = nil) -> [PositionedGlyph] {
        let shaper = shaper ?? Shaper()
        let paragraphStart = start == 0 || CharacterClass.isLineBreak(utf16[start - 1])
        var placed: [PositionedGlyph] = []
        var pen = 0.0
        utf16.withUnsafeBufferPointer { text in
            var pieceStart = start
            func flush(_ pieceEnd: Int) {
                guard pieceEnd > pieceStart else { return }
                for run in FontRuns(stack: fonts).runs(text, from: pieceStart, to: pieceEnd, graphemes: shaper.forEachGrapheme) {
                    let font = fonts.fonts[run.font]
                    let runText = UnsafeBufferPointer(rebasing: text[run.start..<run.end])
                    let spacing = glyphSpacing[run.font]
                    shaper.forEachPositionedGlyph(of: runText, in: font, language: fonts.language) { glyph in
                        let cluster = run.start + glyph.cluster
                        var advance = Double(glyph.advance) * font.scale + (glyph.advance != 0 ? spacing : 0)
                        var xOffset = Double(glyph.xOffset) * font.scale
                        // text-spacing-trim, as measured: a pair trim; at the line start an opening
                        // bracket's line-start rule instead (lineStartTrim).
                        if let trim = punctuationTrims[cluster], cluster == start && trim.opens
                            ? opensTrimmedAtLineStart(paragraphStart: paragraphStart) : trim.byPair {
                            advance -= trim.reduction
                            if trim.opens { xOffset -= trim.reduction }
                        }
                        placed.append(PositionedGlyph(
                            fontIndex: run.font, glyph: glyph.id, x: pen, xOffset: xOffset,
                            yOffset: Double(glyph.yOffset) * font.metricsScale, advance: advance, cluster: cluster))
                        pen += advance
                    }
                }
            }
            for i in start..<end where CharacterClass.isTab(text[i]) || CharacterClass.isLineBreak(text[i]) {
                flush(i)
                if CharacterClass.isTab(text[i]) && tabInterval > 0 {
                    pen = ((pen / tabInterval).rounded(.down) + 1) * tabInterval
                }
                pieceStart = i + 1
            }
            flush(end)
        }
        // allow-end: the closing bracket that ends the line gave back its blank half.
        if endTrim > 0, let last = placed.lastIndex(where: { (punctuationTrims[$0.cluster].map { !$0.opens && !$0.byPair }) ?? false }) {
            placed[last].advance -= endTrim
            for k in placed.indices where k > last { placed[k].x -= endTrim }
        }
        return placed
    }
}
