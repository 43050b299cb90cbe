import Glibc
import TextHeight

/// Whole commands over files: `batch` (the fast path against the plain one, line by line) and
/// `check` (what `--update` may write).
enum CommandTargets {
    /// Command-line defaults for the batch target's cases, chosen by its first byte.
    static let batchDefaults: [[String]] = [
        [], ["--width", "300"], ["--width", "240,343", "--lines"], ["--model", "css", "--width", "200"],
        ["--model", "android", "--density", "2", "--width", "320"], ["--model", "flutter", "--width", "300", "--max-lines", "3"],
        ["--font", "fixtures/fonts/DejaVuSans.ttf", "--fallback", "fixtures/fonts/NotoSansArabic-Regular.ttf", "--width", "100"],
        ["--max-bytes", "16", "--width", "100"], ["--placeholder", "Type", "--width", "100"],
        ["--strict-glyphs", "--width", "50"], ["--preset", "flutter-chat", "--width", "360"],
        ["--width", "nan"], ["--font", "fixtures/fonts/none.ttf", "--width", "100"],
    ]

    // MARK: batch

    /// `batch` answers every line with what the plain path (JSONReader, BatchCase, MeasureOptions)
    /// gives that line alone, in input order: result lines carrying the case's id, or one error
    /// object naming the line; with 2 jobs the same bytes; the exit code 1 exactly when a line failed.
    static func batch(_ bytes: [UInt8]) throws(Violation) {
        guard let choice = bytes.first else { return }
        let defaults = batchDefaults[Int(choice) % batchDefaults.count]
        guard let directory = Scratch.directory() else { return }
        defer { Scratch.remove(directory) }
        let path = directory + "/cases.jsonl"
        guard Scratch.write(Array(bytes.dropFirst()), to: path) else { return }
        let run = runCaptured(["batch", "--input", path, "--jobs", "1"] + defaults)
        let command: BatchCommand
        do { command = try BatchCommand(parseArguments(defaults, specs: BatchCommand.specs)) } catch {
            // A bad default is refused before any case is read.
            try require(run.status == ExitCode.usage.rawValue && run.stdout.isEmpty, "a bad default did not stop the batch")
            return
        }
        let answers = plainAnswers(path, defaults: command.defaults)
        var failed = 0
        for answer in answers {
            try checkAnswer(answer.line, answer.output)
            if answer.failed { failed += 1 }
        }
        let expected = answers.flatMap(\.output)
        try require(run.stdout == expected, "batch and the plain path differ: \(shown(run.stdout)) against \(shown(expected))")
        try require(run.status == (failed > 0 ? 1 : 0), "batch exits \(run.status) with \(failed) failed lines")
        let message = "textheight: \(failed) case\(failed == 1 ? "" : "s") failed; see the \"error\" lines\n"
        try require(run.stderr == (failed > 0 ? Array(message.utf8) : []), "batch says \(shown(run.stderr))")
        let two = runCaptured(["batch", "--input", path, "--jobs", "2"] + defaults)
        try require(two.stdout == run.stdout && two.status == run.status, "--jobs 2 writes other bytes")
    }

    struct Answer {
        var line: LineReader.Line
        var output: [UInt8]
        var failed: Bool
    }

