import TextHeight

/// A picture of a measured text box: the text drawn with its real fonts where the measurement put
/// each line, over the box's geometry.
///
/// The picture draws a `Measurement` (made with `includeLines: true`) and the `PreparedText` it was
/// measured from: each line's glyphs come from `prepared.glyphs(from:to:)`, the same runs, fonts and
/// advances the measuring path summed, so the picture and the JSON cannot disagree.
///
/// What it shows, in points × `scale` device pixels:
/// - the box's outline (black, one pixel outside the box on every side) at `boxHeight`;
/// - the content area: when it is taller than the box (it scrolls), the part below the box is
///   hatched red; when shorter (a minimum height holds the box open), its bottom is dashed;
/// - TextKit's `textContainerInset` / CSS padding tinted green, `lineFragmentPadding` tinted yellow,
///   a CSS border grey;
/// - each line fragment's rectangle (wrap width wide, its used width filled) and its baseline in
///   orange; line numbers in the gutter; the caret in an empty last line (a text view's extra
///   fragment, a textarea's placeholder row);
/// - the min/max height limits as dashed purple lines, when they fall inside the picture;
/// - a legend: model, fonts (each in the colour its glyphs are drawn in), width and the numbers.
///
/// Baselines are a drawing choice, not a measured number:
/// - TextKit: the extra height of a line over its fonts' natural height (`lineHeightMultiple`,
///   `minimumLineHeight`) goes above the text, as TextKit 1 places it, so the baseline is
///   `top + (height − (ascent + descent + leading)) + ascent` with the largest metrics of the
///   fonts on the line (hhea);
/// - CSS: Blink's half-leading, `top + ⌊(height − (A + D)) / 2⌋ + A` with rounded ascent A and
///   descent D of the primary font (the strut); with `line-height: normal` the largest
///   `A + ⌊gap / 2⌋` of the fonts on the line.
/// Glyphs of right-to-left runs are drawn in HarfBuzz's visual order within each run, but runs
/// keep their logical order (no bidi reordering of a mixed line).
public struct BoxPicture {
    public var model: any PlatformModel
    public var prepared: PreparedText
    public var measurement: Measurement
    /// The box's outer width (the measured `--width`).
    public var width: Double
    /// Device pixels per point (px per CSS px).
    public var scale: Double
    /// Extra legend lines, drawn first (a title such as "expected" or "now").
    public var notes: [String] = []
    /// Font names for the legend, parallel to `prepared.fonts.fonts`; the file names of the faces
    /// when empty.
    public var fontNames: [String] = []

    public init(model: any PlatformModel, prepared: PreparedText, measurement: Measurement, width: Double,
                scale: Double = 2) {
        self.model = model
        self.prepared = prepared
        self.measurement = measurement
        self.width = width
        self.scale = scale
    }

    // Palette: unique colours, so tests can find each element by colour.
    public static let outline = Color(0, 0, 0)
    public static let baseline = Color(255, 140, 0)
    public static let caret = Color(26, 115, 232)
    public static let background = Color(241, 243, 244)
    static let boxFill = Color(255, 255, 255)
    static let insetTint = Color(206, 234, 214)
    static let paddingTint = Color(254, 239, 195)
    /// Android's font padding (includeFontPadding): the font's top above the first ascent, its bottom below the last descent.
    static let fontPaddingTint = Color(232, 222, 248)
    static let borderFill = Color(154, 160, 166)
    static let scrollTint = Color(252, 232, 230, 150)
    static let scrollHatch = Color(217, 48, 37, 60)
    static let scrollMark = Color(217, 48, 37)
    static let lineFill = Color(210, 227, 252, 110)
    static let lineEdge = Color(138, 180, 248)
    static let limitLine = Color(161, 66, 244)
    static let legendInk = Color(60, 64, 67)
    /// Glyph ink per font of the chain: the primary dark grey, fallbacks in distinct dark hues.
    public static let fontInks = [Color(40, 40, 40), Color(25, 103, 210), Color(24, 128, 56), Color(161, 66, 244),
                                  Color(197, 34, 31), Color(0, 121, 107), Color(176, 96, 0)]

    /// Points of margin: the gutter holds line numbers; the legend goes below the box.
    static let gutter = 30.0, margin = 12.0, rightMargin = 30.0, legendSize = 11.0, legendLeading = 15.0, numberSize = 10.0

