import Glibc
import TextHeight

/// `textheight strings <catalog|dir>… [options]`: will every translation fit? Reads the app's
/// string catalogs (.xcstrings, Android `values*/strings.xml`, ARB, XLIFF 1.2), expands each
/// string into its variants (plural categories, selects, devices; placeholders filled), measures
/// every variant as a batch case would be measured, with its options: the command line's, then
/// `--limits` by key, then an XLIFF unit's own; the locale as `--lang`, its font after the chain.
///
/// stdout: one JSON line per file × key × locale × variant (× width), in file, entry and variant
/// order; stderr: what does not fit, notes, and a table per locale. Exit 0 when everything fits,
/// 1 when something does not (or could not be measured), 4 when a catalog could not be read.
struct StringsCommand {
    static let specs = MeasureOptions.specs + StringsOptions.options

    let defaults: ParsedArguments
    let paths: [String]
    var strings = StringsOptions()

    init(_ parsed: ParsedArguments) throws(UsageError) {
        guard !parsed.positionals.isEmpty else {
            throw UsageError("strings needs catalog files or directories: textheight strings app/ --width 343")
        }
        try strings.apply(parsed)
        let own = Set(StringsOptions.options.map(\.name))
        var defaults = parsed
        defaults.options = parsed.options.filter { !own.contains($0.name) }
        defaults.positionals = []
        let options = try MeasureOptions(defaults)
        if options.text.textFile != nil { throw UsageError("--text-file does not apply to strings: the catalogs are the texts") }
        if options.model.widths.isEmpty && strings.limits == nil {
            throw UsageError("strings needs --width (or a width per key in --limits)")
        }
        self.defaults = defaults
        paths = parsed.positionals
    }

    /// One text to measure: a variant of an entry, with its options.
    struct Job {
        var file: String
        var entry: CatalogEntry
        var variant: Variant
        /// Index into the options made for the jobs.
        var options: Int
        var limitFrom: [String]
        var localeFont: String?
    }

    func run(_ output: CommandOutput) throws(Failure) -> ExitCode {
        let pool = WorkerPool(jobs: strings.jobs ?? WorkerPool.availableCores())
        var limits = StringLimits()
        if let file = strings.limits { limits = try StringLimits.load(file, defaults: defaults) }
        // The command line's fonts and the named locale fonts must load before anything is read.
        let base: MeasureOptions
        do { base = try MeasureOptions(defaults) } catch { throw .usage(error) }
        _ = try base.loadFonts(faces: pool.faces)
        for (_, path) in strings.localeFonts.overrides {
            guard let path else { continue }
            do { _ = try pool.faces.face(path) } catch { throw .font(error) }
        }
        let (catalogs, unreadable) = try readCatalogs(errors: output)
        var plan = Plan(defaults: defaults, limits: limits, localeFonts: strings.localeFonts,
                        sourceLocale: strings.settings.sourceLocale)
        plan.add(catalogs)
        let results = pool.map(plan.jobs) { job, shaper -> Result<(results: [MeasureResult], setting: [UInt8]), Failure> in
            switch plan.options[job.options] {
            case .failure(let error): return .failure(error)
            case .success(let options):
                do throws(Failure) {
                    return .success(try options.measureResults(job.variant.text, faces: pool.faces, shaper: shaper))
                } catch {
                    return .failure(error)
                }
            }
        }
        var lines = Output(to: output)
        for (job, result) in zip(plan.jobs, results) { lines.write(job, result, options: plan.options[job.options]) }
        lines.flush()
        var stderr = plan.notes + lines.messages
        for (locale, font) in plan.fontNotes.sorted(by: { $0.key < $1.key }) { stderr += "note: \(locale) falls back to \(font)\n" }
        stderr += lines.summary.table(files: catalogs.count, unreadable: unreadable)
        output.writeError(stderr)
        if let directory = strings.report, !lines.overflows.isEmpty {
            try StringsReport.write(lines.overflows, to: directory, faces: pool.faces)
            output.writeError("report: \(directory)/index.html\n")
        }
        if unreadable > 0 { return .input }
        return lines.summary.allFit ? .ok : .differences
    }

