import Glibc
import TextHeight
import TextHeightRender

/// `--output`, `--render-scale` of `render`.
struct RenderOptions: OptionGroup {
    static let title = "RENDER OPTIONS"
    static let options = [
        OptionSpec(name: "output", value: "<path>", help: "The PNG to write (required; written atomically)",
                   kind: .file),
        OptionSpec(name: "render-scale", value: "<n>",
                   help: "Device pixels per point (default: textkit --scale when given, else 2)"),
    ]
    static let maxScale = 8.0

    var output: String?
    var scale: Double?

    mutating func apply(_ name: String, _ value: String) throws(UsageError) {
        switch name {
        case "output":
            guard !value.isEmpty else { throw UsageError("--output needs a file path") }
            output = value
        case "render-scale":
            scale = try Value.number(value, flag: "--render-scale", above: true, atMost: RenderOptions.maxScale)
        default: break
        }
    }

    /// `--render-scale`, else TextKit's `--scale` (a 3× device's picture at 3×), else 2. `--scale`
    /// itself cannot be the render flag: it changes TextKit's rounding, and CSS refuses it.
    func pictureScale(_ options: MeasureOptions) -> Double {
        if let scale { return scale }
        if options.model.given.contains("scale") { return min(options.model.scale, RenderOptions.maxScale) }
        return 2
    }
}

/// `textheight render [options] --width W --output box.png TEXT`: measures like the plain command
/// (same flags, same JSON on stdout) and draws that measurement to a PNG.
struct RenderCommand {
    static let specs = MeasureOptions.specs + RenderOptions.options

    let options: MeasureOptions
    var render = RenderOptions()
    let positionals: [String]

    init(_ parsed: ParsedArguments) throws(UsageError) {
        try render.apply(parsed)
        let own = Set(RenderOptions.options.map(\.name))
        var rest = parsed
        rest.options = parsed.options.filter { !own.contains($0.name) }
        options = try MeasureOptions(rest)
        positionals = parsed.positionals
        guard render.output != nil else { throw UsageError("render needs --output <path> (the PNG to write)") }
        guard options.model.widths.count <= 1 else {
            throw UsageError("render draws one width; --width has \(options.model.widths.count)")
        }
    }

    func run(_ stdout: CommandOutput) throws(Failure) -> ExitCode {
        guard let output = render.output else { throw .usage(UsageError("render needs --output <path>")) }
        let content = try readText(positionals: positionals, options: options.text)
        let shaper = Shaper()
        let drawing = try CaseDrawing.measure(content, options: options, faces: FaceCache(), shaper: shaper)
        guard let result = drawing.results.first else { throw .usage(UsageError("--width is required")) }
        let png = try drawing.picture(result, scale: render.pictureScale(options), shaper: shaper).png
        // The JSON first in memory, the picture on disk, then stdout: a failure leaves both untouched.
        let json = drawing.json(result, lines: options.output.lines)
        try Files.replaceAtomically(output, bytes: png)
        stdout.write(json.text + "\n")
        return .ok
    }
}

/// A case measured for drawing: the model, the prepared text and the results at every width, from
/// the same library calls as the JSON of `MeasureOptions.measure`.
struct CaseDrawing {
    let model: any PlatformModel
    let options: MeasureOptions
    /// The text measured: the placeholder when it stood in for an empty text.
    let prepared: PreparedText
    let results: [MeasureResult]

    /// Measures `content` as `MeasureOptions.measure` does (same checks, same request, same
    /// placeholder rules), with lines, and prepares the measured text once more for its glyphs:
    /// preparation is deterministic, so the glyphs are those that were measured.
    static func measure(_ content: String, options: MeasureOptions, faces: FaceCache, shaper: Shaper) throws(Failure) -> CaseDrawing {
        let model = try options.makeModel()
        guard content.utf8.count <= options.text.maxBytes else {
            throw Failure(code: .input, message: "the text has \(content.utf8.count) bytes; --max-bytes is \(options.text.maxBytes)")
        }
        let fonts = try options.loadFonts(faces: faces)
        let request = MeasureRequest(text: content, placeholder: options.text.placeholderValue, fonts: fonts,
                                     widths: options.model.modelWidths, includeLines: true)
        let results: [MeasureResult]
        let prepared: PreparedText
        do {
            results = try model.measure(request, shaper: shaper)
            let measured = (results.first?.measuredPlaceholder ?? false) ? (request.placeholder?.text ?? "") : content
            prepared = try model.prepare(measured, fonts: fonts, shaper: shaper)
        } catch {
            throw .text(error)
        }
        return CaseDrawing(model: model, options: options, prepared: prepared, results: results)
    }

    /// The JSON line of `result`, as the plain command prints it (lines only with `--lines`).
    func json(_ result: MeasureResult, lines: Bool, prefix: JSONObject = JSONObject()) -> JSONObject {
        var shown = result
        if !lines { shown.measurement.lines = [] }
        return measurementJSON(shown, model: options.model.model.rawValue, measure: options.model.measureName,
                               font: FontDescription(options, fonts: prepared.fonts, model: model), lines: lines,
                               prefix: prefix)
    }

    /// The PNG of `measurement` (by default the result's own) over this case's layout, and its
    /// width in pixels.
    func picture(_ result: MeasureResult, measurement: Measurement? = nil, scale: Double, notes: [String] = [],
                 shaper: Shaper) throws(Failure) -> (png: [UInt8], width: Int) {
        var picture = BoxPicture(model: model, prepared: prepared, measurement: measurement ?? result.measurement,
                                 width: result.width, scale: scale)
        picture.notes = notes
        if result.measuredPlaceholder { picture.notes.append("placeholder shown (the text is empty)") }
        do {
            let canvas = try picture.draw(shaper: shaper)
            return (try PNGWriter.encode(canvas), canvas.width)
        } catch {
            switch error {
            case .tooLarge: throw Failure(code: .usage, message: error.message)
            case .font: throw Failure(code: .font, message: error.message)
            case .png: throw Failure(code: .output, message: error.message)
            }
        }
    }
}

/// Directories for `check --report`.
enum AtomicFile {
    /// Creates `path` and its missing parents, like `mkdir -p`.
    static func makeDirectory(_ path: String) throws(Failure) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part + "/"
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST { throw failure(path) }
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw Failure(code: .output, message: "cannot write into '\(path)': it is not a directory")
        }
    }

    private static func failure(_ path: String) -> Failure {
        Failure(code: .output, message: "cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
}
