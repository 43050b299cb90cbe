import TextHeight

/// One case's options made ready once for every case that carries the same (`CaseSettings`):
/// its fonts loaded, its model made, its widths and the output fields it fixes written. What
/// `MeasureOptions.measure` does per case, minus the work that gives the same answer every
/// time; the output is the same bytes. Cases read by `ScannedCase` (most lines of a batch) take it.
final class ReadyOptions: Sendable {
    let options: MeasureOptions
    let fonts: FontStack
    let model: any PlatformModel
    let widths: [Double]
    /// `measurementSetting` of these options and fonts.
    let setting: [UInt8]

    /// Options without a placeholder (with one, the library decides per text whether it is
    /// measured: those cases take the plain path), their model and fonts.
    init(_ options: MeasureOptions, fonts: FontStack, model: any PlatformModel) {
        self.options = options
        self.fonts = fonts
        self.model = model
        widths = options.model.modelWidths
        setting = measurementSetting(model: options.model.model.rawValue, measure: options.model.measureName,
                                     preset: options.model.preset, font: FontDescription(options, fonts: fonts, model: model))
    }

    /// `PlatformModel.measure(_:shaper:)` without a placeholder: the text prepared once (from its
    /// UTF-16 units, as `prepare` makes them), measured at every width; true when it failed.
    /// `written`: the worker's memo of fields for this `setting` and `--lines`.
    func process(_ scanned: ScannedCase, line: Int, worker: WorkerPool.Worker, written: WrittenMeasurements) -> Bool {
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
                write(scanned.id, measurement, width: widths[0], lines: lines, worker: worker, written: written)
                return false
            }
            var measurements: [Measurement] = []
            measurements.reserveCapacity(widths.count)
            for width in widths { measurements.append(model.measure(prepared, width: width, includeLines: lines)) }
            if options.font.strictGlyphs, let missing = measurements.first?.missingGlyphs, missing > 0 {
                throw .strictGlyphs(missing)
            }
            for (width, measurement) in zip(widths, measurements) {
                write(scanned.id, measurement, width: width, lines: lines, worker: worker, written: written)
            }
            return false
        } catch {
            BatchCommand.failure(error, id: scanned.id, line: line, into: worker.output)
            return true
        }
    }

    /// The line of one width, written straight into the worker's output: the id, then the measurement's
    /// fields as they were written for an equal measurement at that width before (`WrittenMeasurements`).
    private func write(_ id: UnsafeBufferPointer<UInt8>?, _ measurement: Measurement, width: Double, lines: Bool,
                       worker: WorkerPool.Worker, written: WrittenMeasurements) {
        let fields = written.fields(of: measurement, width: width) {
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
/// one worker and one `ReadyOptions.setting` and `--lines` (what else the fields depend on): the
/// texts of a batch share few distinct measurements (one line count and fonts give the same
/// heights: 815 among the 20,000 mixed texts), and writing the fields again cost about 2,000
/// instructions a line. Equal measurements write the same bytes (Double's `==` only merges 0 and
/// -0, both written `0`). Measurements with lines (`--lines`) are seldom equal: not kept.
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