    /// Where the box sits in the canvas, in device pixels, and the model's geometry in points.
    public struct Layout: Sendable, Equatable {
        /// The box's first pixel column and row; it is `boxWidth` × `boxHeight` pixels.
        public var boxLeft: Int
        public var boxTop: Int
        public var boxWidth: Int
        public var boxHeight: Int
        /// The text block's origin in points from the box's top-left corner.
        public var contentX: Double
        public var contentY: Double
    }

    /// The box's position and the text's origin: `(inset.left + lineFragmentPadding, inset.top)`
    /// for TextKit, `(padding.left + border, padding.top + border)` for CSS; other models centre
    /// the wrap width.
    public var layout: Layout {
        let (x, y) = contentOrigin
        return Layout(boxLeft: BoxPicture.px(BoxPicture.gutter, scale), boxTop: BoxPicture.px(BoxPicture.margin, scale),
                      boxWidth: BoxPicture.px(width, scale), boxHeight: BoxPicture.px(measurement.boxHeight, scale),
                      contentX: x, contentY: y)
    }

    private var contentOrigin: (Double, Double) {
        if let m = model as? TextKitModel { return (m.inset.left + m.lineFragmentPadding, m.inset.top) }
        if let m = model as? CSSModel { return (m.padding.left + m.border, m.padding.top + m.border) }
        if let m = model as? AndroidModel { return (m.padding.left, m.padding.top) }
        if let m = model as? FlutterModel { return (m.padding.left + m.inputGap, m.padding.top) }
        return ((width - measurement.wrapWidth) / 2, 0)
    }

    static func px(_ points: Double, _ scale: Double) -> Int { Int((points * scale).rounded()) }

    /// The picture. Throws when it would be larger than `Canvas.maxPixels` or a font cannot be
    /// drawn at the size.
    public func draw(shaper: Shaper? = nil) throws(RenderError) -> Canvas {
        let shaper = shaper ?? Shaper()
        guard scale.isFinite, scale > 0, width.isFinite, width >= 0 else {
            throw .tooLarge("cannot draw at scale \(scale) and width \(width)")
        }
        let geometry = layout
        let legend = try Legend(lines: legendLines, size: BoxPicture.legendSize, scale: scale, shaper: shaper)
        // The legend starts below the box, the content and every limit line drawn, so no line crosses its text.
        let drawnHeight = shownLimits.reduce(max(measurement.boxHeight, measurement.contentHeight)) { max($0, $1.value) }
        let legendTop = geometry.boxTop + BoxPicture.px(drawnHeight + BoxPicture.margin, scale)
        let canvasWidth = max(geometry.boxLeft + geometry.boxWidth + BoxPicture.px(BoxPicture.rightMargin, scale),
                              geometry.boxLeft + legend.width + BoxPicture.px(BoxPicture.margin, scale))
        let canvasHeight = legendTop + BoxPicture.px(Double(legend.lines.count) * BoxPicture.legendLeading + BoxPicture.margin, scale)
        guard drawnHeight.isFinite, Double(canvasWidth) * Double(canvasHeight) <= Double(Canvas.maxPixels),
              canvasWidth <= Canvas.maxSide, canvasHeight <= Canvas.maxSide,
              var canvas = Canvas(width: canvasWidth, height: canvasHeight, background: BoxPicture.background)
        else {
            throw .tooLarge("the picture would be \(canvasWidth) × \(canvasHeight) px, over the limit of \(Canvas.maxSide) px a side and \(Canvas.maxPixels >> 20) megapixels (shorten the text, or lower the width or the render scale)")
        }
        drawBox(geometry, into: &canvas)
        var rasterizers: [Int: GlyphRasterizer] = [:]
        let numbers = try GlyphRasterizer(face: FontFace.embeddedDefaultForDrawing(), pixelsPerEm: BoxPicture.numberSize * scale)
        let originX = Double(geometry.boxLeft) / scale + contentOrigin.0
        let originY = Double(geometry.boxTop) / scale + contentOrigin.1
        let count = prepared.utf16.count
        for (index, line) in measurement.lines.enumerated() {
            // Ranges come from a measurement, or from a golden file's expectation: keep them inside the text.
            let start = min(max(0, line.start), count), end = min(max(start, line.start + line.length), count)
            let glyphs = end > start ? prepared.glyphs(from: start, to: end, endTrim: line.endTrim, shaper: shaper) : []
            let top = originY + line.top
            let baseline = top + baselineOffset(line: line, fontIndices: Set(glyphs.map(\.fontIndex)))
            drawLineFrame(x: originX, top: top, line: line, baseline: baseline, into: &canvas)
            let label = try Legend.Text(String(index + 1), size: BoxPicture.numberSize, shaper: shaper)
            label.draw(with: numbers, x: (Double(geometry.boxLeft) / scale - 4 - label.width) * scale,
                       baseline: baseline * scale, scale: scale, color: BoxPicture.legendInk, into: &canvas)
            for glyph in glyphs {
                let font = prepared.fonts.fonts[glyph.fontIndex]
                let rasterizer: GlyphRasterizer
                if let cached = rasterizers[glyph.fontIndex] {
                    rasterizer = cached
                } else {
                    rasterizer = try GlyphRasterizer(face: font.face, pixelsPerEm: font.size * scale,
                                                     variations: font.variations)
                    rasterizers[glyph.fontIndex] = rasterizer
                }
                rasterizer.draw(glyph.glyph, x: (originX + glyph.x + glyph.xOffset) * scale,
                                baseline: (baseline - glyph.yOffset) * scale,
                                color: BoxPicture.fontInks[glyph.fontIndex % BoxPicture.fontInks.count], into: &canvas)
            }
            // The caret stands in an empty last line: the extra fragment after a final line break
            // or of an empty text (TextKit), a textarea's placeholder row (CSS).
            if line.length == 0 && index == measurement.lines.count - 1 {
                let metrics = TextKitMetrics(prepared.font)
                let x = BoxPicture.px(originX, scale)
                let y0 = Int(((baseline - metrics.ascent) * scale).rounded()), y1 = Int(((baseline + metrics.descent) * scale).rounded())
                canvas.fill(x: x, y: y0, width: max(2, BoxPicture.px(1.5, scale)), height: y1 - y0, BoxPicture.caret)
            }
        }
        drawLimits(geometry, numbers: numbers, shaper: shaper, into: &canvas)
        // The outline last, over everything: one pixel outside the box on every side.
        canvas.stroke(x: geometry.boxLeft - 1, y: geometry.boxTop - 1, width: geometry.boxWidth + 2,
                      height: geometry.boxHeight + 2, BoxPicture.outline)
        try legend.draw(at: Double(geometry.boxLeft), top: Double(legendTop), inks: legendInks, into: &canvas)
        return canvas
    }