    /// Every catalog under the paths, read; one that cannot be read is named on stderr and counted.
    private func readCatalogs(errors: CommandOutput) throws(Failure) -> (catalogs: [(file: CatalogFiles.Found, catalog: Catalog)], unreadable: Int) {
        var found: [CatalogFiles.Found] = []
        for path in paths {
            for file in try CatalogFiles.find(path) where !found.contains(file) { found.append(file) }
        }
        guard !found.isEmpty else {
            throw Failure(code: .input, message: "found no catalog (.xcstrings, values*/strings.xml, .arb, .xlf, .xliff) in \(paths.map { "'\($0)'" }.joined(separator: ", "))")
        }
        var catalogs: [(file: CatalogFiles.Found, catalog: Catalog)] = []
        var unreadable = 0
        for file in found {
            do throws(Failure) {
                let bytes = try CatalogFiles.bytes(of: file.path)
                switch CatalogReader.read(path: file.path, format: file.format, bytes: bytes, settings: strings.settings) {
                case .success(let catalog): catalogs.append((file, catalog))
                case .failure(let error): throw Failure(code: .input, message: error.located(in: file.path))
                }
            } catch {
                errors.error(error.message)
                unreadable += 1
            }
        }
        return (catalogs, unreadable)
    }

    /// The jobs of the catalogs, in output order, each with its options (made once per distinct set).
    struct Plan {
        let defaults: ParsedArguments
        let limits: StringLimits
        var localeFonts: LocaleFonts
        let sourceLocale: String
        var jobs: [Job] = []
        var options: [Result<MeasureOptions, Failure>] = []
        private var optionIndex: [String: Int] = [:]
        /// Reader and expansion notes, for stderr.
        var notes = ""
        var fontNotes: [String: String] = [:]

        init(defaults: ParsedArguments, limits: StringLimits, localeFonts: LocaleFonts, sourceLocale: String) {
            self.defaults = defaults
            self.limits = limits
            self.localeFonts = localeFonts
            self.sourceLocale = sourceLocale
        }

        mutating func add(_ catalogs: [(file: CatalogFiles.Found, catalog: Catalog)]) {
            let templates = Templates(catalogs, sourceLocale: sourceLocale)
            for (file, catalog) in catalogs {
                for note in catalog.notes { notes += "note: \(file.path):\(note.line): \(note.message)\n" }
                for entry in catalog.entries {
                    let (examples, types) = templates.placeholders(of: entry, in: file)
                    add(entry, Expansion.expand(entry, examples: examples, types: types), file: file.path)
                }
            }
        }

        private mutating func add(_ entry: CatalogEntry, _ expansion: Expansion, file: String) {
            let at = "note: \(file):\(entry.line): '\(entry.key)' (\(entry.locale)): "
            for note in expansion.notes { notes += at + note + "\n" }
            let rules = limits.matching(entry.key)
            let localeFont = localeFonts.font(for: entry.locale)
            if let localeFont { fontNotes[entry.locale] = localeFont }
            let merged = StringsCommand.arguments(for: entry, rules: rules, localeFont: localeFont, over: defaults)
            let key = merged.options.map { $0.name + "=" + $0.value }.joined(separator: "\u{0}")
            let index: Int
            if let known = optionIndex[key] {
                index = known
            } else {
                index = options.count
                optionIndex[key] = index
                do throws(UsageError) { options.append(.success(try MeasureOptions(merged))) } catch {
                    options.append(.failure(.usage(error)))
                }
            }
            var from: [String] = []
            if defaults.options.contains(where: { StringsCommand.limitFlags.contains($0.name) }) { from.append("command line") }
            for rule in rules { from.append("--limits \(rule.pattern)") }
            if !entry.limits.isEmpty { from.append("xliff") }
            var unknown: [String] = []
            for variant in expansion.variants {
                for p in variant.unknownPlaceholders where !unknown.contains(p) { unknown.append(p) }
                jobs.append(Job(file: file, entry: entry, variant: variant, options: index, limitFrom: from, localeFont: localeFont))
            }
            for p in unknown { notes += at + "'\(p)' is no placeholder the catalog knows: measured as written\n" }
        }
    }

    /// The JSON lines (written to stdout as they fill), the lines for stderr, the table, the overflows.
    struct Output {
        var summary = StringsSummary()
        var overflows: [StringsReport.Overflow] = []
        var messages = ""
        private var out: [UInt8] = []
        let output: CommandOutput

        init(to output: CommandOutput) { self.output = output }

        mutating func write(_ job: Job, _ result: Result<(results: [MeasureResult], setting: [UInt8]), Failure>,
                            options: Result<MeasureOptions, Failure>) {
            summary.count(job)
            switch (result, options) {
            case (.failure(let error), _), (_, .failure(let error)):
                var json = StringsCommand.prefix(job)
                json.add("error", error.message)
                json.add("exitCode", Int(error.code.rawValue))
                json.append(to: &out)
                out.append(0x0A)
                summary.failed(job)
                messages += "\(job.file):\(job.entry.line): '\(job.entry.key)' (\(StringsCommand.label(job))): \(error.message)\n"
            case (.success(let (measured, setting)), .success(let options)):
                for result in measured { write(job, result, setting: setting, options: options) }
            }
            if out.count > 1 << 20 { flush() }
        }

