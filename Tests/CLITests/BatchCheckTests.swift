import Foundation
import Testing

@Suite("batch and check")
struct BatchCheckTests {
    static let cases = """
    {"id":"a","text":"Hello","width":343}
    {"id":"b","text":"a\\nb","width":[320,375],"maxLines":3}
    {"text":"x","width":"nan"}

    [1,2]
    {"id":7,"text":"bad font","font":"fixtures/fonts/none.ttf","width":100}
    {"id":"c","text":"x","width":100,"colour":"red"}
    {"id":"d","text":"\\ud800","width":100}

    """

    @Test("one result per case and width in input order; bad lines become error objects")
    func batchLines() throws {
        let run = try CLIRun(["batch"], stdin: Data(BatchCheckTests.cases.utf8))
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(run.status == 1)
        #expect(run.stderr == "textheight: 6 cases failed; see the \"error\" lines\n")
        #expect(lines.count == 9)
        // Inter 17 pt: ceil(20.5739 + 16) = 37; two lines: ceil(41.148 + 16) = 58.
        #expect(lines[0].hasPrefix(#"{"id":"a","boxHeight":37,"#))
        #expect(lines[1].hasPrefix(#"{"id":"b","boxHeight":58,"#) && lines[1].contains(#""width":320,"#))
        #expect(lines[2].hasPrefix(#"{"id":"b","boxHeight":58,"#) && lines[2].contains(#""width":375,"#))
        #expect(lines[3] == #"{"line":3,"error":"--width must be a finite number ≥ 0 and ≤ 1000000, got 'nan'","exitCode":2}"#)
        #expect(lines[4] == #"{"line":4,"error":"the line is empty; every line must be a JSON object","exitCode":2}"#)
        #expect(lines[5] == #"{"line":5,"error":"a case must be a JSON object, got an array","exitCode":2}"#)
        #expect(lines[6] == #"{"id":7,"line":6,"error":"font 'fixtures/fonts/none.ttf' does not exist","exitCode":3}"#)
        #expect(lines[7] == #"{"id":"c","line":7,"error":"unknown field 'colour'","exitCode":2}"#)
        #expect(lines[8] == #"{"line":8,"error":"invalid JSON at byte 18: lone surrogate \\uD800 in a string","exitCode":2}"#)
    }

    @Test("ids come back escaped as RFC 8259 asks (quote, backslash, controls), U+2028 escaped for JavaScript")
    func idEscaping() throws {
        let input = #"{"id":"a\"b\\c\nd\u2028e","text":"x","width":100}"# + "\n"
        let run = try CLIRun(["batch"], stdin: Data(input.utf8))
        #expect(run.stdout.hasPrefix(#"{"id":"a\"b\\c\nd\u2028e","boxHeight":"#))
    }

    @Test("command-line options are defaults that a case field overrides")
    func defaults() throws {
        let input = #"{"id":1,"text":"Hello"}"# + "\n" + #"{"id":2,"text":"Hello","width":100}"# + "\n"
        let run = try CLIRun(["batch", "--width", "343", "--measure", "boundingrect"], stdin: Data(input.utf8))
        let lines = run.stdout.split(separator: "\n")
        #expect(run.status == 0)
        // boundingRect, no insets: ceil(20.5739) = 21.
        #expect(lines[0].hasPrefix(#"{"id":1,"boxHeight":21,"#) && lines[0].contains(#""width":343,"#))
        #expect(lines[1].contains(#""width":100,"#))
    }

    /// The committed corpus as cases: {"id", "text"} per message.
    static func corpusCases(limit: Int) throws -> Data {
        let corpus = try String(contentsOfFile: CLIRun.root + "/fixtures/corpus/messages.jsonl", encoding: .utf8)
        var out = ""
        for line in corpus.split(separator: "\n").prefix(limit) {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let text = object["text"] as? String, let id = object["id"] as? String else { continue }
            let fields = try JSONSerialization.data(withJSONObject: ["id": id, "text": text], options: [.sortedKeys])
            out += String(decoding: fields, as: UTF8.self) + "\n"
        }
        return Data(out.utf8)
    }

    @Test("--jobs 1 and --jobs 2 give identical bytes")
    func jobsDeterministic() throws {
        let input = try BatchCheckTests.corpusCases(limit: 3000)
        let one = try CLIRun(["batch", "--width", "240,343", "--jobs", "1", "--lines"], stdin: input)
        let two = try CLIRun(["batch", "--width", "240,343", "--jobs", "2", "--lines"], stdin: input)
        #expect(one.status == 0 && two.status == 0)
        #expect(one.stdout.split(separator: "\n").count >= 5000)
        #expect(one.stdout == two.stdout)
    }

