import Foundation
import Testing

/// The scale-out recipe of docs/ci.md (`docs/examples/parallel-batch.sh`): GNU parallel splits the input
/// into blocks of whole lines, one `textheight batch` per block, and `--keep-order` writes the answers
/// in input order. Its output must be the bytes one process writes.
@Suite("batch spread over processes by GNU parallel")
struct ParallelRecipeTests {
    static let script = CLIRun.root + "/docs/examples/parallel-batch.sh"

    /// Corpus cases, every 7th carrying options of its own (two widths, a line limit, another font).
    static func input() throws -> String {
        let cases = String(decoding: try BatchCheckTests.corpusCases(limit: 3000), as: UTF8.self)
        return cases.split(separator: "\n").enumerated().map { k, line in
            guard k % 7 == 0 else { return String(line) }
            return #"{"width":[240,375],"maxLines":3,"font":"fixtures/fonts/DejaVuSans.ttf","# + line.dropFirst()
        }.joined(separator: "\n") + "\n"
    }

    @Test("the docs show the recipe as it is, and GNU parallel is installed (scripts/setup.sh)")
    func recipeInReadme() throws {
        let docs = try DocsExamples.allMarkdown()
        #expect(docs.contains(try String(contentsOfFile: ParallelRecipeTests.script, encoding: .utf8)))
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/parallel"), "scripts/setup.sh installs GNU parallel")
    }

    /// Small blocks (about 100 lines each) and three processes at once, so that blocks finish out of
    /// order; through `--sshlogin` too, with this machine as the only host (":").
    @Test("gives the bytes one batch process writes", arguments: [["JOBS": "3"], ["HOSTS": "3/:"]])
    func sameBytesAsOneProcess(environment: [String: String]) throws {
        let input = try ParallelRecipeTests.input()
        let one = try CLIRun(["batch", "--width", "343", "--lines"], stdin: Data(input.utf8))
        #expect(one.status == 0 && one.stdout.split(separator: "\n").count > 3000)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("textheight-parallel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cases = scratch.appendingPathComponent("cases.jsonl").path, results = scratch.appendingPathComponent("results.jsonl").path
        try input.write(toFile: cases, atomically: true, encoding: .utf8)
        let run = try bash("\(ParallelRecipeTests.script) --width 343 --lines < \(cases) > \(results)",
                           environment: environment.merging(["BLOCK": "20k"]) { $1 })
        #expect(run.status == 0, "\(run.output)")
        let spread = try String(contentsOfFile: results, encoding: .utf8)
        #expect(spread == one.stdout)
    }
}