        private mutating func write(_ job: Job, _ result: MeasureResult, setting: [UInt8], options: MeasureOptions) {
            let limits = options.limits.limits
            let overflow = StringsCommand.overflow(result.measurement, limits: limits)
            var json = StringsCommand.prefix(job)
            json.add("fits", overflow == nil)
            if let overflow { json.add("overflow", overflow) }
            var limit = JSONObject()
            limit.add("width", result.width)
            if let maxLines = limits.maxLines { limit.add("maxLines", maxLines) }
            limit.add("maxHeight", limits.maxHeight)
            json.add("limit", raw: limit.text)
            json.add("limitFrom", raw: "[" + job.limitFrom.map(JSONObject.string).joined(separator: ",") + "]")
            appendMeasurement(result.measurement, width: result.width, measuredPlaceholder: result.measuredPlaceholder,
                              setting: setting, lines: options.output.lines, to: &json)
            json.append(to: &out)
            out.append(0x0A)
            if result.measurement.missingGlyphs > 0 { summary.missingGlyphs(job) }
            guard let overflow else { return }
            summary.overflowed(job)
            messages += "\(job.file):\(job.entry.line): '\(job.entry.key)' (\(StringsCommand.label(job))) does not fit: \(overflow): \(Display.shortened(job.variant.text))\n"
            overflows.append(StringsReport.Overflow(job: job, options: options, width: result.width, overflow: overflow))
        }

        mutating func flush() {
            output.write(bytes: out)
            out.removeAll(keepingCapacity: true)
        }
    }

    /// A string's options, as a batch case's over the command line's: the matching `--limits` rules'
    /// fields, then the XLIFF unit's own limits, replacing them by name; `--lang` the locale; the
    /// locale's font after the chain.
    static func arguments(for entry: CatalogEntry, rules: [StringLimits.Rule], localeFont: String?,
                          over defaults: ParsedArguments) -> ParsedArguments {
        let own = StringLimits.flags(entry.limits)
        let ownNames = Set(own.map(\.name))
        let flags = StringLimits.merged(rules).filter { !ownNames.contains($0.name) } + own
        var merged = BatchCase.arguments(flags, over: defaults)
        merged.options.removeAll { $0.name == "lang" }
        merged.options.append(("lang", entry.locale))
        if let localeFont { merged.options.append(("fallback", localeFont)) }
        return merged
    }

    /// Flags whose value from the command line makes it a source of a string's limit.
    static let limitFlags: Set<String> = ["width", "max-lines", "max-height", "min-lines", "min-height", "preset"]

    /// `ru plural:few`, or just the locale.
    static func label(_ job: Job) -> String {
        job.variant.name.isEmpty ? job.entry.locale : job.entry.locale + " " + job.variant.name
    }

    /// The fields before the measurement: where the string is, what was measured and what filled it.
    static func prefix(_ job: Job) -> JSONObject {
        var json = JSONObject()
        json.add("file", job.file)
        json.add("key", job.entry.key)
        json.add("locale", job.entry.locale)
        json.add("variant", job.variant.name)
        json.add("text", job.variant.text)
        if let state = job.entry.state { json.add("state", state) }
        if !job.variant.samples.isEmpty {
            json.add("samples", objects: job.variant.samples.map { sample in
                var item = JSONObject()
                item.add("placeholder", sample.placeholder)
                item.add("value", sample.value)
                item.add("from", sample.source)
                return item
            })
        }
        if !job.variant.fallbacks.isEmpty {
            json.add("fallback", raw: "[" + job.variant.fallbacks.map(JSONObject.string).joined(separator: ",") + "]")
        }
        if !job.variant.unknownPlaceholders.isEmpty {
            json.add("unknownPlaceholders", raw: "[" + job.variant.unknownPlaceholders.map(JSONObject.string).joined(separator: ",") + "]")
        }
        if let font = job.localeFont { json.add("localeFont", font) }
        return json
    }

    /// Why a measurement does not fit, or nil: the content scrolls inside the box its limits
    /// allow, or a character is wider than the line.
    static func overflow(_ m: Measurement, limits: Limits) -> String? {
        if m.overflowingLines > 0 {
            return "\(m.overflowingLines) line\(m.overflowingLines == 1 ? "" : "s") with a character wider than the line"
        }
        guard m.scrolls else { return nil }
        if let maxLines = limits.maxLines, m.lineCount > maxLines {
            return "\(m.lineCount) lines, maxLines \(maxLines)"
        }
        return "\(m.lineCount) line\(m.lineCount == 1 ? "" : "s"), contentHeight \(JSONObject.number(m.contentHeight)) > boxHeight \(JSONObject.number(m.boxHeight))"
    }
}