    @Test("cases that set no flag of their own (read in one pass) give the bytes of cases that repeat the flags")
    func scannedCasesMatchPlainCases() throws {
        // The plain path reads a case through JSONReader and BatchCase, and measures through
        // MeasureOptions.measure; a case with no flag of its own takes ScannedCase and ReadyOptions.
        // The same case with the command line's own flags added, one key written with an escape
        // (which the one-pass reader leaves to the plain path), must give the same bytes.
        let corpus = String(decoding: try BatchCheckTests.corpusCases(limit: 2500), as: UTF8.self)
        let long = String(repeating: "long text ", count: 300)
        let extra = [
            #"{"id":7,"text":"number id"}"#, #"{"id":-1.5e3,"text":"exponent id"}"#,
            #"{"id":"esc\"aped\u2028","text":"tab\there\nnew \u00e9 \ud83d\ude00 \/ \"q\""}"#,
            "{\"id\":\"raw\u{2028}sep\u{7F}\",\"text\":\"x\"}", #"{"id":{"a":[1, 2]},"text":"object id"}"#,
            #"{ "text" : "spaces, id after" , "id" : "sp" }"#, #"{"id":"empty","text":""}"#,
            #"{"id":"emoji","text":"😀👍🏽 👨‍👩‍👧 🇩🇪 中文字符 عربي עברית ไทย हिन्दी"}"#,
            #"{"id":"too long","text":"\#(long)"}"#,
        ]
        let lines = corpus.split(separator: "\n").map(String.init) + extra
        let own = lines.map { line in
            #"{"\u0077idth":[240,343],"lines":true,"maxBytes":2000,"# + line.drop { $0 != "{" }.dropFirst()
        }
        let flags = ["batch", "--width", "240,343", "--lines", "--max-bytes", "2000", "--jobs", "1",
                     "--fallback", "fixtures/fonts/NotoSansArabic-Regular.ttf",
                     "--fallback", "fixtures/fonts/NotoSansThai-Regular.ttf",
                     "--fallback", "fixtures/fonts/NotoSansCJKsc-Regular.subset.otf",
                     "--fallback", "fixtures/fonts/NotoColorEmoji.subset.ttf"]
        let scanned = try CLIRun(flags, stdin: Data((lines.joined(separator: "\n") + "\n").utf8))
        let plain = try CLIRun(flags, stdin: Data((own.joined(separator: "\n") + "\n").utf8))
        #expect(scanned.stdout.split(separator: "\n").count >= 5000)
        #expect(scanned.stdout.contains(#""id":"too long","line":"#) && scanned.stdout.contains(#""lines":[{"start":0,"#))
        #expect(scanned.status == plain.status && scanned.stderr == plain.stderr)
        #expect(scanned.stdout == plain.stdout)
    }

