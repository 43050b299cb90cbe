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

    func run() throws(Failure) -> ExitCode {
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
                Terminal.error(error.message)
                unreadable += 1
            }
        }
        var stderr = ""
        let templates = Templates(catalogs, sourceLocale: strings.settings.sourceLocale)
        var jobs: [Job] = []
        var optionList: [Result<MeasureOptions, Failure>] = []
        var optionIndex: [String: Int] = [:]
        var localeFonts = strings.localeFonts
        var fontNotes: [String: String] = [:]
        for (file, catalog) in catalogs {
            for note in catalog.notes { stderr += "note: \(file.path):\(note.line): \(note.message)\n" }
            for entry in catalog.entries {
                let (examples, types) = templates.placeholders(of: entry, in: file)
                let expansion = Expansion.expand(entry, examples: examples, types: types)
                for note in expansion.notes {
                    stderr += "note: \(file.path):\(entry.line): '\(entry.key)' (\(entry.locale)): \(note)\n"
                }
                let rules = limits.matching(entry.key)
                let localeFont = localeFonts.font(for: entry.locale)
                if let localeFont { fontNotes[entry.locale] = localeFont }
                let merged = StringsCommand.arguments(for: entry, rules: rules, localeFont: localeFont, over: defaults)
                let key = merged.options.map { $0.name + "=" + $0.value }.joined(separator: "\u{0}")
                let index: Int
                if let known = optionIndex[key] {
                    index = known
                } else {
                    index = optionList.count
                    optionIndex[key] = index
                    do throws(UsageError) { optionList.append(.success(try MeasureOptions(merged))) } catch {
                        optionList.append(.failure(.usage(error)))
                    }
                }
                var from: [String] = []
                if defaults.options.contains(where: { StringsCommand.limitFlags.contains($0.name) }) { from.append("command line") }
                for rule in rules { from.append("--limits \(rule.pattern)") }
                if !entry.limits.isEmpty { from.append("xliff") }
                var unknown: [String] = []
                for variant in expansion.variants {
                    for p in variant.unknownPlaceholders where !unknown.contains(p) { unknown.append(p) }
                    jobs.append(Job(file: file.path, entry: entry, variant: variant, options: index, limitFrom: from,
                                    localeFont: localeFont))
                }
                for p in unknown {
                    stderr += "note: \(file.path):\(entry.line): '\(entry.key)' (\(entry.locale)): '\(p)' is no placeholder the catalog knows: measured as written\n"
                }
            }
        }
        let results = pool.map(jobs) { job, shaper -> Result<(results: [MeasureResult], setting: [UInt8]), Failure> in
            switch optionList[job.options] {
            case .failure(let error): return .failure(error)
            case .success(let options):
                do throws(Failure) {
                    return .success(try options.measureResults(job.variant.text, faces: pool.faces, shaper: shaper))
                } catch {
                    return .failure(error)
                }
            }
        }
        var summary = StringsSummary()
        var overflows: [StringsReport.Overflow] = []
        var out: [UInt8] = []
        for (job, result) in zip(jobs, results) {
            summary.count(job)
            switch result {
            case .failure(let error):
                var json = StringsCommand.prefix(job)
                json.add("error", error.message)
                json.add("exitCode", Int(error.code.rawValue))
                json.append(to: &out)
                out.append(0x0A)
                summary.failed(job)
                stderr += "\(job.file):\(job.entry.line): '\(job.entry.key)' (\(StringsCommand.label(job))): \(error.message)\n"
            case .success(let (measured, setting)):
                guard case .success(let options) = optionList[job.options] else { continue }
                for result in measured {
                    let overflow = StringsCommand.overflow(result.measurement, limits: options.limits.limits)
                    var json = StringsCommand.prefix(job)
                    json.add("fits", overflow == nil)
                    if let overflow { json.add("overflow", overflow) }
                    var limit = JSONObject()
                    limit.add("width", result.width)
                    if let maxLines = options.limits.limits.maxLines { limit.add("maxLines", maxLines) }
                    limit.add("maxHeight", options.limits.limits.maxHeight)
                    json.add("limit", raw: limit.text)
                    json.add("limitFrom", raw: "[" + job.limitFrom.map(JSONObject.string).joined(separator: ",") + "]")
                    appendMeasurement(result.measurement, width: result.width, measuredPlaceholder: result.measuredPlaceholder,
                                      setting: setting, lines: options.output.lines, to: &json)
                    json.append(to: &out)
                    out.append(0x0A)
                    if result.measurement.missingGlyphs > 0 { summary.missingGlyphs(job) }
                    if let overflow {
                        summary.overflowed(job)
                        stderr += "\(job.file):\(job.entry.line): '\(job.entry.key)' (\(StringsCommand.label(job))) does not fit: \(overflow): \(Display.shortened(job.variant.text))\n"
                        overflows.append(StringsReport.Overflow(job: job, options: options, width: result.width, overflow: overflow))
                    }
                }
            }
            if out.count > 1 << 20 {
                Terminal.write(bytes: out)
                out.removeAll(keepingCapacity: true)
            }
        }
        Terminal.write(bytes: out)
        for (locale, font) in fontNotes.sorted(by: { $0.key < $1.key }) {
            stderr += "note: \(locale) falls back to \(font)\n"
        }
        stderr += summary.table(files: catalogs.count, unreadable: unreadable)
        Terminal.write(stderr, to: 2)
        if let directory = strings.report, !overflows.isEmpty {
            try StringsReport.write(overflows, to: directory, faces: pool.faces)
            Terminal.write("report: \(directory)/index.html\n", to: 2)
        }
        if unreadable > 0 { return .input }
        return summary.allFit ? .ok : .differences
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

