import Foundation
import Testing
import TextHeight
@testable import TextHeightCLI

/// A batch line gives what the single command with the same flags gives, byte for byte (issue 34):
/// cases generated from the real option specs (`MeasureOptions.specs`, their batch keys and kinds,
/// values from `OptionSamples`), all four models, corpus texts, a fixed seed. Both run in this
/// process through the command line's own entry (`runCaptured`); a sample also runs the binary.
@Suite("batch lines against the single command")
struct BatchDifferentialTests {
    init() { _ = FileManager.default.changeCurrentDirectoryPath(CLIRun.root) }

    /// SplitMix64: the same cases on every run and machine.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    struct Case {
        var flags: [(name: String, value: String)]
        var text: String
    }

    static let models: [(name: String, measures: [String])] = [
        ("textkit", TextKitModel.Measure.allCases.map(\.rawValue)), ("css", CSSModel.Measure.allCases.map(\.rawValue)),
        ("android", AndroidModel.Measure.allCases.map(\.rawValue)), ("flutter", FlutterModel.Measure.allCases.map(\.rawValue)),
    ]

    /// Flags a case may draw: all but those reading the text from a file and those fontconfig resolves
    /// (the machine's fonts); the model, measure and width are drawn on their own.
    static let drawn = MeasureOptions.specs.filter {
        !["text-file", "font-family", "fallback-family", "model", "measure", "width"].contains($0.name)
    }

    /// Whether a flag's help says it is one of `model`'s: it names the model, or no model and it is
    /// not one of NSParagraphStyle's or TextKit's padding (which are textkit's). Not a preset.
    static func applies(_ spec: OptionSpec, to model: String) -> Bool {
        if spec.name == "preset" { return false }  // a preset names its own model
        if spec.help.contains(model) { return true }
        if models.contains(where: { spec.help.contains($0.name) }) { return false }
        return model == "textkit" || !(spec.help.contains("NSParagraphStyle") || spec.help.contains("lineFragmentPadding"))
    }

    static func cases(_ count: Int, seed: UInt64) throws -> [Case] {
        var random = Random(state: seed)
        let corpus = FuzzSeeds.corpusTexts(every: 7)
        #expect(corpus.count > 1000)
        var cases: [Case] = []
        for k in 0..<count {
            let model = models[k % models.count]
            var flags: [(name: String, value: String)] = []
            if model.name != "textkit" || random.chance(50) { flags.append(("model", model.name)) }
            if random.chance(40) { flags.append(("measure", random.pick(model.measures))) }
            let widths = OptionSamples.byName["width"] ?? []
            flags.append(("width", random.chance(95) ? random.pick(Array(widths.prefix(5))) : random.pick(widths)))
            // Mostly flags of this model, some of any (refused, mostly: compared all the same).
            let own = drawn.filter { BatchDifferentialTests.applies($0, to: model.name) }
            for _ in 0..<random.below(6) {
                let spec = random.chance(85) ? random.pick(own) : random.pick(drawn)
                guard !flags.contains(where: { $0.name == spec.name }) || spec.repeatable else { continue }
                let values = OptionSamples.values(for: spec)
                // Valid values first in every table: three in four cases draw from the first half.
                let value = random.chance(75) ? random.pick(Array(values.prefix(max(1, (values.count + 1) / 2)))) : random.pick(values)
                flags.append((spec.name, value))
            }
            let text = random.chance(5) ? "" : random.chance(3) ? "-a dash first" : random.pick(corpus)
            cases.append(Case(flags: flags, text: text))
        }
        return cases
    }

    /// The case as a batch line: its flags under their keys, a number written as a number half the time.
    static func line(_ item: Case, id: Int, random: inout Random) -> String {
        var fields: [(String, JSONValue)] = [("id", .number(String(id))), ("text", .string(item.text))]
        var repeated: [String: [String]] = [:]
        for (name, value) in item.flags {
            guard let spec = MeasureOptions.specs.first(where: { $0.name == name }) else { continue }
            if spec.repeatable {
                if repeated[name] == nil { fields.append((spec.jsonKey, .null)) }  // its place, filled below
                repeated[name, default: []].append(value)
            } else if spec.value == nil {
                fields.append((spec.jsonKey, .bool(true)))
            } else if random.chance(50), case .number? = try? JSONReader.parse(Array(value.utf8)) {
                fields.append((spec.jsonKey, .number(value)))
            } else {
                fields.append((spec.jsonKey, .string(value)))
            }
        }
        fields = fields.map { key, value in
            guard let spec = BatchCase.specsByKey[key], spec.repeatable, let values = repeated[spec.name] else { return (key, value) }
            return (key, .array(values.map { .string($0) }))
        }
        return JSONValue.object(fields).text
    }

    static func arguments(_ item: Case) -> [String] {
        item.flags.flatMap { name, value in
            MeasureOptions.specs.first { $0.name == name }?.value == nil ? ["--" + name] : ["--" + name, value]
        } + ["--", item.text]
    }

    /// What batch writes for case `id` when the single command gave `single`.
    static func expected(_ single: CapturedRun, id: Int, line: Int) -> [UInt8] {
        if single.status == 0 {
            return single.stdout.split(separator: 0x0A).flatMap { Array(#"{"id":\#(id),"#.utf8) + $0.dropFirst() + [0x0A] }
        }
        let message = single.stderr.split(separator: 0x0A).first.map { String(decoding: $0.dropFirst("textheight: ".utf8.count), as: UTF8.self) }
        var error = JSONObject()
        error.add("id", id)
        error.add("line", line)
        error.add("error", message ?? "")
        error.add("exitCode", Int(single.status))
        var bytes: [UInt8] = []
        error.append(to: &bytes)
        return bytes + [0x0A]
    }

    /// Command-line defaults for the second run: a case's field replaces the flag of its name (all of a
    /// repeated one's values), so the single command gets the defaults the case does not set, then its flags.
    static let defaults = ["--width", "280,343", "--max-lines", "4", "--fallback", "fixtures/fonts/NotoSansArabic-Regular.ttf"]

    @Test("1,200 generated cases over the four models (about two thirds measured, the rest refused), without and with command-line defaults: each batch line gives the single command's bytes",
          arguments: [false, true])
    func batchAgainstSingle(withDefaults: Bool) throws {
        let count = 1200
        var cases = try BatchDifferentialTests.cases(count, seed: withDefaults ? 340 : 34)
        var random = Random(state: 7)
        var defaults: [String] = []
        if withDefaults {
            defaults = BatchDifferentialTests.defaults
            // Some cases take the default width, some no flag at all.
            for k in cases.indices where random.chance(40) { cases[k].flags.removeAll { $0.name == "width" || random.chance(25) } }
        }
        let lines = cases.enumerated().map { BatchDifferentialTests.line($1, id: $0, random: &random) }
        let input = try scratch(Array((lines.joined(separator: "\n") + "\n").utf8))
        var expected: [[UInt8]] = []
        var measured = 0
        var models: Set<String> = []
        for (k, item) in cases.enumerated() {
            let given = Set(item.flags.map(\.name))
            var merged = Case(flags: [], text: item.text)
            for index in stride(from: 0, to: defaults.count, by: 2) where !given.contains(String(defaults[index].dropFirst(2))) {
                merged.flags.append((String(defaults[index].dropFirst(2)), defaults[index + 1]))
            }
            merged.flags += item.flags
            let single = runCaptured(BatchDifferentialTests.arguments(merged))
            if single.status == 0 {
                measured += 1
                models.insert(item.flags.first { $0.name == "model" }?.value ?? "textkit")
            }
            expected.append(BatchDifferentialTests.expected(single, id: k, line: k + 1))
        }
        // Mostly measurements, of every model, and some refusals: both are compared.
        #expect(measured >= count * 6 / 10 && measured < count, "\(measured) of \(count) measured")
        #expect(models.count == 4)
        for jobs in ["1", "2"] {
            let batch = runCaptured(["batch", "--input", input, "--jobs", jobs] + defaults)
            #expect(batch.status == (measured == count ? 0 : 1))
            if batch.stdout != expected.flatMap({ $0 }) {
                // Name the first case that differs.
                var rest = batch.stdout[...]
                for (k, want) in expected.enumerated() {
                    guard rest.starts(with: want) else {
                        Issue.record("case \(k) (--jobs \(jobs)): \(lines[k])\nbatch:  \(String(decoding: rest.prefix(want.count + 80), as: UTF8.self))\nsingle: \(String(decoding: want, as: UTF8.self))")
                        break
                    }
                    rest = rest.dropFirst(want.count)
                }
            }
        }
    }

    @Test("the in-process runs give the binary's bytes")
    func inProcessIsTheBinary() throws {
        let cases = try BatchDifferentialTests.cases(40, seed: 35)
        var random = Random(state: 8)
        let lines = cases.enumerated().map { BatchDifferentialTests.line($1, id: $0, random: &random) }
        let input = Data((lines.joined(separator: "\n") + "\n").utf8)
        let binary = try CLIRun(["batch", "--jobs", "1"], stdin: input)
        let path = try scratch([UInt8](input))
        let inProcess = runCaptured(["batch", "--input", path, "--jobs", "1"])
        #expect(Array(binary.stdout.utf8) == inProcess.stdout && binary.status == inProcess.status)
        for item in cases.prefix(12) {
            let arguments = BatchDifferentialTests.arguments(item)
            let run = try CLIRun(arguments), captured = runCaptured(arguments)
            #expect(Array(run.stdout.utf8) == captured.stdout && Array(run.stderr.utf8) == captured.stderr
                    && run.status == captured.status, "\(arguments)")
        }
    }

    func scratch(_ bytes: [UInt8]) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("textheight-\(UUID().uuidString).jsonl").path
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }
}
