import TextHeight

/// What the options a case carries come to, worked out once per worker for each distinct line
/// layout (the line's bytes around its id and text: its other fields as written) and looked up for
/// every line that repeats it: golden files repeat their width, limits and font in every case. A
/// case's fields over the command line's are parsed, its model made and its fonts loaded by the
/// same code as a case on its own (`BatchCase`, `MeasureOptions`), so the bytes and errors are the
/// same; only the repetition is gone.
final class CaseSettings: Sendable {
    /// What every case with the same option fields gets.
    enum Setting: Sendable {
        /// Measured through these options (`ReadyOptions.process`).
        case ready(ReadyOptions)
        /// Refused before its text is read: the fields, the options or the model.
        case failed(Failure)
        /// The fonts failed; a text over `--max-bytes` is refused first, as `MeasureOptions.measure` does.
        case fontsFailed(Failure, maxBytes: Int)
        /// With a placeholder: the plain path, which measures it with the text.
        case plain
    }

    private let defaults: ParsedArguments
    private let parsedDefaults: CaseRunner.Defaults
    private let faces: FaceCache
    /// The setting of the cases with no option field: the command line's.
    let bare: Setting
    /// One per worker (`WorkerPool.Worker.index`), used by that worker's thread alone.
    private let tables: [Table]

    init(defaults: ParsedArguments, parsedDefaults: CaseRunner.Defaults, faces: FaceCache, workers: Int) {
        self.defaults = defaults
        self.parsedDefaults = parsedDefaults
        self.faces = faces
        bare = CaseSettings.setting(parsedDefaults.options, fonts: parsedDefaults.fonts, faces: faces)
        tables = (0..<max(1, workers)).map { _ in Table() }
    }

    /// One line measured (or refused) as its option fields say, its output written into the worker's:
    /// true when it failed; nil for a line the plain path must read. A line like one of the last
    /// few (the same bytes around another id and text) is read by comparing; another is scanned
    /// and its bytes around id and text looked up, its setting made when they are new to this worker.
    func process(_ bytes: UnsafeBufferPointer<UInt8>, number: Int, worker: WorkerPool.Worker) -> Bool? {
        let table = tables[worker.index]
        if let failed = table.process(bytes, number: number, worker: worker) { return failed }
        guard let (scanned, layout) = ScannedCase.scan(bytes, options: &table.fields) else { return nil }
        let hash = CaseTemplate.hash(bytes, layout: layout)
        let known: Known
        if let found = table.find(hash, bytes, layout: layout) {
            known = found
        } else {
            let setting = table.fields.isEmpty ? bare : make(table.fields, in: bytes)
            known = Known(template: CaseTemplate(bytes, layout: layout, hash: hash), setting: setting,
                          written: table.written(for: setting))
            table.insert(known)
        }
        table.remember(known)
        return known.process(scanned, line: number, worker: worker)
    }

    /// A line's template with what its option fields come to, and the worker's memo of written
    /// fields for them (`ReadyOptions.process`).
    final class Known: @unchecked Sendable {
        let template: CaseTemplate
        /// Holds the setting's objects, `written` the memo.
        let setting: Setting
        let written: WrittenMeasurements?
        /// The setting's options when they measure (`.ready`) and their memo, read without a retain
        /// per line (`setting` and `written` keep them alive).
        private let ready: Unmanaged<ReadyOptions>?
        private let readyWritten: Unmanaged<WrittenMeasurements>?

        init(template: CaseTemplate, setting: Setting, written: WrittenMeasurements?) {
            self.template = template
            self.setting = setting
            self.written = written
            if case .ready(let ready) = setting, let written {
                self.ready = .passUnretained(ready)
                readyWritten = .passUnretained(written)
            } else {
                ready = nil
                readyWritten = nil
            }
        }

        /// `CaseSettings.process` of a line read with this template.
        func process(_ scanned: ScannedCase, line: Int, worker: WorkerPool.Worker) -> Bool? {
            if let ready, let readyWritten {
                return ready._withUnsafeGuaranteedRef { ready in
                    readyWritten._withUnsafeGuaranteedRef { written in
                        ready.process(scanned, line: line, worker: worker, written: written)
                    }
                }
            }
            switch setting {
            case .failed(let error):
                BatchCommand.failure(error, id: scanned.id, line: line, into: worker.output)
                return true
            case .fontsFailed(let error, let maxBytes):
                let refused = scanned.utf8Count > maxBytes ? .tooManyBytes(scanned.utf8Count, maxBytes: maxBytes) : error
                BatchCommand.failure(refused, id: scanned.id, line: line, into: worker.output)
                return true
            case .ready, .plain: return nil
            }
        }
    }

