import Dispatch
import Glibc
import TextHeight

/// `textheight batch [defaults] [--input F] [--jobs N]`: JSON Lines in, one result line per case
/// and width out, in input order. A bad line yields an error object and the batch goes on.
struct BatchCommand {
    static let specs = MeasureOptions.specs + BatchOptions.options

    let defaults: ParsedArguments
    var batch = BatchOptions()

    init(_ parsed: ParsedArguments) throws(UsageError) {
        guard parsed.positionals.isEmpty else {
            throw UsageError("batch reads cases from stdin or --input, not from arguments ('\(parsed.positionals[0])')")
        }
        try batch.apply(parsed)
        let own = Set(BatchOptions.options.map(\.name))
        var defaults = parsed
        defaults.options = parsed.options.filter { !own.contains($0.name) }
        // Check the defaults once, before any case runs: a bad default is a usage error.
        _ = try MeasureOptions(defaults)
        self.defaults = defaults
    }

    func run() throws(Failure) -> ExitCode {
        let fd: Int32
        var totalBytes = 0
        if let path = batch.input {
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                throw Failure(code: .input, message: "cannot read cases from '\(path)': \(String(cString: strerror(errno)))")
            }
            var info = stat()
            if fstat(fd, &info) == 0 { totalBytes = Int(info.st_size) }
        } else {
            fd = STDIN_FILENO
        }
        defer { if batch.input != nil { close(fd) } }

        let limit = MeasureOptions.maxCaseBytes(defaults)
        var reader = LineReader(fd: fd, limit: limit)
        let pool = WorkerPool(jobs: batch.jobs ?? WorkerPool.availableCores())
        var progress = Progress(enabled: batch.progress || Terminal.isTerminal(STDERR_FILENO), alwaysShow: batch.progress,
                                totalBytes: totalBytes)
        var failed = 0
        var chunk: [LineReader.Line] = []
        chunk.reserveCapacity(WorkerPool.chunkSize)
        // Cases that set no flag of their own measure with the command line's: parse it and load its fonts once.
        let parsedDefaults = (try? MeasureOptions(defaults)).map {
            CaseRunner.Defaults(options: $0, fonts: try? $0.loadFonts(faces: pool.faces))
        }
        while true {
            chunk.removeAll(keepingCapacity: true)
            // Chunks keep every worker busy on a piped file; when the next line is not there yet
            // (a co-process writing one case and waiting), the lines read so far are answered first.
            while chunk.count < WorkerPool.chunkSize, chunk.isEmpty || reader.lineReady(), let line = reader.next() {
                chunk.append(line)
            }
            if chunk.isEmpty { break }
            let outputs = pool.map(chunk) { line, shaper in
                BatchCommand.process(line, defaults: defaults, parsedDefaults: parsedDefaults, shaper: shaper, faces: pool.faces)
            }
            var text = ""
            for output in outputs {
                text += output.text
                if output.failed { failed += 1 }
            }
            Terminal.write(text)
            progress.update(cases: chunk.count, bytesRead: reader.bytesRead)
        }
        progress.finish()
        if failed > 0 {
            Terminal.error("\(failed) case\(failed == 1 ? "" : "s") failed; see the \"error\" lines")
            return .differences
        }
        return .ok
    }

    struct Output {
        var text: String
        var failed: Bool
    }

    /// One input line to its output lines: results, or one error object naming the line.
    static func process(_ line: LineReader.Line, defaults: ParsedArguments, parsedDefaults: CaseRunner.Defaults? = nil,
                        shaper: Shaper, faces: FaceCache) -> Output {
        let outcome = CaseRunner.run(line, defaults: defaults, parsedDefaults: parsedDefaults, shaper: shaper, faces: faces)
        switch outcome.result {
        case .success(let objects):
            return Output(text: objects.map { $0.text + "\n" }.joined(), failed: false)
        case .failure(let error):
            var json = JSONObject()
            if let id = outcome.id { json.add("id", raw: id.text) }
            json.add("line", line.number)
            json.add("error", error.message)
            json.add("exitCode", Int(error.code.rawValue))
            return Output(text: json.text + "\n", failed: true)
        }
    }
}

extension MeasureOptions {
    /// How long a JSONL line may be: the text limit plus room for JSON escapes and fields.
    static func maxCaseBytes(_ defaults: ParsedArguments) -> Int {
        let maxBytes = (try? MeasureOptions(defaults))?.text.maxBytes ?? TextOptions.defaultMaxBytes
        return maxBytes * 6 + 65_536
    }
}
