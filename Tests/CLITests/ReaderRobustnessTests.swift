import Foundation
import Testing

/// What batch and check do with input they cannot read whole (issue 34): a failed read is an error,
/// not the end of the input, and `check --update` leaves such a file's bytes as they were.
@Suite("input that cannot be read whole")
struct ReaderRobustnessTests {
    func scratch(_ name: String, _ bytes: [UInt8]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("textheight-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    @Test("batch fails (exit 4) on input it cannot read, instead of taking it for an empty one")
    func batchReadError() throws {
        let run = try CLIRun(["batch", "--input", FileManager.default.temporaryDirectory.path])
        #expect(run.status == 4 && run.stdout.isEmpty)
        #expect(run.stderr == "textheight: cannot read cases from '\(FileManager.default.temporaryDirectory.path)': Is a directory\n")
    }

    /// The css golden file with one expectation changed, so that --update has something to rewrite.
    func stale() throws -> [UInt8] {
        let golden = try String(contentsOfFile: CLIRun.root + "/fixtures/golden/css.jsonl", encoding: .utf8)
        let changed = golden.replacingOccurrences(of: #""boxHeight":20,"#, with: #""boxHeight":21,"#)
        #expect(changed != golden)
        return Array(changed.utf8)
    }

    @Test("check --update rewrites nothing of a file cut short, with invalid UTF-8, or a line over the limit",
          arguments: ["cut", "cut provenance", "utf8", "long"])
    func updateLeavesUnreadableFiles(_ damage: String) throws {
        var bytes = try stale()
        var flags: [String] = []
        switch damage {
        case "cut": bytes.removeLast(40)  // inside the last case
        case "cut provenance": bytes = Array(bytes.prefix(60)) + [0x0A] + bytes.split(separator: 0x0A).dropFirst().joined(separator: [0x0A])
        case "utf8": bytes += Array(#"{"id":"bad","text":"a"#.utf8) + [0xC0, 0x80] + Array(#"","width":300}"#.utf8) + [0x0A]
        default:
            // --max-bytes 0 allows lines of 65,536 bytes.
            bytes += Array(#"{"id":"long","text":""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: 70_000)
                + Array(#"","width":300}"#.utf8) + [0x0A]
            flags = ["--max-bytes", "0"]
        }
        let file = try scratch("golden.jsonl", bytes)
        let run = try CLIRun(["check", file, "--update"] + flags)
        #expect(run.status == 1)
        #expect(run.stdout.contains("\(file): not updated: line "), "\(run.stdout)")
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: file))) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: (file as NSString).deletingLastPathComponent) == ["golden.jsonl"])
    }

    @Test("check --update still rewrites a file whose lines all read, even one that is not a case")
    func updateRewritesReadableFiles() throws {
        let bytes = try stale() + Array(#"{"id":"odd","text":"x","width":300,"colour":"red"}"#.utf8) + [0x0A]
        let file = try scratch("golden.jsonl", bytes)
        let run = try CLIRun(["check", file, "--update"])
        #expect(run.status == 0)
        let after = try String(contentsOfFile: file, encoding: .utf8)
        #expect(after.hasSuffix(#"{"id":"odd","text":"x","width":300,"colour":"red"}"# + "\n"))
        #expect(after.contains(#""boxHeight":20,"#) && !after.contains(#""boxHeight":21,"#))
    }

    @Test("a case cannot name a text file, nor batch or check take one: its text is its \"text\" field")
    func noTextFileInCases() throws {
        let run = try CLIRun(["batch"], stdin: Data(#"{"text":"","textFile":"README.md","width":300}"#.utf8 + [0x0A]))
        #expect(run.stdout == #"{"line":1,"error":"field 'textFile' does not apply to a case: its text is its 'text' field","exitCode":2}"# + "\n")
        let flag = try CLIRun(["batch", "--text-file", "README.md"])
        #expect(flag.status == 2 && flag.stderr.hasPrefix("textheight: --text-file does not apply to batch"))
    }

    @Test("an error stays one line when it quotes a value with a newline (found by the arguments target)")
    func oneLineErrors() throws {
        let run = try CLIRun(["--width", "300", "--size", "1\n2\u{1B}", "x"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("textheight: --size must be a finite number > 0 and ≤ 10000, got '1\\n2\\u001b'\n"), "\(run.stderr)")
    }

    @Test("--name=value splits at the first '=' even when a combining mark follows it (found by the arguments target)")
    func equalsBeforeCombiningMark() throws {
        let joined = try CLIRun(["--width=300", "--placeholder=\u{301}x", "--lines", ""])
        let apart = try CLIRun(["--width", "300", "--placeholder", "\u{301}x", "--lines", ""])
        #expect(joined.status == 0 && joined.stdout.contains(#""measuredPlaceholder":true"#), "\(joined.stderr)")
        #expect(joined.stdout == apart.stdout)
        let unknown = try CLIRun(["--colour=\u{301}red", "--width", "300", "x"])
        #expect(unknown.stderr.hasPrefix("textheight: unknown option '--colour'\n"))
    }

    @Test("an empty font path is a missing file, never the embedded default it shared a cache key with (found by the arguments target)")
    func emptyFontPath() throws {
        let cases = #"{"id":1,"text":"x","font":"","width":60}"# + "\n" + #"{"id":2,"text":"x","width":60}"# + "\n"
        let batch = try CLIRun(["batch", "--jobs", "1"], stdin: Data(cases.utf8))
        let lines = batch.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0] == #"{"id":1,"line":1,"error":"font '' does not exist","exitCode":3}"#)
        // check measures without the command line's fonts: the second case must not inherit the first's failure.
        let file = try scratch("golden.jsonl", Array(cases.utf8))
        _ = try CLIRun(["check", file, "--update"])
        let golden = try String(contentsOfFile: file, encoding: .utf8)
        #expect(golden.contains(#"{"id":2,"text":"x","width":60,"expect":{"boxHeight":37,"#), "\(golden)")
    }

    @Test("a flag has two dashes exactly")
    func threeDashes() throws {
        let run = try CLIRun(["---width", "300", "x"])
        #expect(run.status == 2 && run.stderr.hasPrefix("textheight: unknown option '---width'\n"))
    }
}
