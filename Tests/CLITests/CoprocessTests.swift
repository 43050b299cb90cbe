import Foundation
import Testing

/// `textheight batch` driven as a co-process: one case written, its answer read, stdin kept open.
final class Coprocess {
    let process = Process()
    let input = Pipe(), output = Pipe()

    init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: CLIRun.binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: CLIRun.root)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Writes `line` and waits up to `seconds` for one line back; nil when none came.
    func ask(_ line: String, seconds: Int32 = 10) -> String? {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
        var bytes: [UInt8] = []
        let fd = output.fileHandleForReading.fileDescriptor
        while bytes.last != 0x0A {
            var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, seconds * 1000) > 0 else { return nil }
            var byte: UInt8 = 0
            guard read(fd, &byte, 1) == 1 else { return nil }
            bytes.append(byte)
        }
        return String(decoding: bytes.dropLast(), as: UTF8.self)
    }

    func finish() -> (rest: String, status: Int32) {
        try? input.fileHandleForWriting.close()
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: rest, as: UTF8.self), process.terminationStatus)
    }
}

@Suite("batch as a co-process, and from other languages")
struct CoprocessTests {
    static let cases = [#"{"id":1,"text":"Hello"}"#, #"{"id":2,"text":"a\nb","maxLines":3}"#,
                        #"{"id":3,"text":"x","width":"nan"}"#, #"{"id":4,"text":"你好，世界","model":"css"}"#]

    @Test("each case is answered before the next is written, with the bytes a piped file gets", arguments: [1, 2])
    func lineByLine(jobs: Int) throws {
        let piped = try CLIRun(["batch", "--width", "343", "--jobs", "1"],
                               stdin: Data((CoprocessTests.cases.joined(separator: "\n") + "\n").utf8))
        let coprocess = try Coprocess(["batch", "--width", "343", "--jobs", String(jobs)])
        var answers: [String] = []
        for line in CoprocessTests.cases {
            guard let answer = coprocess.ask(line) else {
                Issue.record("no answer to \(line) within 10 s while stdin stayed open")
                break
            }
            answers.append(answer)
        }
        let end = coprocess.finish()
        #expect(end.rest.isEmpty && end.status == 1)  // case 3 failed
        #expect(answers.map { $0 + "\n" }.joined() == piped.stdout)
    }

    @Test("a UTF-8 byte-order mark opening a JSONL file is skipped, elsewhere it is an error")
    func byteOrderMark() throws {
        let bom = "\u{FEFF}"
        let plain = try CLIRun(["batch", "--width", "343"], stdin: Data((CoprocessTests.cases[0] + "\n").utf8))
        let marked = try CLIRun(["batch", "--width", "343"], stdin: Data((bom + CoprocessTests.cases[0] + "\n").utf8))
        #expect(marked.status == 0 && marked.stdout == plain.stdout && !plain.stdout.isEmpty)
        let second = try CLIRun(["batch", "--width", "343"],
                                stdin: Data((CoprocessTests.cases[0] + "\n" + bom + CoprocessTests.cases[0] + "\n").utf8))
        #expect(second.status == 1)
        #expect(second.stdout.hasSuffix(#""line":2,"error":"invalid JSON at byte 0: unexpected character","exitCode":2}"# + "\n"))
    }

    /// What docs/ci.md's co-process examples print, from the plain command: box height, line count, scrolls
    /// for each message, then the height of a CSS div.
    func expectedExampleOutput() throws -> String {
        var out = ""
        for message in ["Hi!", "Running late, the train is stuck outside the station. Start without me!"] {
            let json = try CLIRun(["--width", "343", "--max-lines", "5", message]).stdout
            let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
            out += "\(object["boxHeight"] ?? "") \(object["lineCount"] ?? "") \((object["scrolls"] as? Bool) == true)\n"
        }
        let div = try CLIRun(["--width", "343", "--max-lines", "5", "--model", "css", "--measure", "div", "Hi!"]).stdout
        let object = try JSONSerialization.jsonObject(with: Data(div.utf8)) as? [String: Any] ?? [:]
        return out + "\(object["boxHeight"] ?? "")\n"
    }

    @Test("the docs' Python and Node co-process examples run with Debian's interpreters", arguments: [
        ("/usr/bin/python3", "coprocess.py"), ("/usr/bin/node", "coprocess.mjs"),
    ])
    func examples(interpreter: String, file: String) throws {
        let path = CLIRun.root + "/docs/examples/" + file
        let docs = try DocsExamples.allMarkdown()
        #expect(docs.contains(try String(contentsOfFile: path, encoding: .utf8)), "the docs show \(file) as it is")
        // KILL after 60 s: a batch that waits for more input would leave the example blocked on its answer.
        let run = try bash("timeout -s KILL 60 \(interpreter) \(path)")
        #expect(run.status == 0)
        #expect(run.output == (try expectedExampleOutput()))
    }
}