    /// The one-pass reader (`CaseScanner`) decodes a string's UTF-8 itself: whatever it accepts, the plain
    /// path must read to the same text, and what the plain path refuses (ill-formed UTF-8: Unicode Table
    /// 3-7; raw controls) it must leave to it. Each sequence stands after 0–9 ASCII bytes, so that it meets
    /// the eight-byte ASCII steps at every offset; a case that sets the command line's flags again under an
    /// escaped key goes the plain way and is the reference (ill-formed lines come back as errors naming the byte).
    @Test("the one-pass reader's UTF-8 decoding accepts and refuses what the plain reader does")
    func scannedStringsMatchPlainStrings() throws {
        let sequences: [[UInt8]] = [
            [0x7F], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
            [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], Array("ทำ中文 é".utf8),
            // Ill-formed: overlong forms, surrogates, past U+10FFFF, lone or missing continuation bytes.
            [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80], [0xBF], [0xC2, 0x41], [0xE0, 0xA0],
            [0xF0, 0x90, 0x80], [0xFF], [0x1F], [0x09],
            // The same after a well-formed two- or three-byte character (the loop of such sequences).
            [0xE4, 0xB8, 0xAD, 0xC0, 0x80], [0xD0, 0x96, 0xC1, 0xBF], [0xE4, 0xB8, 0xAD, 0xE0, 0x80, 0x80],
            [0xD0, 0x96, 0xED, 0xA0, 0x80], [0xE4, 0xB8, 0xAD, 0xF0, 0x90, 0x80, 0x80], [0xD0, 0x96, 0x80],
            [0xE4, 0xB8, 0xAD, 0xC2, 0x41], [0xD0, 0x96, 0xE0, 0xA0], [0xE4, 0xB8, 0xAD, 0xFF],
            [0xD0, 0x96, 0xE4, 0xB8, 0xAD, 0x1F], [0xE4, 0xB8, 0xAD, 0xD0, 0x96, 0x22],
        ]
        var scanned = Data(), plain = Data()
        for (k, sequence) in sequences.enumerated() {
            for lead in 0...9 {
                let text = Array(repeating: UInt8(ascii: "a"), count: lead) + sequence + Array("bc".utf8)
                // The reference's flag comes after the text: an error names the same byte offset.
                let fields = Array(#"{"id":"\#(k)-\#(lead)","text":""#.utf8) + text
                scanned += fields + Array("\"}\n".utf8)
                plain += fields + Array(#"","\u0077idth":[343]}"#.utf8) + Array("\n".utf8)
            }
        }
        let flags = ["batch", "--width", "343", "--jobs", "1"]
        let fast = try CLIRun(flags, stdin: scanned), reference = try CLIRun(flags, stdin: plain)
        #expect(fast.stdout.split(separator: "\n").count == sequences.count * 10)
        #expect(fast.stdout.contains(#""id":"8-9","boxHeight":"#) && fast.stdout.contains(#""line":101,"error":"the line is not valid UTF-8 at byte 21""#))
        #expect(fast.status == reference.status && fast.stderr == reference.stderr)
        #expect(fast.stdout == reference.stdout)
    }

    @Test("the project's golden suite matches (a regression guard: the program recorded it)")
    func goldenSuite() throws {
        let run = try CLIRun(["check", "fixtures/golden"])
        #expect(run.status == 0, "\(run.stdout)")
        // Count the cases in the files themselves (every line but the provenance line), so a suite that checks
        // nothing, or skips a file, cannot pass.
        let directory = CLIRun.root + "/fixtures/golden"
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".jsonl") }
        let cases = try files.reduce(0) { count, file in
            let lines = try String(contentsOfFile: directory + "/" + file, encoding: .utf8).split(separator: "\n")
            return count + lines.filter { !$0.hasPrefix(#"{"provenance""#) }.count
        }
        #expect(cases >= 40)
        #expect(run.stdout == "all \(cases) cases match in \(files.count) files\n")
    }

    func temporaryGolden(_ contents: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("textheight-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("cases.jsonl").path
        try contents.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test("a changed expectation fails with a readable diff, and --update accepts it")
    func diffAndUpdate() throws {
        // Inter 17 pt in a default text view: 37 is right (ceil(20.5739 + 16)); 36 is the planted error.
        let file = try temporaryGolden(#"{"id":"greeting","text":"Hi there\n","width":343,"expect":{"boxHeight":36,"contentHeight":58,"lineCount":2}}"# + "\n")
        let failed = try CLIRun(["check", file])
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("\(file):1 id \"greeting\" \"Hi there␊\"\n    boxHeight: 36 → 58\n"))
        #expect(failed.stdout.contains("1 of 1 cases differ in 1 of 1 file\n"))
        #expect(failed.stdout.contains("To accept the new values: textheight check \(file) --update"))
        let updated = try CLIRun(["check", file, "--update"])
        #expect(updated.status == 0 && updated.stdout.hasSuffix("updated 1 of 1 cases in 1 file\n"))
        #expect(try CLIRun(["check", file]).status == 0)
        let contents = try String(contentsOfFile: file, encoding: .utf8)
        #expect(contents.hasPrefix(#"{"provenance":{"textheight":"#))
        #expect(contents.contains(#""expect":{"boxHeight":58,"contentHeight":58,"lineCount":2,"#))
        #expect(try FileManager.default.contentsOfDirectory(atPath: (file as NSString).deletingLastPathComponent) == ["cases.jsonl"])
    }

    @Test("--update keeps a byte order mark the file began with")
    func updateKeepsByteOrderMark() throws {
        let file = try temporaryGolden("\u{FEFF}" + #"{"id":"bom","text":"Hello","width":343,"expect":{"boxHeight":1}}"# + "\n")
        #expect(try CLIRun(["check", file, "--update"]).status == 0)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(Array(bytes.prefix(4)) == [0xEF, 0xBB, 0xBF, UInt8(ascii: "{")])
        #expect(try CLIRun(["check", file]).status == 0)
    }

    @Test("bare cases are born as a golden file; under CI only an explicit --update writes")
    func birthAndCI() throws {
        let bare = #"{"id":"new","text":"Hello","width":343}"# + "\n"
        let file = try temporaryGolden(bare)
        let onCI = try CLIRun(["check", file], environment: ["CI": "true", "TEXTHEIGHT_UPDATE": "1"])
        #expect(onCI.status == 1 && onCI.stdout.contains("no expectation yet"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == bare)
        let local = try CLIRun(["check", file], environment: ["CI": "", "TEXTHEIGHT_UPDATE": "1"])
        #expect(local.status == 0 && local.stdout.contains("recorded"))
        #expect(try CLIRun(["check", file], environment: ["CI": "true"]).status == 0)
    }

    @Test("check names a library version change before the diffs")
    func provenanceNote() throws {
        let file = try temporaryGolden(#"{"provenance":{"textheight":"0.1.0","icu":"70.1"}}"# + "\n"
            + #"{"id":"x","text":"Hello","width":343,"expect":{"boxHeight":1}}"# + "\n")
        let run = try CLIRun(["check", file])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("note: \(file): ICU \"70.1\" → \""))
        #expect(run.stdout.contains(": line breaks may move\n"))
    }
}