    /// Each line of the file through the plain path alone (`BatchCommand.process` without settings).
    static func plainAnswers(_ path: String, defaults: ParsedArguments) -> [Answer] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var reader = LineReader(fd: fd, limit: MeasureOptions.maxCaseBytes(defaults))
        let pool = WorkerPool(jobs: 1)
        let parsedDefaults = (try? MeasureOptions(defaults)).map {
            CaseRunner.Defaults(options: $0, fonts: try? $0.loadFonts(faces: pool.faces))
        }
        let worker = pool.workers[0]
        var answers: [Answer] = []
        var block: [UInt8] = []
        while let placed = reader.next(appendingTo: &block) {
            let start = worker.output.count
            let failed = block.withUnsafeBufferPointer { block in
                BatchCommand.process(placed, in: block, defaults: defaults, parsedDefaults: parsedDefaults, settings: nil,
                                     worker: worker, faces: pool.faces)
            }
            let line = block.withUnsafeBufferPointer { placed.line(in: $0) }
            answers.append(Answer(line: line, output: Array(worker.output.bytes(start..<worker.output.count)), failed: failed))
        }
        return answers
    }

    /// One line's answer: JSON objects, one line each; one error object with the line's number and
    /// an exit code, or results without one; each opening with the case's id when it has one.
    private static func checkAnswer(_ line: LineReader.Line, _ output: [UInt8]) throws(Violation) {
        try require(output.last == 0x0A, "line \(line.number) has no complete answer: \(shown(output))")
        let objects = output.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        let id = (try? CaseRunner.parseCaseLine(line))?["id"]
        var errors = 0
        for object in objects {
            guard case .object(let fields)? = try? JSONReader.parse(Array(object)) else {
                throw Violation(description: "line \(line.number) is answered with something else than an object: \(shown(output))")
            }
            let value = JSONValue.object(fields)
            if let id { try require(fields.first.map { $0.0 == "id" && $0.1 == id } ?? false, "line \(line.number)'s answer lacks its id") }
            guard value["error"] != nil else { continue }
            errors += 1
            try require(value["line"] == .number(String(line.number)), "an error names line \(value["line"]?.text ?? "none"), not \(line.number)")
            let code = value["exitCode"].flatMap { if case .number(let n) = $0 { Int(n) } else { nil } }
            try require(code.map { (1...5).contains($0) } ?? false, "an error's exit code is \(value["exitCode"]?.text ?? "none")")
        }
        try require(!objects.isEmpty && (errors == 0 || objects.count == 1), "line \(line.number) is answered with \(objects.count) lines, \(errors) errors")
    }

    // MARK: golden files

    /// Measurement defaults for the golden target, chosen by bits of its first byte.
    static let checkDefaults: [[String]] = [[], ["--width", "300"], ["--model", "css"], ["--max-lines", "2"]]

    /// `check` never writes without `--update`; with it, a file with a line it could not read whole
    /// keeps its bytes, and a rewritten one keeps every line but the expectations it changed (the
    /// provenance line first, the byte order mark kept), then checks clean when every line is a
    /// case, and is a fixed point of another `--update`.
    static func golden(_ bytes: [UInt8]) throws(Violation) {
        guard let choice = bytes.first else { return }
        let update = choice & 1 != 0
        let flags = (update ? ["--update"] : []) + (choice & 2 != 0 ? ["--tolerance", "0.5"] : [])
            + checkDefaults[Int(choice >> 2) % checkDefaults.count]
        let before = Array(bytes.dropFirst())
        guard let directory = Scratch.directory() else { return }
        defer { Scratch.remove(directory) }
        let path = directory + "/golden.jsonl", copy = directory + "/before.jsonl"
        guard Scratch.write(before, to: path), Scratch.write(before, to: copy) else { return }
        let arguments = ["check", path, "--jobs", "1"] + flags
        let first = runCaptured(arguments)
        guard let after = Scratch.read(path) else { throw Violation(description: "check removed the file") }
        guard update else {
            try require(after == before, "check without --update changed the file")
            return
        }
        let limit = MeasureOptions.maxCaseBytes(ParsedArguments())
        guard let lines = try? Files.readLines(copy, limit: limit) else { return }
        if CheckCommand.unreadable(lines) != nil {
            try require(after == before, "--update rewrote a file it could not read whole")
            try require(first.status == 1, "--update exits \(first.status) on a file it could not update")
            return
        }
        guard after != before else { return }
        guard let written = try? Files.readLines(path, limit: limit) else { throw Violation(description: "--update wrote an unreadable file") }
        guard let opening = written.first, (try? CaseRunner.parseCaseLine(opening))?["provenance"] != nil else {
            throw Violation(description: "--update wrote no provenance line first: \(shown(after))")
        }
        try require(opening.followsByteOrderMark == (lines.first?.followsByteOrderMark ?? false), "--update moved the byte order mark")
        var cases = lines
        if let line = lines.first, (try? CaseRunner.parseCaseLine(line))?["provenance"] != nil { cases.removeFirst() }
        try require(written.count == cases.count + 1, "--update wrote \(written.count - 1) case lines for \(cases.count)")
        var allCases = true
        for (old, new) in zip(cases, written.dropFirst()) where old.bytes != new.bytes {
            guard case .object(let was)? = try? CaseRunner.parseCaseLine(old), case .object(let now)? = try? CaseRunner.parseCaseLine(new)
            else { throw Violation(description: "--update rewrote line \(old.number), which is not an object") }
            try require(JSONValue.object(was.filter { $0.0 != "expect" }) == JSONValue.object(now.filter { $0.0 != "expect" })
                        && now.last?.0 == "expect", "--update changed more than the expectation of line \(old.number): \(shown(new.bytes))")
        }
        for line in cases {
            guard let value = try? CaseRunner.parseCaseLine(line), (try? BatchCase(value)) != nil else { allCases = false; break }
        }
        let again = runCaptured(arguments)
        try require(Scratch.read(path) == after && again.status == 0, "a second --update changed the file again")
        if allCases {
            let clean = runCaptured(Array(arguments.filter { $0 != "--update" }))
            try require(clean.status == 0, "the updated file does not check clean: \(shown(clean.stdout))")
        }
    }
}
