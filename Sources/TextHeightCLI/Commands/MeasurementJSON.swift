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
    var json = prefix
    appendMeasurement(result.measurement, width: result.width, measuredPlaceholder: result.measuredPlaceholder,
                      setting: measurementSetting(model: model, measure: measure, font: font), lines: lines, to: &json)
    return json
}

/// The fields between a measurement's numbers and its own notes, which depend only on the
/// options and fonts (model, measure, font description): batch writes them once for all the
/// cases that set no flag of their own.
func measurementSetting(model: String, measure: String, preset: String? = nil, font: FontDescription?) -> [UInt8] {
    var json = JSONObject()
    json.add("model", model)
    json.add("measure", measure)
    if let preset { json.add("preset", preset) }
    if let font {
        json.add("fontSize", font.size)
        if let file = font.file { json.add("fontFile", file) }
        if !font.variations.isEmpty {
            var axes = JSONObject()
            for variation in font.variations { axes.add(key: variation.tag, variation.value) }
            json.add("fontVariations", raw: axes.text)
        }
        if font.tracking != 0 { json.add("tracking", font.tracking) }
    }
    return json.fields
}

/// One measurement's fields appended to `json`, `setting` (from `measurementSetting`) in its place.
func appendMeasurement(_ m: Measurement, width: Double, measuredPlaceholder: Bool, setting: [UInt8], lines: Bool,
                       to json: inout JSONObject) {
    json.add("boxHeight", m.boxHeight)
    json.add("contentHeight", m.contentHeight)
    json.add("lineCount", m.lineCount)
    json.add("scrolls", m.scrolls)
    json.add("scrollHeight", m.scrollHeight)
    json.add("textHeight", m.textHeight)
    json.add("lineHeight", m.lineHeight)
    json.add("width", width)
    json.add("wrapWidth", m.wrapWidth)
    json.add("minHeight", m.minHeight)
    json.add("maxHeight", m.maxHeight)
    json.add(fields: setting)
    if measuredPlaceholder { json.add("measuredPlaceholder", true) }
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
}
