import TextHeight

/// Lines of small text under the box, set in the embedded Inter and drawn by the same rasterizer
/// as the measured text (shaped by HarfBuzz through `PreparedText`, so no second text engine).
struct Legend {
    /// One line of shaped text, in points at its size.
    struct Text {
        let glyphs: [PositionedGlyph]
        let width: Double

        init(_ string: String, size: Double, shaper: Shaper) throws(RenderError) {
            let face = try FontFace.embeddedDefaultForDrawing()
            let prepared: PreparedText
            do {
                prepared = try PreparedText(string, font: Font(face: face, size: size), rules: TextKitModel.breakRules,
                                            shaper: shaper)
            } catch {
                throw .font("cannot set the legend text: \(error)")
            }
            glyphs = prepared.glyphs(from: 0, to: prepared.utf16.count, shaper: shaper)
            width = glyphs.last.map { $0.x + $0.advance } ?? 0
        }

        /// Draws at a pen position in device pixels; `rasterizer` is the legend font at its size.
        func draw(with rasterizer: GlyphRasterizer, x: Double, baseline: Double, scale: Double, color: Color,
                  into canvas: inout Canvas) {
            for glyph in glyphs {
                rasterizer.draw(glyph.glyph, x: x + (glyph.x + glyph.xOffset) * scale,
                                baseline: baseline - glyph.yOffset * scale, color: color, into: &canvas)
            }
        }
    }

    let lines: [Text]
    let size: Double
    let scale: Double
    /// The widest line in device pixels.
    let width: Int

    init(lines strings: [String], size: Double, scale: Double, shaper: Shaper) throws(RenderError) {
        var lines: [Text] = []
        for string in strings { lines.append(try Text(string, size: size, shaper: shaper)) }
        self.lines = lines
        self.size = size
        self.scale = scale
        width = Int(((lines.map(\.width).max() ?? 0) * scale).rounded(.up))
    }

    /// Draws line i in `inks[i]` (grey past the end), one `legendLeading` apart, from `top` (px).
    func draw(at left: Double, top: Double, inks: [Color], into canvas: inout Canvas) throws(RenderError) {
        let rasterizer = try GlyphRasterizer(face: FontFace.embeddedDefaultForDrawing(), pixelsPerEm: size * scale)
        for (i, line) in lines.enumerated() {
            let baseline = top + (Double(i) * BoxPicture.legendLeading + size) * scale
            line.draw(with: rasterizer, x: left, baseline: baseline, scale: scale,
                      color: i < inks.count ? inks[i] : BoxPicture.legendInk, into: &canvas)
        }
    }
}
