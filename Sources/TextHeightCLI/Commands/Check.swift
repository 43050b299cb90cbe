import TextHeight

/// `textheight check PATH… [--update] [--tolerance X]`: re-measures golden JSONL files (cases
/// with an `"expect"` result each) and reports every changed field; `--update` rewrites them.
///
/// A golden file opens with a provenance line naming the library versions and font digests it
/// was recorded with, so a diff caused by a new ICU says so before the wall of changes.
struct CheckCommand {
    static let specs = MeasureOptions.specs + CheckOptions.options

    let defaults: ParsedArguments
    let paths: [String]
    var check = CheckOptions()

    init(_ parsed: ParsedArguments) throws(UsageError) {
        guard !parsed.positionals.isEmpty else {
            throw UsageError("check needs golden files or directories: textheight check fixtures/golden")
        }
        try check.apply(parsed)
        if parsed.options.contains(where: { $0.name == "text-file" }) {
            throw UsageError("--text-file does not apply to check: each case's text is its \"text\" field")
        }
        let own = Set(CheckOptions.options.map(\.name))
        var defaults = parsed
        defaults.options = parsed.options.filter { !own.contains($0.name) }
        defaults.positionals = []
        _ = try MeasureOptions(defaults)
        self.defaults = defaults
        paths = parsed.positionals
    }

    func run(_ output: CommandOutput) throws(Failure) -> ExitCode {
        var files: [String] = []
        for path in paths { files += try Files.jsonlFiles(at: path) }
        let pool = WorkerPool(jobs: check.jobs ?? WorkerPool.availableCores())
        var report = ""
        var total = 0, differing = 0, filesDiffering = 0, updated = 0, notUpdated = 0
        var failures: [ReportEntry] = []
        for file in files {
            let result = try checkFile(file, pool: pool)
            report += result.report
            failures += result.failures
            total += result.cases
            differing += result.differing
            if result.differing > 0 { filesDiffering += 1 }
            updated += result.updated
            if result.notUpdated { notUpdated += 1 }
        }
        let fileWord = "\(files.count) file\(files.count == 1 ? "" : "s")"
        // The visual report: only when something differs, so a passing suite writes nothing.
        if let directory = check.report, !failures.isEmpty {
            try Report.write(failures, to: directory, defaults: defaults, faces: pool.faces,
                             summary: "\(differing) of \(total) cases differ in \(filesDiffering) of \(fileWord)")
            report += "report: \(directory)/index.html\n"
        }
        if check.update {
            report += "updated \(updated) of \(total) cases in \(fileWord)\n"
            output.write(report)
            return notUpdated > 0 ? .differences : .ok
        }
        if differing == 0 {
            report += "all \(total) cases match in \(fileWord)\n"
            output.write(report)
            return .ok
        }
        report += "\(differing) of \(total) cases differ in \(filesDiffering) of \(fileWord)\n"
        report += "To accept the new values: textheight check \(paths.map(shellQuoted).joined(separator: " ")) --update\n"
        output.write(report)
        return .differences
    }

    struct FileResult {
        var report = ""
        var cases = 0
        var differing = 0
        var updated = 0
        /// The differing cases, for `--report`.
        var failures: [ReportEntry] = []
        /// `--update` left the file as it was: a line of it could not be read.
        var notUpdated = false
    }

