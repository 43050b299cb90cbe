import TextHeight

/// Every flag of a measurement, grouped by concern; shared by `measure`, `batch` and `check`.
struct MeasureOptions {
    static let groups: [(title: String, options: [OptionSpec])] = [
        (FontOptions.title, FontOptions.options),
        (TextOptions.title, TextOptions.options),
        (ModelOptions.title, ModelOptions.options),
        (LimitOptions.title, LimitOptions.options),
        (OutputOptions.title, OutputOptions.options),
    ]
    static let specs: [OptionSpec] = groups.flatMap(\.options)

    var font = FontOptions()
    var text = TextOptions()
    var model = ModelOptions()
    var limits = LimitOptions()
    var output = OutputOptions()

    init(_ parsed: ParsedArguments) throws(UsageError) {
        try font.apply(parsed)
        try text.apply(parsed)
        try model.apply(parsed)
        try limits.apply(parsed)
        try output.apply(parsed)
    }

    /// Measures `content` at every `--width`, one JSON object per width, each opening with `prefix`.
    func measure(_ content: String, faces: FaceCache, shaper: Shaper, prefix: JSONObject = JSONObject())
        throws(Failure) -> [JSONObject] {
        let textModel: any PlatformModel
        do { textModel = try model.makeModel(limits: limits.validated()) } catch { throw .usage(error) }
        guard content.utf8.count <= text.maxBytes else {
            throw Failure(code: .input, message: "the text has \(content.utf8.count) bytes; --max-bytes is \(text.maxBytes)")
        }
        let loaded: FontStack
        do { loaded = try faces.fonts(font) } catch { throw .font(error) }
        let request = MeasureRequest(text: content, placeholder: text.placeholderValue, fonts: loaded,
                                     widths: model.widths, includeLines: output.lines)
        let results: [MeasureResult]
        do { results = try textModel.measure(request, shaper: shaper) } catch { throw .text(error) }
        if font.strictGlyphs, let missing = results.first?.measurement.missingGlyphs, missing > 0 {
            throw Failure(code: .font, message: "\(missing) glyph\(missing == 1 ? "" : "s") of the text exist in no font of the chain (--strict-glyphs); add a --fallback that covers them")
        }
        return results.map {
            measurementJSON($0, model: model.model.rawValue, measure: model.measureName, prefix: prefix)
        }
    }
}
