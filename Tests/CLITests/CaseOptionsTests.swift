import Foundation
import Testing

/// Cases that carry their own options (golden files do: each case's width, limits, font): `batch`
/// works out what a set of option fields comes to once (`CaseSettings`) and reads the lines that
/// repeat it by comparing bytes (`CaseTemplate`). The reference is the plain path, which reads a
/// line through JSONReader and BatchCase and measures it through MeasureOptions.measure: the same
/// line with its text key written with an escape (`"\u0074ext"`, the same key to JSON) goes there.
@Suite("cases that carry their own options")
struct CaseOptionsTests {
    /// Option fields as JSON text. Each set differs from another in one value or one key, so that a
    /// setting found for the wrong fields, or fonts or written fields kept for the wrong setting, shows.
    static let optionSets: [String] = [
        #""width":300"#, #""width":320"#, #""width":[240,375]"#, #""width":300,"size":16"#, #""width":300,"size":20"#,
        #""width":300,"font":"fixtures/fonts/DejaVuSans.ttf""#,
        #""width":300,"font":"fixtures/fonts/DejaVuSans.ttf","size":20"#,
        #""width":300,"fallback":["fixtures/fonts/NotoSansArabic-Regular.ttf","fixtures/fonts/NotoSansThai-Regular.ttf"]"#,
        #""width":300,"maxLines":2"#, #""width":300,"maxLines":2,"minLines":3"#, #""width":300,"model":"css""#,
        #""width":300,"model":"css","padding":5"#, #""width":300,"model":"android","density":2"#,
        #""width":300,"lines":true"#, #""width":300,"lines":false"#, #""width":300,"model":"css","measure":"div""#,
        #""width":300,"model":"css","measure":"div","lines":true"#,
        #""width":300,"font":"fixtures/fonts/none.ttf","maxBytes":40"#, #""width":300,"font":"fixtures/fonts/none.ttf""#,
        #""width":300,"size":"x""#, #""width":300,"colour":"red""#, #""width":300,"size":16,"size":17"#,
        #""width":300,"placeholder":"Type here""#, #""width":300,"inset":[1,2,3,4,5]"#, #""width":300,"strictGlyphs":true"#,
        #""width":300,"expect":null"#, #""width":300,"fontFamily":"DejaVu Sans","font":"fixtures/fonts/DejaVuSans.ttf""#,
        "",
    ]

    /// Corpus texts of every language (every 270th message: the corpus is sorted by language), an
    /// empty one (a div's measurement of it has no lines, with or without `lines`) and a long one.
    static func texts() throws -> [String] {
        let corpus = try String(contentsOfFile: CLIRun.root + "/fixtures/corpus/messages.jsonl", encoding: .utf8)
        var texts: [String] = ["", String(repeating: "a long text ", count: 20)]
        for (k, line) in corpus.split(separator: "\n").enumerated() where k % 270 == 0 {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let text = object["text"] as? String else { continue }
            texts.append(text)
        }
        return texts
    }