    /// The box, its insets, padding and border, and the content beyond or short of the box.
    private func drawBox(_ g: Layout, into canvas: inout Canvas) {
        let s = scale
        let contentRows = BoxPicture.px(measurement.contentHeight, s)
        canvas.fill(x: g.boxLeft, y: g.boxTop, width: g.boxWidth, height: max(g.boxHeight, contentRows), BoxPicture.boxFill)
        var inset = Insets.zero, border = 0.0, padding = 0.0
        if let m = model as? TextKitModel { inset = m.inset; padding = m.lineFragmentPadding }
        if let m = model as? CSSModel { inset = m.padding; border = m.border }
        if let m = model as? AndroidModel { inset = m.padding }
        if let m = model as? FlutterModel { inset = m.padding }
        let rows = max(g.boxHeight, contentRows)
        let b = BoxPicture.px(border, s)
        if b > 0 {
            canvas.fill(x: g.boxLeft, y: g.boxTop, width: g.boxWidth, height: b, BoxPicture.borderFill)
            canvas.fill(x: g.boxLeft, y: g.boxTop + rows - b, width: g.boxWidth, height: b, BoxPicture.borderFill)
            canvas.fill(x: g.boxLeft, y: g.boxTop + b, width: b, height: rows - 2 * b, BoxPicture.borderFill)
            canvas.fill(x: g.boxLeft + g.boxWidth - b, y: g.boxTop + b, width: b, height: rows - 2 * b, BoxPicture.borderFill)
        }
        // Insets (CSS padding) inside the border, tinted on all four sides.
        let left = g.boxLeft + b, top = g.boxTop + b, innerWidth = g.boxWidth - 2 * b, innerRows = rows - 2 * b
        let it = BoxPicture.px(inset.top, s), ib = BoxPicture.px(inset.bottom, s)
        let il = BoxPicture.px(inset.left, s), ir = BoxPicture.px(inset.right, s)
        canvas.fill(x: left, y: top, width: innerWidth, height: it, BoxPicture.insetTint)
        canvas.fill(x: left, y: top + innerRows - ib, width: innerWidth, height: ib, BoxPicture.insetTint)
        canvas.fill(x: left, y: top + it, width: il, height: innerRows - it - ib, BoxPicture.insetTint)
        canvas.fill(x: left + innerWidth - ir, y: top + it, width: ir, height: innerRows - it - ib, BoxPicture.insetTint)
        // lineFragmentPadding at both ends of every line: strips beside the text column.
        let p = BoxPicture.px(padding, s)
        if p > 0 {
            canvas.fill(x: left + il, y: top + it, width: p, height: innerRows - it - ib, BoxPicture.paddingTint)
            canvas.fill(x: left + innerWidth - ir - p, y: top + it, width: p, height: innerRows - it - ib, BoxPicture.paddingTint)
        }
        if let m = model as? AndroidModel, m.includeFontPadding {
            // StaticLayout.out / DynamicLayout: top − ascent above the first line, bottom − descent below the last.
            let metrics = AndroidFontMetrics(prepared.font)
            let textTop = top + it, textBottom = top + it + BoxPicture.px(measurement.textHeight, s)
            canvas.fill(x: left + il, y: textTop, width: innerWidth - il - ir,
                        height: BoxPicture.px(Double(metrics.ascent - metrics.top), s), BoxPicture.fontPaddingTint)
            let bottomBand = BoxPicture.px(Double(metrics.bottom - metrics.descent), s)
            canvas.fill(x: left + il, y: textBottom - bottomBand, width: innerWidth - il - ir, height: bottomBand,
                        BoxPicture.fontPaddingTint)
        }
        if contentRows > g.boxHeight {
            // The part that scrolls: below the box, hatched, with the content's bottom dashed.
            canvas.fill(x: g.boxLeft, y: g.boxTop + g.boxHeight, width: g.boxWidth, height: contentRows - g.boxHeight,
                        BoxPicture.scrollTint)
            canvas.hatch(x: g.boxLeft, y: g.boxTop + g.boxHeight, width: g.boxWidth, height: contentRows - g.boxHeight,
                         BoxPicture.scrollHatch, spacing: max(4, BoxPicture.px(6, s)))
        }
        if contentRows != g.boxHeight {
            canvas.horizontal(y: g.boxTop + contentRows, from: g.boxLeft, to: g.boxLeft + g.boxWidth, BoxPicture.scrollMark,
                              dash: max(2, BoxPicture.px(3, s)))
        }
    }