    /// A case's fields over the command line's, as `CaseRunner.run` and `MeasureOptions.measure`
    /// take them in turn: each field as `BatchCase` takes it (the scanner read the line, so its
    /// JSON is valid and its id and text are fine), then the flags over the command line's.
    private func make(_ fields: CaseOptionFields, in bytes: UnsafeBufferPointer<UInt8>) -> Setting {
        var flags: [(name: String, value: String)] = []
        var seen: Set<String> = []
        do throws(UsageError) {
            for (key, value) in fields.keysAndValues {
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[key]), as: UTF8.self)
                guard let json = try? JSONReader.parse(Array(UnsafeBufferPointer(rebasing: bytes[value]))) else { return .plain }
                if case .flags(let more) = try BatchCase.field(name, json, seen: &seen) { flags += more }
            }
        } catch {
            return .failed(.usage(error))
        }
        if flags.isEmpty { return CaseSettings.setting(parsedDefaults.options, fonts: parsedDefaults.fonts, faces: faces) }
        let options: MeasureOptions
        do { options = try MeasureOptions(BatchCase.arguments(flags, over: defaults)) } catch { return .failed(.usage(error)) }
        return CaseSettings.setting(options, fonts: nil, faces: faces)
    }

    /// `MeasureOptions.measure`'s steps that do not read the text: the model, then (after the text's
    /// length) the fonts; `fonts` already loaded from these options, if they were.
    private static func setting(_ options: MeasureOptions, fonts: FontStack?, faces: FaceCache) -> Setting {
        guard options.text.placeholderValue == nil else { return .plain }
        let model: any PlatformModel
        do { model = try options.makeModel() } catch { return .failed(error) }
        let loaded: FontStack
        if let fonts {
            loaded = fonts
        } else {
            do { loaded = try options.loadFonts(faces: faces) } catch {
                return .fontsFailed(error, maxBytes: options.text.maxBytes)
            }
        }
        return .ready(ReadyOptions(options, fonts: loaded, model: model))
    }
}

extension CaseSettings {
    /// One worker's lines by the bytes around their id and text: the templates of the last few
    /// lines (a batch mostly repeats one set of options, in one layout), then all it has met, by hash.
    fileprivate final class Table: @unchecked Sendable {
        /// The templates of the last lines read, the last matched first.
        @exclusivity(unchecked) private var known: [Known] = []
        private var byHash: [UInt64: [Known]] = [:]
        private var count = 0
        /// The memo of written fields per setting bytes and `--lines`: settings that write the same
        /// fields share it.
        private var writtenBySetting: [WrittenKey: WrittenMeasurements] = [:]
        private struct WrittenKey: Hashable {
            var setting: [UInt8]
            var lines: Bool
        }
        /// The option fields of the line being scanned, kept so that no line allocates them.
        var fields = CaseOptionFields()

        /// Lines kept before starting over (each holds its bytes, options, model and fonts).
        static let maxKept = 4096
        static let maxKnown = 8
        /// Each memo of written fields holds 1,024 slots.
        static let maxWritten = 64

        /// A line like a recent template's, processed (`CaseSettings.process`); nil for any other.
        func process(_ bytes: UnsafeBufferPointer<UInt8>, number: Int, worker: WorkerPool.Worker) -> Bool? {
            for k in known.indices {
                let entry = known[k]
                guard let scanned = ScannedCase.scan(bytes, like: entry.template) else { continue }
                if k > 0 {
                    known.remove(at: k)
                    known.insert(entry, at: 0)
                }
                return entry.process(scanned, line: number, worker: worker)
            }
            return nil
        }

        func remember(_ entry: Known) {
            known.insert(entry, at: 0)
            if known.count > Table.maxKnown { known.removeLast() }
        }

        /// The known line with these bytes around its values.
        func find(_ hash: UInt64, _ bytes: UnsafeBufferPointer<UInt8>, layout: CaseLayout) -> Known? {
            byHash[hash]?.first { $0.template.matches(bytes, layout: layout) }
        }

        func insert(_ entry: Known) {
            if count >= Table.maxKept {
                byHash.removeAll()
                count = 0
            }
            byHash[entry.template.hash, default: []].append(entry)
            count += 1
        }

        /// The memo of written fields for a ready setting.
        func written(for setting: Setting) -> WrittenMeasurements? {
            guard case .ready(let ready) = setting else { return nil }
            let key = WrittenKey(setting: ready.setting, lines: ready.options.output.lines)
            if let known = writtenBySetting[key] { return known }
            if writtenBySetting.count >= Table.maxWritten { writtenBySetting.removeAll() }
            let written = WrittenMeasurements()
            writtenBySetting[key] = written
            return written
        }
    }
}
