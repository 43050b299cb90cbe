import TextHeight

/// `textheight [options] --width W TEXT`: one measurement per width, one JSON object per line.
struct MeasureCommand {
    static let groups: [(title: String, options: [OptionSpec])] = [
        (FontOptions.title, FontOptions.options),
        (TextOptions.title, TextOptions.options),
        (ModelOptions.title, ModelOptions.options),
        (LimitOptions.title, LimitOptions.options),
        (OutputOptions.title, OutputOptions.options),
    ]
    static var specs: [OptionSpec] { groups.flatMap(\.options) }

    var font = FontOptions()
    var text = TextOptions()
    var model = ModelOptions()
    var limits = LimitOptions()
    var output = OutputOptions()
    var positionals: [String] = []

    init(_ parsed: ParsedArguments) throws(UsageError) {
        try font.apply(parsed)
        try text.apply(parsed)
        try model.apply(parsed)
        try limits.apply(parsed)
        try output.apply(parsed)
        positionals = parsed.positionals
    }

    func run() throws(Failure) -> String {
        let textModel: TextKitModel
        do { textModel = try model.makeModel(limits: limits.validated()) } catch { throw .usage(error) }
        let content = try readText()
        var faces: [String: FontFace] = [:]
        let loaded: Font
        do { loaded = try font.load(cache: &faces) } catch { throw .font(error) }
        let request = MeasureRequest(text: content, placeholder: text.placeholderValue, font: loaded,
                                     widths: model.widths, includeLines: output.lines)
        let results: [MeasureResult]
        do { results = try textModel.measure(request) } catch { throw .text(error) }
        return results.map { measurementJSON($0, model: model.model.rawValue, measure: model.measure.rawValue).text + "\n" }
            .joined()
    }

    /// Exactly one source: the last argument, `-` (stdin) or `--text-file`.
    private func readText() throws(Failure) -> String {
        if positionals.count > 1 {
            throw .usage(UsageError("give the text as one argument (quote it); got \(positionals.count) arguments"))
        }
        if let inline = positionals.first, inline != "-" {
            if text.textFile != nil { throw .usage(UsageError("give either a text argument or --text-file, not both")) }
            guard inline.utf8.count <= text.maxBytes else {
                throw Failure(code: .input, message: "the text has \(inline.utf8.count) bytes; --max-bytes is \(text.maxBytes)")
            }
            return inline
        }
        if positionals.isEmpty && text.textFile == nil {
            throw .usage(UsageError("no text given: pass it as the last argument, '-' for stdin, or --text-file PATH"))
        }
        if positionals.first == "-" && text.textFile != nil {
            throw .usage(UsageError("give either '-' or --text-file, not both"))
        }
        let name = text.textFile.map { "'\($0)'" } ?? "stdin"
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path: text.textFile, limit: text.maxBytes)
        } catch {
            switch error {
            case .open(let reason):
                throw Failure(code: .input, message: "cannot read text from \(name): \(reason)")
            case .tooLarge(let limit):
                throw Failure(code: .input, message: "the text from \(name) is longer than --max-bytes \(limit)")
            }
        }
        var offset = 0
        guard let decoded = UTF8Text.decode(bytes, invalidAt: &offset) else {
            throw Failure(code: .input, message: "the text from \(name) is not valid UTF-8 at byte \(offset)")
        }
        return decoded
    }
}