    /// A line fragment: its rectangle (wrap width wide), its used width filled, its baseline.
    private func drawLineFrame(x: Double, top: Double, line: MeasuredLine, baseline: Double, into canvas: inout Canvas) {
        let s = scale
        let left = BoxPicture.px(x, s), y = BoxPicture.px(top, s)
        let rows = max(1, BoxPicture.px(top + line.height, s) - y)
        canvas.fill(x: left, y: y, width: BoxPicture.px(x + line.width, s) - left, height: rows, BoxPicture.lineFill)
        canvas.stroke(x: left, y: y, width: BoxPicture.px(x + measurement.wrapWidth, s) - left, height: rows, BoxPicture.lineEdge)
        canvas.horizontal(y: Int((baseline * s).rounded(.down)), from: left, to: BoxPicture.px(x + measurement.wrapWidth, s),
                          BoxPicture.baseline)
    }

    /// The min/max limits drawn as lines: those within twice the box or content height (the picture grows to
    /// hold them); a limit further below stays in the legend only, so a `--max-height 10000` draws no huge page.
    var shownLimits: [(name: String, value: Double)] {
        let reach = 2 * max(measurement.boxHeight, measurement.contentHeight, 1)
        return [("min", measurement.minHeight), ("max", measurement.maxHeight)].compactMap { name, value in
            guard let value, value.isFinite, value >= 0, value <= reach else { return nil }
            return (name, value)
        }
    }

    /// The min/max height limits, dashed, labelled at the right.
    private func drawLimits(_ g: Layout, numbers: GlyphRasterizer, shaper: Shaper, into canvas: inout Canvas) {
        for (name, value) in shownLimits {
            let y = g.boxTop + BoxPicture.px(value, scale)
            let right = g.boxLeft + g.boxWidth + BoxPicture.px(BoxPicture.rightMargin - 4, scale)
            canvas.horizontal(y: y, from: g.boxLeft, to: right, BoxPicture.limitLine, dash: max(2, BoxPicture.px(2, scale)))
            if let label = try? Legend.Text(name, size: BoxPicture.numberSize, shaper: shaper) {
                label.draw(with: numbers, x: Double(right) - label.width * scale,
                           baseline: Double(y) - 2 * scale, scale: scale, color: BoxPicture.limitLine, into: &canvas)
            }
        }
    }

