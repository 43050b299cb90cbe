import TextHeight

/// The JSON object of one measurement; keys in a fixed order, numbers in points (px for CSS).
func measurementJSON(_ result: MeasureResult, model: String, measure: String,
                     prefix: JSONObject = JSONObject()) -> JSONObject {
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
    if result.measuredPlaceholder { json.add("measuredPlaceholder", true) }
    if m.missingGlyphs > 0 { json.add("missingGlyphs", m.missingGlyphs) }
    if m.overflowingLines > 0 { json.add("overflowingLines", m.overflowingLines) }
    if !m.lines.isEmpty {
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
