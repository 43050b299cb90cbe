import TextHeight

/// Measures one JSONL case line over the command line's defaults: shared by `batch` and `check`.
enum CaseRunner {
    struct Outcome {
        var id: JSONValue?
        /// The parsed case, when the line was a valid case object.
        var batchCase: BatchCase?
        var result: Result<[JSONObject], Failure>
    }

    /// The command line's flags parsed, and its fonts loaded, once per batch: every case that sets
    /// no flag of its own measures with them.
    /// A class: every case of a batch reads it, none copies it.
    final class Defaults: Sendable {
        let options: MeasureOptions
        let fonts: FontStack?

        init(options: MeasureOptions, fonts: FontStack?) {
            self.options = options
            self.fonts = fonts
        }
    }

    static func run(_ line: LineReader.Line, defaults: ParsedArguments, parsedDefaults: Defaults? = nil,
                    shaper: Shaper, faces: FaceCache) -> Outcome {
        var outcome = Outcome(id: nil, batchCase: nil, result: .success([]))
        do throws(Failure) {
            let value = try parseCaseLine(line)
            outcome.id = value["id"]
            let batchCase: BatchCase
            do { batchCase = try BatchCase(value) } catch { throw .usage(error) }
            outcome.batchCase = batchCase
            let options: MeasureOptions
            var fonts: FontStack?
            if batchCase.options.isEmpty, let parsedDefaults {
                options = parsedDefaults.options
                fonts = parsedDefaults.fonts
            } else {
                do { options = try MeasureOptions(batchCase.arguments(over: defaults)) } catch { throw .usage(error) }
            }
            var prefix = JSONObject()
            if let id = outcome.id { prefix.add("id", raw: id.text) }
            outcome.result = .success(try options.measure(batchCase.text, faces: faces, fonts: fonts, shaper: shaper,
                                                          prefix: prefix))
        } catch {
            outcome.result = .failure(error)
        }
        return outcome
    }

    static func parseCaseLine(_ line: LineReader.Line) throws(Failure) -> JSONValue {
        if line.tooLong { throw Failure(code: .input, message: "the line is longer than --max-bytes allows") }
        var offset = 0
        guard UTF8Text.decode(line.bytes, invalidAt: &offset) != nil else {
            throw Failure(code: .input, message: "the line is not valid UTF-8 at byte \(offset)")
        }
        if line.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
            throw Failure(code: .usage, message: "the line is empty; every line must be a JSON object")
        }
        do { return try JSONReader.parse(line.bytes) } catch {
            throw Failure(code: .usage, message: error.message)
        }
    }
}