    private func checkFile(_ file: String, pool: WorkerPool) throws(Failure) -> FileResult {
        let lines = try Files.readLines(file, limit: MeasureOptions.maxCaseBytes(defaults))
        var result = FileResult()
        var recorded: JSONValue?
        var caseLines = lines
        if let first = lines.first, let value = try? CaseRunner.parseCaseLine(first), value["provenance"] != nil {
            recorded = value["provenance"]
            caseLines.removeFirst()
        }
        let outcomes = pool.map(caseLines) { line, shaper in
            CaseRunner.run(line, defaults: defaults, shaper: shaper, faces: pool.faces)
        }
        let presets = Set(outcomes.compactMap { $0.batchCase.flatMap { try? Preset.expand($0.arguments(over: defaults)) } }
            .compactMap { $0.options.last { $0.name == "preset" }?.value })
        let provenance = Provenance.current(fontSpecs: outcomes.compactMap { fontSpec(of: $0) }, presets: presets,
                                            faces: pool.faces)
        var notes = recorded.map { Provenance.changes(from: $0, to: provenance) } ?? []
        var rewritten: [String] = [JSONObject.single("provenance", raw: provenance.text).text]
        for (line, outcome) in zip(caseLines, outcomes) {
            result.cases += 1
            let actual = CheckCommand.resultValue(outcome.result)
            guard let batchCase = outcome.batchCase else {
                // Not a case at all (bad JSON, unknown field): reported, kept as written.
                result.differing += 1
                result.report += header(file, line, outcome, text: nil)
                result.report += "    \(outcome.result.failureMessage ?? "not a case")\n"
                if check.report != nil {
                    result.failures.append(ReportEntry(file: file, line: line.number, id: outcome.id, batchCase: nil,
                                                       expected: nil, actual: actual,
                                                       changes: [outcome.result.failureMessage ?? "not a case"]))
                }
                rewritten.append(String(decoding: line.bytes, as: UTF8.self))
                continue
            }
            let changes = batchCase.expect.map { Comparison.differences($0, actual, tolerance: check.tolerance) }
            if changes?.isEmpty ?? false {
                rewritten.append(String(decoding: line.bytes, as: UTF8.self))
                continue
            }
            result.differing += 1
            if check.report != nil {
                result.failures.append(ReportEntry(file: file, line: line.number, id: outcome.id, batchCase: batchCase,
                                                   expected: batchCase.expect, actual: actual,
                                                   changes: changes ?? ["no expectation recorded"]))
            }
            result.report += header(file, line, outcome, text: batchCase.text)
            if let changes {
                for change in changes { result.report += "    \(change)\n" }
            } else {
                result.report += check.update ? "    recorded\n" : "    no expectation yet (--update records it)\n"
            }
            if !check.update {
                result.report += "    rerun: sed -n '\(line.number)p' \(shellQuoted(file)) | textheight batch\(defaultFlags)\n"
            }
            var fields = batchCase.fields.filter { $0.0 != "expect" }
            fields.append(("expect", actual))
            rewritten.append(JSONValue.object(fields).text)
            result.updated += 1
        }
        if check.update, let (line, reason) = CheckCommand.unreadable(lines) {
            result.notUpdated = true
            result.report += "\(file): not updated: line \(line) cannot be read (\(reason)); fix it first\n"
        } else if check.update && (result.updated > 0 || recorded == nil) {
            // An editor's byte order mark stays where it was.
            let bom = lines.first?.followsByteOrderMark == true ? "\u{FEFF}" : ""
            try Files.replaceAtomically(file, with: bom + rewritten.map { $0 + "\n" }.joined())
        }
        if result.differing > 0 && !notes.isEmpty {
            notes = notes.map { "note: \(file): \($0)\n" }
            result.report = notes.joined() + result.report
        }
        return result
    }

    /// The first line that was not read whole as JSON (cut off at the length limit, invalid UTF-8,
    /// or not JSON: a file cut short): a file with one is never rewritten, since writing it back
    /// could not keep its bytes.
    static func unreadable(_ lines: [LineReader.Line]) -> (line: Int, reason: String)? {
        for line in lines where line.tooLong || !line.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
            do { _ = try CaseRunner.parseCaseLine(line) } catch { return (line.number, error.message) }
        }
        return nil
    }

    /// What a case's expectation is: one result object, a list (several widths), or its error.
    static func resultValue(_ result: Result<[JSONObject], Failure>) -> JSONValue {
        switch result {
        case .success(let objects):
            let values: [JSONValue] = objects.map { object in
                guard case .object(let fields)? = try? JSONReader.parse(Array(object.text.utf8)) else { return .null }
                return .object(fields.filter { $0.0 != "id" })
            }
            return values.count == 1 ? values[0] : .array(values)
        case .failure(let failure):
            return .object([("error", .string(failure.message)), ("exitCode", .number(String(failure.code.rawValue)))])
        }
    }

    private func fontSpec(of outcome: CaseRunner.Outcome) -> FontOptions? {
        guard let batchCase = outcome.batchCase else { return nil }
        var options = FontOptions()
        // A preset's fonts (web-textarea's family) are the case's fonts.
        try? options.apply(Preset.expand(batchCase.arguments(over: defaults)))
        return options
    }

    private func header(_ file: String, _ line: LineReader.Line, _ outcome: CaseRunner.Outcome, text: String?) -> String {
        var out = "\(file):\(line.number)"
        if let id = outcome.id { out += " id \(id.text)" }
        if let text { out += " " + Display.shortened(text) }
        return out + "\n"
    }

    private var defaultFlags: String {
        defaults.options.map { " --\($0.name)" + ($0.value.isEmpty ? "" : " " + shellQuoted($0.value)) }.joined()
    }
}

extension Result where Failure == TextHeightCLI.Failure {
    var failureMessage: String? {
        if case .failure(let error) = self { return error.message }
        return nil
    }
}

func shellQuoted(_ s: String) -> String {
    let safe = s.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || "0123456789-_./,=:#".unicodeScalars.contains($0)) }
    return safe && !s.isEmpty ? s : "'" + s.replacingAll("'", with: "'\\''") + "'"
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
