import Glibc
import TextHeight

/// What the options a case carries come to, worked out once per batch for each distinct set of
/// option fields (as written) and looked up for every case that carries the same: golden files
/// repeat their width, limits and font in every case. A case's fields over the command line's
/// are parsed, its model made and its fonts loaded by the same code as a case on its own
/// (`CaseRunner`), so the bytes and errors are the same; only the repetition is gone.
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
    /// few (the same bytes around another id and text) is read by comparing; `line` makes the
    /// setting when a line's fields are new to this worker.
    func process(_ bytes: UnsafeBufferPointer<UInt8>, number: Int, worker: WorkerPool.Worker,
                 line: () -> LineReader.Line) -> Bool? {
        let table = tables[worker.index]
        if let failed = table.process(bytes, number: number, worker: worker) { return failed }
        guard let (scanned, template) = ScannedCase.scan(bytes, options: &table.fields) else { return nil }
        let (setting, written): (Setting, WrittenMeasurements?)
        if table.fields.isEmpty {
            (setting, written) = (bare, table.written(for: bare))
        } else if let found = table.find(table.fields, in: bytes) {
            (setting, written) = found
        } else {
            (setting, written) = table.insert(table.fields, in: bytes, setting: make(line()))
        }
        let known = Known(template: template, setting: setting, written: written)
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
    /// take them in turn. The scanner read the line, so its JSON is valid and its text a string.
    private func make(_ line: LineReader.Line) -> Setting {
        guard let value = try? CaseRunner.parseCaseLine(line) else { return .plain }
        let batchCase: BatchCase
        do { batchCase = try BatchCase(value) } catch { return .failed(.usage(error)) }
        if batchCase.options.isEmpty {
            return CaseSettings.setting(parsedDefaults.options, fonts: parsedDefaults.fonts, faces: faces)
        }
        let options: MeasureOptions
        do { options = try MeasureOptions(batchCase.arguments(over: defaults)) } catch { return .failed(.usage(error)) }
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
    /// One worker's settings: by the templates of the last few lines (a batch mostly repeats one
    /// set of options, in one layout), then by option fields through a hash of their bytes.
    fileprivate final class Table: @unchecked Sendable {
        struct Entry {
            /// Each piece of the fields (`CaseOptionFields.pieces`) followed by a 0 byte, which valid
            /// JSON never holds outside a string and a plain string never inside.
            var key: [UInt8]
            var setting: Setting
            var written: WrittenMeasurements?
        }

        private var entries: [Entry] = []
        private var byHash: [UInt64: [Int]] = [:]
        /// The memo of written fields per setting bytes and `--lines`: settings that write the same
        /// fields share it.
        private var writtenBySetting: [WrittenKey: WrittenMeasurements] = [:]
        private struct WrittenKey: Hashable {
            var setting: [UInt8]
            var lines: Bool
        }
        /// The option fields of the line being scanned, kept so that no line allocates them.
        var fields = CaseOptionFields()

        /// The templates of the last lines scanned, the last matched first, with what they come to.
        @exclusivity(unchecked) private var known: [Known] = []

        /// Distinct field sets kept before starting over (each holds its options, model and fonts).
        static let maxEntries = 4096
        static let maxKnown = 4
        /// Each memo of written fields holds 1,024 slots.
        static let maxWritten = 64

        /// A line like a known template's, processed (`CaseSettings.process`); nil for any other.
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

        /// The setting of option fields seen before by this worker.
        func find(_ fields: CaseOptionFields, in bytes: UnsafeBufferPointer<UInt8>) -> (Setting, WrittenMeasurements?)? {
            guard let candidates = byHash[Table.hash(fields, bytes)] else { return nil }
            for index in candidates where Table.matches(entries[index].key, fields, bytes) {
                return (entries[index].setting, entries[index].written)
            }
            return nil
        }

        func insert(_ fields: CaseOptionFields, in bytes: UnsafeBufferPointer<UInt8>,
                    setting: Setting) -> (Setting, WrittenMeasurements?) {
            if entries.count >= Table.maxEntries {
                entries.removeAll()
                byHash.removeAll()
            }
            var key: [UInt8] = []
            key.reserveCapacity(fields.keyLength)
            for piece in fields.pieces {
                key.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[piece]))
                key.append(0)
            }
            let entry = Entry(key: key, setting: setting, written: written(for: setting))
            entries.append(entry)
            byHash[Table.hash(fields, bytes), default: []].append(entries.count - 1)
            return (entry.setting, entry.written)
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

        /// Whether `key` holds exactly these pieces of `bytes`, each followed by a 0 byte.
        private static func matches(_ key: [UInt8], _ fields: CaseOptionFields,
                                    _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard key.count == fields.keyLength, let line = bytes.baseAddress else { return false }
            return key.withUnsafeBufferPointer { key in
                guard let stored = key.baseAddress else { return false }
                var offset = 0
                for piece in fields.pieces {
                    guard memcmp(stored + offset, line + piece.lowerBound, piece.count) == 0,
                          stored[offset + piece.count] == 0 else { return false }
                    offset += piece.count + 1
                }
                return true
            }
        }

        /// The pieces' bytes, eight at a time, multiplied and folded (the ranges are of one line).
        private static func hash(_ fields: CaseOptionFields, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            guard let line = bytes.baseAddress else { return 0 }
            var hash: UInt64 = 0x243F_6A88_85A3_08D3
            for piece in fields.pieces {
                var p = line + piece.lowerBound
                var left = piece.count
                while left >= 8 {
                    hash = (hash ^ UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
                    hash ^= hash >> 29
                    p += 8
                    left -= 8
                }
                var tail = UInt64(left) << 56
                for k in 0..<left { tail |= UInt64(p[k]) << (8 * UInt64(k)) }
                hash = (hash ^ tail) &* 0x9E37_79B9_7F4A_7C15
                hash ^= hash >> 29
            }
            return hash
        }
    }
}
