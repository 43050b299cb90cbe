import TextHeight

/// `textheight [options] --width W TEXT`: one measurement per width, one JSON object per line.
struct MeasureCommand {
    let options: MeasureOptions
    let positionals: [String]

    init(_ parsed: ParsedArguments) throws(UsageError) {
        options = try MeasureOptions(parsed)
        positionals = parsed.positionals
    }

    func run(_ output: CommandOutput) throws(Failure) -> ExitCode {
        let content = try readText(positionals: positionals, options: options.text)
        let objects = try options.measure(content, faces: FaceCache(), shaper: Shaper())
        // Everything is computed before anything is written: a failure leaves stdout empty.
        output.write(objects.map { $0.text + "\n" }.joined())
        return .ok
    }
}

/// The UTF-8 text of a file, or of stdin when `path` is nil.
func readTextFile(_ path: String?, limit: Int) throws(Failure) -> String {
    let name = path.map { "'\($0)'" } ?? "stdin"
    let bytes: [UInt8]
    do {
        bytes = try InputFile.read(path: path, limit: limit)
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

/// Exactly one source: the last argument, `-` (stdin) or `--text-file`.
func readText(positionals: [String], options: TextOptions) throws(Failure) -> String {
    let textFile = options.textFile
    if positionals.count > 1 {
        throw .usage(UsageError("give the text as one argument (quote it); got \(positionals.count) arguments"))
    }
    if let inline = positionals.first, inline != "-" {
        if textFile != nil { throw .usage(UsageError("give either a text argument or --text-file, not both")) }
        return inline
    }
    if positionals.isEmpty && textFile == nil {
        throw .usage(UsageError("no text given: pass it as the last argument, '-' for stdin, or --text-file PATH"))
    }
    if positionals.first == "-" && textFile != nil {
        throw .usage(UsageError("give either '-' or --text-file, not both"))
    }
    return try readTextFile(textFile, limit: options.maxBytes)
}
