import Glibc
import TextHeight

/// The readers in front of the library: JSON, lines, batch lines (the one-pass scanner against
/// the plain parse), and argument vectors (the command against the same flags as a batch case).
enum ReaderTargets {
    // MARK: JSON

    /// A value that parses is written back by JSONWriter to text that parses to the same value,
    /// and that text is a fixed point; a refusal names an offset inside the input.
    static func json(_ bytes: [UInt8]) throws(Violation) {
        let value: JSONValue
        do { value = try JSONReader.parse(bytes) } catch {
            let offset = error.message.split(separator: " ").dropFirst(4).first.flatMap { Int($0.dropLast()) }
            try require(offset.map { $0 >= 0 && $0 <= bytes.count } ?? false, "error offset outside the input: \(error.message)")
            return
        }
        // Every caller refuses invalid UTF-8 first (`CaseRunner.parseCaseLine`); JSONReader decodes it leniently.
        guard UTF8Text.firstInvalidOffset(bytes) == nil else { return }
        let text = value.text
        let written = Array(text.utf8)
        try require(!written.contains { $0 < 0x20 } && !text.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" },
                    "the writer left a control character or U+2028/9 unescaped: \(shown(written))")
        let again: JSONValue
        do { again = try JSONReader.parse(written) } catch {
            throw Violation(description: "written JSON does not parse (\(error.message)): \(shown(written))")
        }
        try require(again == value, "written JSON reads back to another value: \(shown(written))")
        try require(again.text == text, "written JSON is not a fixed point: \(shown(written))")
        try require(Comparison.differences(value, value, tolerance: 0).isEmpty,
                    "a value differs from itself: \(Comparison.differences(value, value, tolerance: 0))")
    }

    // MARK: Lines

    /// LineReader cuts a file into the lines a plain split gives (a final newline adds no line, a
    /// CR before LF goes, a BOM opens only the first line, a line over the limit is empty and
    /// marked), whatever the read size; `next()` gives what `next(appendingTo:)` does.
    static func lines(_ bytes: [UInt8]) throws(Violation) {
        // The input goes through a pipe, written whole before it is read: within its 64 KiB.
        guard bytes.count >= 2, bytes.count <= 60_000 else { return }
        let bufferSize = bytes[0] < 200 ? 1 + Int(bytes[0]) % 19 : 1 << 16
        let limit = bytes[1] < 250 ? Int(bytes[1]) % 40 : 1 << 20
        let input = Array(bytes.dropFirst(2))
        let expected = splitLines(input, limit: limit)
        for appending in [false, true] {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { return }
            let wrote = input.withUnsafeBytes { raw in raw.isEmpty ? 0 : Glibc.write(fds[1], raw.baseAddress, raw.count) }
            close(fds[1])
            defer { close(fds[0]) }
            guard wrote == input.count else { return }
            var reader = LineReader(fd: fds[0], limit: limit, bufferSize: bufferSize)
            var got: [LineReader.Line] = []
            var block: [UInt8] = [0xAA]  // lines appended after other bytes
            while true {
                if appending {
                    guard let placed = reader.next(appendingTo: &block) else { break }
                    try require(placed.bytes.upperBound == block.count, "a placed line does not end the block")
                    got.append(block.withUnsafeBufferPointer { placed.line(in: $0) })
                } else {
                    guard let line = reader.next() else { break }
                    got.append(line)
                }
            }
            try require(reader.readError == nil, "a read failed on a pipe")
            try require(reader.bytesRead == input.count, "read \(reader.bytesRead) of \(input.count) bytes")
            let same = got.count == expected.count && zip(got, expected).allSatisfy {
                $0.bytes == $1.bytes && $0.tooLong == $1.tooLong && $0.followsByteOrderMark == $1.followsByteOrderMark
                    && $0.number == $1.number
            }
            try require(same, "lines differ (buffer \(bufferSize), limit \(limit), appending \(appending)): got "
                        + got.map { "\($0.number):\(shown($0.bytes))\($0.tooLong ? "(long)" : "")" }.joined(separator: " | ")
                        + " expected " + expected.map { "\($0.number):\(shown($0.bytes))" }.joined(separator: " | "))
        }
    }

