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
        if parsed.options.contains(where: { $0.name == "text-file" }) {
            throw UsageError("--text-file does not apply to batch: each case's text is its \"text\" field")
        }
        let own = Set(BatchOptions.options.map(\.name))
        var defaults = parsed
        defaults.options = parsed.options.filter { !own.contains($0.name) }
        // Check the defaults once, before any case runs: a bad default is a usage error.
        _ = try MeasureOptions(defaults)
        self.defaults = defaults
    }

    func run(_ output: CommandOutput) throws(Failure) -> ExitCode {
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
        var progress = Progress(enabled: batch.progress || output.stderrIsTerminal, alwaysShow: batch.progress,
                                totalBytes: totalBytes, output: output)
        var failed = 0
        // A chunk's lines share one array (`block`): no array per line.
        var block: [UInt8] = []
        var chunk: [LineReader.Placed] = []
        chunk.reserveCapacity(WorkerPool.chunkSize)
        // Cases that set no flag of their own measure with the command line's: parse it and load its fonts once;
        // cases that carry options find what they come to once per distinct set (`CaseSettings`).
        let parsedDefaults = (try? MeasureOptions(defaults)).map {
            CaseRunner.Defaults(options: $0, fonts: try? $0.loadFonts(faces: pool.faces))
        }
        let settings = parsedDefaults.map {
            CaseSettings(defaults: defaults, parsedDefaults: $0, faces: pool.faces, workers: pool.jobs)
        }
        var out: [UInt8] = []
        while true {
            chunk.removeAll(keepingCapacity: true)
            block.removeAll(keepingCapacity: true)
            // Chunks keep every worker busy on a piped file; when the next line is not there yet
            // (a co-process writing one case and waiting), the lines read so far are answered first.
            while chunk.count < WorkerPool.chunkSize, chunk.isEmpty || reader.lineReady(),
                  let line = reader.next(appendingTo: &block) {
                chunk.append(line)
            }
            if chunk.isEmpty { break }
            let outputs = block.withUnsafeBufferPointer { block in
                pool.map(chunk, byWorker: { line, worker in
                    let start = worker.output.count
                    let failed = BatchCommand.process(line, in: block, defaults: defaults, parsedDefaults: parsedDefaults,
                                                      settings: settings, worker: worker, faces: pool.faces)
                    return Written(worker: worker.index, bytes: start..<worker.output.count, failed: failed)
                })
            }
            for written in outputs where written.failed { failed += 1 }
            if outputs.allSatisfy({ $0.worker == 0 }) {
                output.write(raw: pool.workers[0].output.bytes)
            } else {
                // Each worker wrote its cases in turn: the lines go out in input order.
                out.removeAll(keepingCapacity: true)
                for written in outputs { out.append(contentsOf: pool.workers[written.worker].output.bytes(written.bytes)) }
                output.write(bytes: out)
            }
            for worker in pool.workers { worker.output.removeAll() }
            progress.update(cases: chunk.count, bytesRead: reader.bytesRead)
        }
        progress.finish()
        // The lines read so far are answered; the input was not read whole, so the batch failed.
        if let reason = reader.readErrorMessage {
            throw Failure(code: .input, message: "cannot read cases from \(batch.input.map { "'\($0)'" } ?? "stdin"): \(reason)")
        }
        if failed > 0 {
            output.error("\(failed) case\(failed == 1 ? "" : "s") failed; see the \"error\" lines")
            return .differences
        }
        return .ok
    }

    /// Where a case's result lines are: bytes of a worker's output.
    struct Written {
        var worker: Int
        var bytes: Range<Int>
        var failed: Bool
    }

    /// One input line (bytes of `block`) to its output lines, written into the worker's output:
    /// results, or one error object naming the line (then true).
    static func process(_ placed: LineReader.Placed, in block: UnsafeBufferPointer<UInt8>, defaults: ParsedArguments,
                        parsedDefaults: CaseRunner.Defaults? = nil, settings: CaseSettings? = nil,
                        worker: WorkerPool.Worker, faces: FaceCache) -> Bool {
        if !placed.tooLong,
           let failed = settings?.process(UnsafeBufferPointer(rebasing: block[placed.bytes]), number: placed.number,
                                          worker: worker) {
            return failed
        }
        let line = placed.line(in: block)
        let outcome = CaseRunner.run(line, defaults: defaults, parsedDefaults: parsedDefaults, shaper: worker.shaper,
                                     faces: faces)
        switch outcome.result {
        case .success(let objects):
            var bytes: [UInt8] = []
            for object in objects {
                object.append(to: &bytes)
                bytes.append(0x0A)
            }
            worker.output.append(bytes)
            return false
        case .failure(let error):
            var json = JSONObject()
            if let id = outcome.id { json.add("id", raw: id.text) }
            failure(error, line: line.number, prefix: json, into: worker.output)
            return true
        }
    }

    /// The error object of a scanned case that failed: `id` is its id's JSON text as written.
    static func failure(_ error: Failure, id: UnsafeBufferPointer<UInt8>?, line: Int, into output: OutputBuffer) {
        var prefix = JSONObject()
        if let id { prefix.add("id", raw: id) }
        failure(error, line: line, prefix: prefix, into: output)
    }

    /// The error object of a case that failed, after `prefix` (its id).
    static func failure(_ error: Failure, line: Int, prefix: JSONObject, into output: OutputBuffer) {
        var json = prefix
        json.add("line", line)
        json.add("error", error.message)
        json.add("exitCode", Int(error.code.rawValue))
        var bytes: [UInt8] = []
        json.append(to: &bytes)
        bytes.append(0x0A)
        output.append(bytes)
    }
}

extension MeasureOptions {
    /// How long a JSONL line may be: the text limit plus room for JSON escapes and fields.
    static func maxCaseBytes(_ defaults: ParsedArguments) -> Int {
        let maxBytes = (try? MeasureOptions(defaults))?.text.maxBytes ?? TextOptions.defaultMaxBytes
        return maxBytes * 6 + 65_536
    }
}