    /// From a line's top to its baseline, in points (see the type's documentation).
    func baselineOffset(line: MeasuredLine, fontIndices: Set<Int>) -> Double {
        if let baseline = line.baseline { return baseline }  // placed by the model (Android)
        let fonts = prepared.fonts.fonts
        let used = fontIndices.isEmpty ? [0] : fontIndices.sorted()
        if let css = model as? CSSModel {
            let primary = BlinkFontMetrics(fonts[0])
            switch css.lineHeight {
            case .normal:
                return ([0] + used).map { i in
                    let m = BlinkFontMetrics(fonts[i])
                    return m.ascent + (m.lineGap / 2).rounded(.down)
                }.max() ?? primary.ascent
            case .multiple, .pixels:
                return ((line.height - primary.ascent - primary.descent) / 2).rounded(.down) + primary.ascent
            }
        }
        var ascent = 0.0, descent = 0.0, leading = 0.0
        for i in used {
            let m = TextKitMetrics(fonts[i])
            ascent = max(ascent, m.ascent)
            descent = max(descent, m.descent)
            leading = max(leading, m.leading)
        }
        return line.height - (ascent + descent + leading) + ascent
    }

    // MARK: legend

    var legendLines: [String] {
        var lines = notes
        let unit: String
        var modelLine: String
        if let m = model as? TextKitModel {
            unit = "pt"
            modelLine = "textkit \(m.measure.rawValue)"
        } else if let m = model as? CSSModel {
            unit = "px"
            modelLine = "css \(m.measure.rawValue)"
        } else if let m = model as? AndroidModel {
            unit = "px"
            modelLine = "android \(m.measure.rawValue) · \(m.breakStrategy.rawValue)"
        } else if let m = model as? FlutterModel {
            unit = "px"
            modelLine = "flutter \(m.measure.rawValue)" + (m.measure == .textField ? " · \(m.decoration.rawValue)\(m.dense ? " dense" : "")" : "")
        } else {
            unit = "pt"
            modelLine = "\(type(of: model))"
        }
        modelLine += " · width \(BoxPicture.number(width)) · wrap \(BoxPicture.number(measurement.wrapWidth)) · ×\(BoxPicture.number(scale))"
        lines.append(modelLine)
        for (i, font) in prepared.fonts.fonts.enumerated() {
            let name = i < fontNames.count ? fontNames[i] : BoxPicture.fileName(font.face.path)
            lines.append((i == 0 ? "font " : "fallback \(i) ") + "\(name) \(BoxPicture.number(font.size)) \(unit)")
        }
        let m = measurement
        var numbers = "box \(BoxPicture.number(m.boxHeight)) · content \(BoxPicture.number(m.contentHeight)) · lines \(m.lineCount)"
        numbers += " · line \(BoxPicture.number(m.lineHeight)) · text \(BoxPicture.number(m.textHeight))"
        if let scrollHeight = m.scrollHeight { numbers += " · scrollHeight \(BoxPicture.number(scrollHeight))" }
        if m.scrolls { numbers += " · scrolls" }
        lines.append(numbers)
        if m.minHeight != nil || m.maxHeight != nil {
            lines.append([m.minHeight.map { "min \(BoxPicture.number($0))" }, m.maxHeight.map { "max \(BoxPicture.number($0))" }]
                .compactMap { $0 }.joined(separator: " · "))
        }
        return lines
    }

    /// The font lines in their glyphs' colours, the rest in grey.
    private var legendInks: [Color] {
        let fontLines = prepared.fonts.fonts.count
        return (0..<notes.count).map { _ in BoxPicture.legendInk } + [BoxPicture.legendInk]
            + (0..<fontLines).map { BoxPicture.fontInks[$0 % BoxPicture.fontInks.count] }
            + [BoxPicture.legendInk, BoxPicture.legendInk]
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// A number for the legend: at most two decimals, no trailing zeros.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded(), rounded.magnitude < 1e15 { return String(Int(rounded)) }
        return "\(rounded)"
    }
}

/// hhea metrics in points, as TextKit reads them (`UIFont.ascender`, `descender`, `leading`).
struct TextKitMetrics {
    var ascent: Double
    var descent: Double
    var leading: Double

    init(_ font: Font) {
        let m = font.face.metrics
        ascent = Double(m.hheaAscender) * font.metricsScale
        descent = Double(-m.hheaDescender) * font.metricsScale
        leading = Double(m.hheaLineGap) * font.metricsScale
    }
}

extension FontFace {
    /// The embedded Inter Regular for legends and line numbers. The measuring path loaded it
    /// already when it was asked for; it cannot fail short of a broken build.
    static func embeddedDefaultForDrawing() throws(RenderError) -> FontFace {
        do { return try FontFace.embeddedDefault() } catch { throw .font("the embedded font cannot be loaded: \(error.message)") }
    }
}