/// Placeholder examples and ARB types a translation takes from its template: the same key in the
/// source-language file of its group (ARB: the same directory; Android: the same `res/`).
struct Templates {
    private var byGroup: [String: [String: (examples: [String: String], types: [String: String])]] = [:]

    init(_ catalogs: [(file: CatalogFiles.Found, catalog: Catalog)], sourceLocale: String) {
        for (file, catalog) in catalogs where Templates.isTemplate(file, catalog, sourceLocale: sourceLocale) {
            let group = Templates.group(of: file)
            for entry in catalog.entries where byGroup[group]?[entry.key] == nil {
                byGroup[group, default: [:]][entry.key] = (entry.examples, entry.types)
            }
        }
    }

    static func group(of file: CatalogFiles.Found) -> String {
        let parts = file.path.split(separator: "/", omittingEmptySubsequences: false)
        let up = file.format == .android ? 2 : 1
        return file.format.rawValue + ":" + parts.dropLast(up).joined(separator: "/")
    }

    private static func isTemplate(_ file: CatalogFiles.Found, _ catalog: Catalog, sourceLocale: String) -> Bool {
        switch file.format {
        case .android: return AndroidLocale.folder(of: file.path) == "values"
        case .arb: return catalog.entries.first?.locale == sourceLocale
        case .xcstrings, .xliff: return false  // examples live in the file itself
        }
    }

    func placeholders(of entry: CatalogEntry, in file: CatalogFiles.Found) -> (examples: [String: String], types: [String: String]) {
        guard let template = byGroup[Templates.group(of: file)]?[entry.key] else { return (entry.examples, entry.types) }
        return (entry.examples.merging(template.examples) { own, _ in own }, entry.types.merging(template.types) { own, _ in own })
    }
}

/// The table on stderr: per locale, strings, variants measured, and how many do not fit.
struct StringsSummary {
    private struct Row {
        var strings: Set<String> = []
        var variants = 0
        var overflows = 0
        var failed = 0
        var missing = 0
    }

    private var rows: [String: Row] = [:]
    var allFit: Bool { rows.values.allSatisfy { $0.overflows == 0 && $0.failed == 0 } }

    mutating func count(_ job: StringsCommand.Job) {
        rows[job.entry.locale, default: Row()].strings.insert(job.file + "\u{0}" + job.entry.key)
        rows[job.entry.locale, default: Row()].variants += 1
    }

    mutating func overflowed(_ job: StringsCommand.Job) { rows[job.entry.locale, default: Row()].overflows += 1 }
    mutating func failed(_ job: StringsCommand.Job) { rows[job.entry.locale, default: Row()].failed += 1 }
    mutating func missingGlyphs(_ job: StringsCommand.Job) { rows[job.entry.locale, default: Row()].missing += 1 }

    func table(files: Int, unreadable: Int) -> String {
        let header = ["locale", "strings", "variants", "do not fit"]
        var lines: [[String]] = [header]
        var total = Row()
        for (locale, row) in rows.sorted(by: { $0.key < $1.key }) {
            lines.append([locale, String(row.strings.count), String(row.variants), String(row.overflows)])
            total.variants += row.variants
            total.overflows += row.overflows
            total.failed += row.failed
            total.missing += row.missing
            total.strings.formUnion(row.strings.map { locale + "\u{0}" + $0 })
        }
        lines.append(["all", String(total.strings.count), String(total.variants), String(total.overflows)])
        let widths = (0..<header.count).map { column in lines.map { $0[column].count }.max() ?? 0 }
        var out = ""
        for line in lines {
            out += line.enumerated().map { column, cell in
                column == 0 ? cell + String(repeating: " ", count: widths[0] - cell.count)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ") + "\n"
        }
        let fileWord = "\(files) catalog\(files == 1 ? "" : "s")"
        var verdict = total.overflows == 0 ? "every variant fits" : "\(total.overflows) of \(total.variants) variants do not fit"
        if total.failed > 0 { verdict += "; \(total.failed) could not be measured" }
        let missing = rows.filter { $0.value.missing > 0 }.keys.sorted()
        if total.missing > 0 {
            verdict += "; \(total.missing) with glyphs no font has (\(missing.joined(separator: ", ")): add --locale-font)"
        }
        out += "\(verdict) (\(fileWord) read" + (unreadable > 0 ? ", \(unreadable) unreadable" : "") + ")\n"
        return out
    }
}
