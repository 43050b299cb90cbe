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
        let ready = parsedDefaults.flatMap { ReadyDefaults($0.options, fonts: $0.fonts) }
        var out: [UInt8] = []
        while true {
            chunk.removeAll(keepingCapacity: true)
            // Chunks keep every worker busy on a piped file; when the next line is not there yet
            // (a co-process writing one case and waiting), the lines read so far are answered first.
            while chunk.count < WorkerPool.chunkSize, chunk.isEmpty || reader.lineReady(), let line = reader.next() {
                chunk.append(line)
            }
            if chunk.isEmpty { break }
            let outputs = pool.map(chunk, byWorker: { line, worker in
                let start = worker.output.count
                let failed = BatchCommand.process(line, defaults: defaults, parsedDefaults: parsedDefaults, ready: ready,
                                                  worker: worker, faces: pool.faces)
                return Written(worker: worker.index, bytes: start..<worker.output.count, failed: failed)
            })
            for output in outputs where output.failed { failed += 1 }
            if outputs.allSatisfy({ $0.worker == 0 }) {
                Terminal.write(raw: pool.workers[0].output.bytes)
            } else {
                // Each worker wrote its cases in turn: the lines go out in input order.
                out.removeAll(keepingCapacity: true)
                for output in outputs { out.append(contentsOf: pool.workers[output.worker].output.bytes(output.bytes)) }
                Terminal.write(bytes: out)
            }
            for worker in pool.workers { worker.output.removeAll() }
            progress.update(cases: chunk.count, bytesRead: reader.bytesRead)
        }
        progress.finish()
        if failed > 0 {
            Terminal.error("\(failed) case\(failed == 1 ? "" : "s") failed; see the \"error\" lines")
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

    /// One input line to its output lines, written into the worker's output: results, or one
    /// error object naming the line (then true).
    static func process(_ line: LineReader.Line, defaults: ParsedArguments, parsedDefaults: CaseRunner.Defaults? = nil,
                        ready: ReadyDefaults? = nil, worker: WorkerPool.Worker, faces: FaceCache) -> Bool {
        if let ready, !line.tooLong, let scanned = ScannedCase.scan(line.bytes) {
            return ready.process(scanned, line: line.number, worker: worker)
        }
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

/// The command line's options made ready once for the cases that set no flag of their own, read
/// by `ScannedCase` (most lines of a batch): its fonts loaded, its model made, its widths and the
/// output fields it fixes written. What `MeasureOptions.measure` does per case, minus the work
/// that gives the same answer every time; the output is the same bytes.
final class ReadyDefaults: Sendable {
    let options: MeasureOptions
    let fonts: FontStack
    let model: any PlatformModel
    let widths: [Double]
    /// `measurementSetting` of these options and fonts.
    let setting: [UInt8]

    /// Nil when the defaults alone cannot measure (no fonts, no model), and with a placeholder
    /// (the library decides per text whether it is measured): those cases take the plain path.
    init?(_ options: MeasureOptions, fonts: FontStack?) {
        guard let fonts, options.text.placeholderValue == nil, let model = try? options.makeModel() else { return nil }
        self.options = options
        self.fonts = fonts
        self.model = model
        widths = options.model.modelWidths
        setting = measurementSetting(model: options.model.model.rawValue, measure: options.model.measureName,
                                     font: FontDescription(options, fonts: fonts, model: model))
    }

    /// `PlatformModel.measure(_:shaper:)` without a placeholder: the text prepared once (from its
    /// UTF-16 units, as `prepare` makes them), measured at every width; true when it failed.
    func process(_ scanned: ScannedCase, line: Int, worker: WorkerPool.Worker) -> Bool {
        do throws(Failure) {
            guard scanned.utf8Count <= options.text.maxBytes else {
                throw .tooManyBytes(scanned.utf8Count, maxBytes: options.text.maxBytes)
            }
            let prepared: PreparedText
            do {
                prepared = try PreparedText(utf16: scanned.utf16, fonts: fonts, rules: model.breakRules,
                                            shaper: worker.shaper)
            } catch {
                throw .text(error)
            }
            let lines = options.output.lines
            var measurements: [Measurement] = []
            measurements.reserveCapacity(widths.count)
            for width in widths { measurements.append(model.measure(prepared, width: width, includeLines: lines)) }
            if options.font.strictGlyphs, let missing = measurements.first?.missingGlyphs, missing > 0 {
                throw .strictGlyphs(missing)
            }
            write(scanned.id, measurements, lines: lines, worker: worker)
            return false
        } catch {
            var prefix = JSONObject()
            if let id = scanned.id { prefix.add("id", raw: id) }
            BatchCommand.failure(error, line: line, prefix: prefix, into: worker.output)
            return true
        }
    }

    /// One line per width, written straight into the worker's output within a bound (`JSONBytes`);
    /// the plain way (`JSONObject`) should the bound ever be short.
    private func write(_ id: ArraySlice<UInt8>?, _ measurements: [Measurement], lines: Bool, worker: WorkerPool.Worker) {
        // Numbers take at most 24 bytes (Double's shortest form, Int64's digits): 640 bytes hold the
        // fixed keys and their numbers, 256 a line object.
        var bound = 0
        for measurement in measurements { bound += (id?.count ?? 0) + setting.count + 640 + measurement.lines.count * 256 }
        var complete = false
        worker.output.write(upTo: bound) { room in
            var json = JSONBytes(room, numbers: worker.numbers)
            for (index, measurement) in measurements.enumerated() {
                json.open()
                if let id { id.withUnsafeBufferPointer { json.add("id", raw: $0) } }
                appendMeasurement(measurement, width: widths[index], measuredPlaceholder: false, setting: setting,
                                  lines: lines, to: &json)
                json.close()
                json.byte(0x0A)
            }
            complete = !json.overflowed
            return complete ? json.count : 0
        }
        if complete { return }
        var bytes: [UInt8] = []
        for (width, measurement) in zip(widths, measurements) {
            var json = JSONObject()
            if let id { json.add("id", raw: id) }
            appendMeasurement(measurement, width: width, measuredPlaceholder: false, setting: setting, lines: lines,
                              to: &json)
            json.append(to: &bytes)
            bytes.append(0x0A)
        }
        worker.output.append(bytes)
    }
}

extension MeasureOptions {
    /// How long a JSONL line may be: the text limit plus room for JSON escapes and fields.
    static func maxCaseBytes(_ defaults: ParsedArguments) -> Int {
        let maxBytes = (try? MeasureOptions(defaults))?.text.maxBytes ?? TextOptions.defaultMaxBytes
        return maxBytes * 6 + 65_536
    }
}