    /// The lines LineReader's comment promises, by a plain split of the whole input.
    static func splitLines(_ input: [UInt8], limit: Int) -> [LineReader.Line] {
        var pieces = input.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if input.isEmpty || input.last == 0x0A { pieces.removeLast() }
        var lines: [LineReader.Line] = []
        for (k, piece) in pieces.enumerated() {
            let ended = k < pieces.count - 1 || input.last == 0x0A
            var line = LineReader.Line(number: k + 1, bytes: piece, tooLong: piece.count > limit)
            if line.tooLong {
                line.bytes = []
            } else {
                if ended && line.bytes.last == 0x0D { line.bytes.removeLast() }
                if k == 0 && line.bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                    line.bytes.removeFirst(3)
                    line.followsByteOrderMark = true
                }
            }
            lines.append(line)
        }
        return lines
    }

    // MARK: Batch lines

    /// The one-pass reader of batch lines (`ScannedCase`) against the plain one (`JSONReader`):
    /// what it accepts, the plain parse reads to the same text, id and option fields; a line read
    /// through a template (`scan(_:like:)`, the bytes around id and text compared) is one a scan
    /// reads the same and whose bytes around its values are the template's, and the other way.
    /// The input: a line, then after the first newline a second line read with the first's template.
    static func caseLine(_ bytes: [UInt8]) throws(Violation) {
        let cut = bytes.firstIndex(of: 0x0A)
        let first = Array(bytes[..<(cut ?? bytes.count)])
        let second = cut.map { Array(bytes[($0 + 1)...]) } ?? first
        try first.withUnsafeBufferPointer { (line) throws(Violation) in
            var fields = CaseOptionFields()
            guard let (scanned, layout) = ScannedCase.scan(line, options: &fields) else { return }
            try agreesWithPlainParse(line, scanned, fields)
            let template = CaseTemplate(line, layout: layout, hash: CaseTemplate.hash(line, layout: layout))
            try require(template.matches(line, layout: layout), "a line does not match its own template: \(shown(first))")
            let itself = ScannedCase.scan(line, like: template)
            try require(itself.map { same($0, scanned) } ?? false, "a line is not read back by its own template: \(shown(first))")
            try second.withUnsafeBufferPointer { (other) throws(Violation) in
                var otherFields = CaseOptionFields()
                let full = ScannedCase.scan(other, options: &otherFields)
                if let full { try agreesWithPlainParse(other, full.scanned, otherFields) }
                let like = ScannedCase.scan(other, like: template)
                let matches = full.map { template.matches(other, layout: $0.layout) } ?? false
                if let like {
                    try require(full.map { same(like, $0.scanned) } ?? false,
                                "the template reads a line a scan reads otherwise: \(shown(first)) then \(shown(second))")
                    try require(matches, "the template reads a line whose other fields differ: \(shown(first)) then \(shown(second))")
                }
                if let full, matches {
                    try require(like != nil, "a line with the template's fields is not read by it: \(shown(first)) then \(shown(second))")
                    try require(CaseTemplate.hash(other, layout: full.layout) == template.hash,
                                "lines with the same fields hash differently: \(shown(first)) then \(shown(second))")
                }
            }
        }
    }

    private static func same(_ a: ScannedCase, _ b: ScannedCase) -> Bool {
        a.utf16 == b.utf16 && a.utf8Count == b.utf8Count && a.id.map(Array.init) == b.id.map(Array.init)
    }

    /// What the scanner read of `line` is what the plain path reads.
    private static func agreesWithPlainParse(_ line: UnsafeBufferPointer<UInt8>, _ scanned: ScannedCase,
                                             _ fields: CaseOptionFields) throws(Violation) {
        let bytes = Array(line)
        try require(UTF8Text.firstInvalidOffset(bytes) == nil, "the scanner accepts invalid UTF-8: \(shown(bytes))")
        let value: JSONValue
        do { value = try JSONReader.parse(bytes) } catch {
            throw Violation(description: "the scanner accepts what JSONReader refuses (\(error.message)): \(shown(bytes))")
        }
        guard case .object(let all) = value else { throw Violation(description: "the scanner accepts a non-object: \(shown(bytes))") }
        let texts = all.filter { $0.0 == "text" }, ids = all.filter { $0.0 == "id" }
        try require(texts.count == 1 && ids.count <= 1, "the scanner accepts a repeated id or text: \(shown(bytes))")
        guard case .string(let text) = texts[0].1 else { throw Violation(description: "the scanner reads a text that is not a string") }
        try require(Array(text.utf16) == scanned.utf16, "the scanner reads another text: \(shown(bytes))")
        try require(text.utf8.count == scanned.utf8Count, "the scanner counts \(scanned.utf8Count) bytes, not \(text.utf8.count): \(shown(bytes))")
        try require(ids.first?.1.text == scanned.id.map { String(decoding: $0, as: UTF8.self) },
                    "the scanner's id is written back otherwise: \(shown(bytes))")
        let others = all.filter { $0.0 != "id" && $0.0 != "text" }
        var scannedOthers: [(String, JSONValue)] = []
        for (key, range) in fields.keysAndValues {
            let name = String(decoding: UnsafeBufferPointer(rebasing: line[key]), as: UTF8.self)
            guard let parsed = try? JSONReader.parse(Array(UnsafeBufferPointer(rebasing: line[range]))) else {
                throw Violation(description: "an option value the scanner kept does not parse: \(shown(bytes))")
            }
            scannedOthers.append((name, parsed))
        }
        try require(JSONValue.object(others) == JSONValue.object(scannedOthers), "the scanner reads other option fields: \(shown(bytes))")
    }

    // MARK: Arguments

    /// Flags that answer before any parsing (`run`): a vector with one is not compared.
    static let answeredFirst = ["--help", "-h", "--version", "--man-page", "--list-presets"]

    /// The parser reads `--name=value` and `--name value` alike (each vector written back both ways
    /// parses to the same flags); every command's parse and setup refuses what it refuses as a usage
    /// error; and the plain command gives the bytes a batch case with the same flags gives.
    static func arguments(_ bytes: [UInt8]) throws(Violation) {
        var arguments: [String] = []
        for piece in bytes.split(separator: 0, omittingEmptySubsequences: false) {
            var offset = 0
            guard let argument = UTF8Text.decode(Array(piece), invalidAt: &offset) else { return }  // argv refuses it first
            arguments.append(argument)
        }
        // Devices and the process's own files are not read here: a blocking or endless read is no finding.
        guard arguments.count <= 64,
              !arguments.contains(where: { $0.contains("/dev") || $0.contains("/proc") || $0.contains("/sys") }) else { return }
        for specs in [MeasureOptions.specs, BatchCommand.specs, CheckCommand.specs, RenderCommand.specs] {
            guard let parsed = try? parseArguments(arguments, specs: specs) else { continue }
            for joined in [true, false] {
                var written: [String] = []
                for (name, value) in parsed.options {
                    let valued = specs.first { $0.name == name }?.value != nil
                    if !valued { written.append("--" + name) } else if joined { written.append("--\(name)=\(value)") } else {
                        written += ["--" + name, value]
                    }
                }
                written += ["--"] + parsed.positionals
                let again = try? parseArguments(written, specs: specs)
                let same = again.map { again in
                    again.positionals == parsed.positionals && again.options.count == parsed.options.count
                        && zip(again.options, parsed.options).allSatisfy { $0.name == $1.name && $0.value == $1.value }
                } ?? false
                try require(same, "\(written) parses otherwise than \(arguments)")
            }
        }
        _ = try? completionsRequest(arguments)
        _ = try? BatchCommand(parseArguments(arguments, specs: BatchCommand.specs))
        _ = try? CheckCommand(parseArguments(arguments, specs: CheckCommand.specs))
        _ = try? RenderCommand(parseArguments(arguments, specs: RenderCommand.specs))
        try commandAgainstBatch(arguments)
    }

    /// The plain command's output against a batch of one case with the same flags: the same
    /// measurement lines after the id, or the same error and exit code.
    private static func commandAgainstBatch(_ arguments: [String]) throws(Violation) {
        let subcommands = Interface.subcommands.compactMap(\.name)
        guard let first = arguments.first, !subcommands.contains(first),
              !arguments.contains(where: { answeredFirst.contains($0) || $0.hasPrefix("--completions") }),
              let parsed = try? parseArguments(arguments, specs: MeasureOptions.specs),
              parsed.positionals.count == 1, parsed.positionals[0] != "-",
              // A case has no text file, and its fallbacks of both kinds cannot interleave (one key each).
              !parsed.options.contains(where: { $0.name == "text-file" }),
              !(parsed.options.contains { $0.name == "fallback" } && parsed.options.contains { $0.name == "fallback-family" })
        else { return }
        let single = runCaptured(arguments)
        let line = caseLine(parsed)
        guard let directory = Scratch.directory() else { return }
        defer { Scratch.remove(directory) }
        let path = directory + "/case.jsonl"
        guard Scratch.write(Array(line.utf8) + [0x0A], to: path) else { return }
        let batch = runCaptured(["batch", "--input", path, "--jobs", "1"])
        try require(sameAnswer(single, batch.stdout, id: 1, line: 1),
                    "\(arguments) as a batch case \(line) gives \(shown(batch.stdout)), the command \(shown(single.stdout + single.stderr))")
    }

    /// Whether `batch` (its output for one case) says what the single command did: its result lines
    /// after the id, or an error object with its message (stderr's first line, `oneLine`) and exit code.
    static func sameAnswer(_ single: CapturedRun, _ batch: [UInt8], id: Int, line: Int) -> Bool {
        if single.status == 0 {
            let prefix = Array(#"{"id":\#(id),"#.utf8)
            return batch == single.stdout.split(separator: 0x0A).flatMap { prefix + $0.dropFirst() + [0x0A] }
        }
        guard batch.last == 0x0A, !batch.dropLast().contains(0x0A),
              case .object(let fields)? = try? JSONReader.parse(Array(batch.dropLast())),
              fields.map(\.0) == ["id", "line", "error", "exitCode"], fields[0].1 == .number(String(id)),
              fields[1].1 == .number(String(line)), fields[3].1 == .number(String(single.status)),
              case .string(let message) = fields[2].1 else { return false }
        let stderr = single.stderr.split(separator: 0x0A, omittingEmptySubsequences: false)
        // "textheight: MESSAGE", then a hint for usage errors.
        return stderr.first.map(Array.init) == Array("textheight: \(CommandOutput.oneLine(message))".utf8)
            && stderr.count == (single.status == ExitCode.usage.rawValue ? 3 : 2)
    }

    /// The flags as one batch case: `"id":1`, the text, each flag under its key (true for one
    /// without a value, a list for a repeated one, else the value as a string).
    static func caseLine(_ parsed: ParsedArguments) -> String {
        var fields: [(String, JSONValue)] = [("id", .number("1")), ("text", .string(parsed.positionals.first ?? ""))]
        var order: [String] = []
        var values: [String: [String]] = [:]
        for (name, value) in parsed.options {
            if values[name] == nil { order.append(name) }
            values[name, default: []].append(value)
        }
        for name in order {
            guard let spec = MeasureOptions.specs.first(where: { $0.name == name }), let given = values[name] else { continue }
            let value: JSONValue = spec.value == nil ? .bool(true) : spec.repeatable ? .array(given.map { .string($0) })
                : .string(given[0])
            fields.append((spec.jsonKey, value))
        }
        return JSONValue.object(fields).text
    }
}
