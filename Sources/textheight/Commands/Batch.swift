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
        // A chunk's lines share one array (`block`): no array per line.
        var block: [UInt8] = []
        var chunk: [LineReader.Placed] = []
        chunk.reserveCapacity(WorkerPool.chunkSize)
        // Cases that set no flag of their own measure with the command line's: parse it and load its fonts once.
        let parsedDefaults = (try? MeasureOptions(defaults)).map {
            CaseRunner.Defaults(options: $0, fonts: try? $0.loadFonts(faces: pool.faces))
        }
        let ready = parsedDefaults.flatMap { ReadyDefaults($0.options, fonts: $0.fonts, workers: pool.jobs) }
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
                                                      ready: ready, worker: worker, faces: pool.faces)
                    return Written(worker: worker.index, bytes: start..<worker.output.count, failed: failed)
                })
            }
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

    /// One input line (bytes of `block`) to its output lines, written into the worker's output:
    /// results, or one error object naming the line (then true).
    static func process(_ placed: LineReader.Placed, in block: UnsafeBufferPointer<UInt8>, defaults: ParsedArguments,
                        parsedDefaults: CaseRunner.Defaults? = nil, ready: ReadyDefaults? = nil,
                        worker: WorkerPool.Worker, faces: FaceCache) -> Bool {
        if let ready, !placed.tooLong, let scanned = ScannedCase.scan(UnsafeBufferPointer(rebasing: block[placed.bytes])) {
            return ready.process(scanned, line: placed.number, worker: worker)
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
    /// One per worker (`WorkerPool.Worker.index`), used by that worker's thread alone.
    private let written: [WrittenMeasurements]

    /// Nil when the defaults alone cannot measure (no fonts, no model), and with a placeholder
    /// (the library decides per text whether it is measured): those cases take the plain path.
    init?(_ options: MeasureOptions, fonts: FontStack?, workers: Int) {
        guard let fonts, options.text.placeholderValue == nil, let model = try? options.makeModel() else { return nil }
        self.options = options
        self.fonts = fonts
        self.model = model
        widths = options.model.modelWidths
        setting = measurementSetting(model: options.model.model.rawValue, measure: options.model.measureName,
                                     font: FontDescription(options, fonts: fonts, model: model))
        written = (0..<max(1, workers)).map { _ in WrittenMeasurements() }
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
            if widths.count == 1 {  // the common case, without an array
                let measurement = model.measure(prepared, width: widths[0], includeLines: lines)
                if options.font.strictGlyphs, measurement.missingGlyphs > 0 { throw .strictGlyphs(measurement.missingGlyphs) }
                write(scanned.id, measurement, width: widths[0], lines: lines, worker: worker)
                return false
            }
            var measurements: [Measurement] = []
            measurements.reserveCapacity(widths.count)
            for width in widths { measurements.append(model.measure(prepared, width: width, includeLines: lines)) }
            if options.font.strictGlyphs, let missing = measurements.first?.missingGlyphs, missing > 0 {
                throw .strictGlyphs(missing)
            }
            for (width, measurement) in zip(widths, measurements) {
                write(scanned.id, measurement, width: width, lines: lines, worker: worker)
            }
            return false
        } catch {
            var prefix = JSONObject()
            if let id = scanned.id { prefix.add("id", raw: id) }
            BatchCommand.failure(error, line: line, prefix: prefix, into: worker.output)
            return true
        }
    }

    /// The line of one width, written straight into the worker's output: the id, then the measurement's
    /// fields as they were written for an equal measurement at that width before (`WrittenMeasurements`).
    private func write(_ id: UnsafeBufferPointer<UInt8>?, _ measurement: Measurement, width: Double, lines: Bool,
                       worker: WorkerPool.Worker) {
        let fields = written[worker.index].fields(of: measurement, width: width) {
            var object = JSONObject()
            appendMeasurement(measurement, width: width, measuredPlaceholder: false, setting: setting, lines: lines,
                              to: &object)
            var bytes: [UInt8] = []
            object.append(to: &bytes)
            return Array(bytes.dropFirst().dropLast())  // the fields, without the braces
        }
        // `{"id":…,` + fields + `}` + newline, as JSONObject writes the whole object.
        let idKey: StaticString = #"{"id":"#
        let count = (id.map { idKey.utf8CodeUnitCount + $0.count + 1 } ?? 1) + fields.count + 2
        fields.withUnsafeBufferPointer { fields in
            worker.output.write(upTo: count) { room in
                guard var p = room.baseAddress else { return 0 }
                func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                    guard let from = bytes.baseAddress else { return }
                    p.initialize(from: from, count: bytes.count)
                    p += bytes.count
                }
                if let id {
                    put(UnsafeBufferPointer(start: idKey.utf8Start, count: idKey.utf8CodeUnitCount))
                    put(id)
                    p.initialize(to: UInt8(ascii: ","))
                    p += 1
                } else {
                    p.initialize(to: UInt8(ascii: "{"))
                    p += 1
                }
                put(fields)
                p.initialize(to: UInt8(ascii: "}"))
                p[1] = 0x0A
                return count
            }
        }
    }
}

/// The fields a measurement writes (`appendMeasurement`) remembered by measurement and width, for
/// one worker: the texts of a batch share few distinct measurements (one line count and fonts give
/// the same heights: 815 among the 20,000 mixed texts), and writing the fields again cost about
/// 2,000 instructions a line. Equal measurements write the same bytes (Double's `==` only merges
/// 0 and -0, both written `0`). Measurements with lines (`--lines`) are seldom equal: not kept.
final class WrittenMeasurements: @unchecked Sendable {
    private struct Entry {
        var width: Double
        var measurement: Measurement
        var fields: [UInt8]
    }

    private var entries = [Entry?](repeating: nil, count: 1024)

    func fields(of measurement: Measurement, width: Double, make: () -> [UInt8]) -> [UInt8] {
        guard measurement.lines.isEmpty else { return make() }
        var hash = UInt64(truncatingIfNeeded: measurement.lineCount) ^ width.bitPattern
        hash = (hash &* 0x9E37_79B9_7F4A_7C15) ^ measurement.textHeight.bitPattern
        hash = (hash &* 0x9E37_79B9_7F4A_7C15) ^ measurement.boxHeight.bitPattern
        let slot = Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 54)  // the top 10 bits
        if let entry = entries[slot], entry.width == width, entry.measurement == measurement { return entry.fields }
        let fields = make()
        entries[slot] = Entry(width: width, measurement: measurement, fields: fields)
        return fields
    }
}

extension MeasureOptions {
    /// How long a JSONL line may be: the text limit plus room for JSON escapes and fields.
    static func maxCaseBytes(_ defaults: ParsedArguments) -> Int {
        let maxBytes = (try? MeasureOptions(defaults))?.text.maxBytes ?? TextOptions.defaultMaxBytes
        return maxBytes * 6 + 65_536
    }
}
