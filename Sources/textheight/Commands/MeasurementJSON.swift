import TextHeight

/// What a measurement's font became at its size, reported when a flag or the font made it
/// differ from the file at `--size`: the text style's size, the Display file of a pair, the
/// variation coordinates of a variable font, and the tracking added to every glyph.
struct FontDescription {
    var size: Double?
    var file: String?
    var variations: [FontVariation]
    var tracking: Double

    init(_ options: MeasureOptions, fonts: FontStack, model: any PlatformModel) {
        let primary = fonts.primary
        size = options.system.textStyle == nil ? nil : primary.size
        file = options.font.displayFont == nil ? nil : primary.face.path
        variations = primary.variations
        tracking = model.breakRules.spacing.perGlyph(primary)
    }
}

/// The JSON object of one measurement; keys in a fixed order, numbers in points (px for CSS).
/// With `lines` (`--lines`) the `lines` array is always there, `[]` for an empty div.
func measurementJSON(_ result: MeasureResult, model: String, measure: String, font: FontDescription? = nil,
                     lines: Bool = false, prefix: JSONObject = JSONObject()) -> JSONObject {
    let m = result.measurement
    var json = prefix
    json.add("boxHeight", m.boxHeight)
    json.add("contentHeight", m.contentHeight)
    json.add("lineCount", m.lineCount)
    json.add("scrolls", m.scrolls)
    json.add("scrollHeight", m.scrollHeight)
    json.add("textHeight", m.textHeight)
    json.add("lineHeight", m.lineHeight)
    json.add("width", result.width)
    json.add("wrapWidth", m.wrapWidth)
    json.add("minHeight", m.minHeight)
    json.add("maxHeight", m.maxHeight)
    json.add("model", model)
    json.add("measure", measure)
    if let font {
        json.add("fontSize", font.size)
        if let file = font.file { json.add("fontFile", file) }
        if !font.variations.isEmpty {
            var axes = JSONObject()
            for variation in font.variations { axes.add(variation.tag, variation.value) }
            json.add("fontVariations", raw: axes.text)
        }
        if font.tracking != 0 { json.add("tracking", font.tracking) }
    }
    if result.measuredPlaceholder { json.add("measuredPlaceholder", true) }
    if m.missingGlyphs > 0 { json.add("missingGlyphs", m.missingGlyphs) }
    if m.overflowingLines > 0 { json.add("overflowingLines", m.overflowingLines) }
    if lines || !m.lines.isEmpty {
        json.add("lines", objects: m.lines.map { line in
            var item = JSONObject()
            item.add("start", line.start)
            item.add("length", line.length)
            item.add("width", line.width)
            item.add("top", line.top)
            item.add("height", line.height)
            return item
        })
    }
    return json
}