    /// Pairs of sets of the same length: a line of one must not pass for a line of the other.
    static let pairs: [(String, String)] = [
        (#""width":300"#, #""width":320"#), (#""width":300,"size":16"#, #""width":300,"size":20"#),
        (#""width":300,"maxLines":2"#, #""width":300,"maxLines":5"#),
    ]

    /// A case line: the fields after the text (layout 0), before the id (1), or between id and text (2).
    static func line(id: String, text: String, fields set: String, layout: Int) throws -> String {
        let quoted = String(decoding: try JSONSerialization.data(withJSONObject: [text], options: []), as: UTF8.self)
        let textField = #""text":"# + quoted.dropFirst().dropLast()
        let idField = #""id":"\#(id)""#
        let fields = set.isEmpty ? [] : [set]
        switch layout {
        case 0: return "{" + ([idField, textField] + fields).joined(separator: ",") + "}"
        case 1: return "{" + (fields + [idField, textField]).joined(separator: ",") + "}"
        default: return "{" + ([idField] + fields + [textField]).joined(separator: ", ") + "}"
        }
    }

    /// Lines that take each set in turn, in runs (a set repeated over other texts) and alternating,
    /// in each layout; and each pair alternating in each layout.
    static func lines() throws -> [String] {
        let texts = try texts()
        var lines: [String] = []
        for (k, text) in texts.enumerated() {
            for (s, set) in optionSets.enumerated() {
                lines.append(try line(id: "\(k)-\(s)", text: text, fields: set, layout: (k + s) % 3))
            }
        }
        for (p, pair) in pairs.enumerated() {
            for layout in 0..<3 {
                for (k, text) in texts.enumerated() {
                    lines.append(try line(id: "p\(p)-\(layout)-\(k)", text: text, fields: k % 2 == 0 ? pair.0 : pair.1,
                                          layout: layout))
                }
            }
        }
        // The same set over many texts in a row, then the next set.
        for (s, set) in optionSets.enumerated() {
            for (k, text) in texts.enumerated() where k % 7 == s % 7 {
                lines.append(try line(id: "r\(s)-\(k)", text: text, fields: set, layout: s % 3))
            }
        }
        return lines
    }

    @Test("give the bytes and errors of the same cases read the plain way, under any command line")
    func sameBytesAsPlainPath() throws {
        let fast = try CaseOptionsTests.lines()
        let plain = fast.map { $0.replacingOccurrences(of: #""text":"#, with: #""\u0074ext":"#) }
        #expect(fast.count > 1_000 && plain.filter { $0.contains(#""\u0074ext":"#) }.count == fast.count)
        let input = Data((fast.joined(separator: "\n") + "\n").utf8), reference = Data((plain.joined(separator: "\n") + "\n").utf8)
        for defaults in [["--width", "343"], ["--size", "15", "--lines", "--max-lines", "3"], ["--model", "css", "--width", "250"]] {
            let args = ["batch", "--jobs", "1"] + defaults
            let read = try CLIRun(args, stdin: input), expected = try CLIRun(args, stdin: reference)
            #expect(read.stdout.split(separator: "\n").count > fast.count)
            #expect(read.stdout.contains(#""error":"font 'fixtures/fonts/none.ttf' does not exist""#))
            #expect(read.stdout.contains(#""error":"the text has "#))
            #expect(read.status == expected.status && read.stderr == expected.stderr)
            #expect(read.stdout == expected.stdout, "batch \(defaults.joined(separator: " "))")
        }
    }

    /// Font chains are kept per process by what they are made of (`FaceCache`): a chain made for one
    /// case must not be handed to a case at another size or with other fallbacks. Each case alone in
    /// a process of its own, where nothing was kept before it, is the reference.
    @Test("a font chain kept for one case is not reused at another size or with other fallbacks")
    func fontChainsByWhatTheyAreMadeOf() throws {
        let sets = [
            "", #""size":20"#, #""fallback":"fixtures/fonts/NotoSansArabic-Regular.ttf""#,
            #""size":20,"fallback":"fixtures/fonts/NotoSansArabic-Regular.ttf""#,
            #""font":"fixtures/fonts/DejaVuSans.ttf""#, #""font":"fixtures/fonts/DejaVuSans.ttf","size":20"#,
        ]
        // Arabic, which Inter lacks and the fallback has: its width depends on the chain and the size.
        let lines = try sets.enumerated().map { try CaseOptionsTests.line(id: "\($0.offset)", text: "مرحبا بالعالم، كيف حالك اليوم؟",
                                                                          fields: $0.element, layout: 0) }
        let together = try CLIRun(["batch", "--jobs", "1", "--width", "120"], stdin: Data((lines.joined(separator: "\n") + "\n").utf8))
        var alone: [Substring] = []
        for line in lines {
            alone += try CLIRun(["batch", "--jobs", "1", "--width", "120"], stdin: Data((line + "\n").utf8)).stdout.split(separator: "\n")
        }
        let heights = Set(alone.compactMap { $0.split(separator: ",").first { $0.hasPrefix(#""boxHeight""#) } })
        #expect(together.status == 0 && alone.count == sets.count && heights.count >= 3)
        #expect(together.stdout.split(separator: "\n") == alone)
    }
}
