import Foundation
import Testing
@testable import TextHeightCLI

/// Every `textheight …` command line shown in README.md and docs/ (fenced sh/bash/shell/console
/// blocks) must parse: its subcommand, flags and values are what the parser accepts, as far as
/// `request(_:)` goes (everything but running: fonts and input files are not opened). So the docs
/// cannot drift from the flags. Commands that use a shell variable are skipped: their values are
/// not known here.
@Suite("Docs: the command lines shown parse")
struct DocsExamplesTests {
    @Test("every textheight command line in README.md and docs/ parses")
    func examplesParse() throws {
        let files = try DocsExamples.markdownFiles()
        var checked = 0
        var failures: [String] = []
        for file in files {
            for example in try DocsExamples.commands(inMarkdown: String(contentsOfFile: CLIRun.root + "/" + file, encoding: .utf8)) {
                guard let arguments = example.arguments else { continue }
                checked += 1
                do throws(Failure) { _ = try request(arguments) } catch {
                    failures.append("\(file):\(example.line): \(error.message): textheight \(arguments.joined(separator: " "))")
                }
            }
        }
        // The man page's and --help's examples too.
        for (what, line) in Interface.examples {
            for command in try ShellWords.commands(line) where command.words.first?.text == "textheight" {
                checked += 1
                do throws(Failure) { _ = try request(command.words.dropFirst().map(\.text)) } catch {
                    failures.append("Interface.examples '\(what)': \(error.message)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // Not vacuous: README.md and docs/ show a few dozen.
        #expect(checked >= 40, "only \(checked) command lines found")
    }

    /// A shell block of one command followed by a JSON block of results (`{"boxHeight"…` lines) shows
    /// what that command prints: run, byte for byte.
    @Test("every output shown under a command is what the command prints")
    func outputsShown() throws {
        var shown = 0
        var differing: [String] = []
        for file in try DocsExamples.markdownFiles() {
            let text = try String(contentsOfFile: CLIRun.root + "/" + file, encoding: .utf8)
            for example in try DocsExamples.commands(inMarkdown: text) {
                guard let output = example.output, let arguments = example.arguments else { continue }
                shown += 1
                let run = try CLIRun(arguments)
                if run.stdout != output { differing.append("\(file):\(example.line): shown\n\(output)printed\n\(run.stdout)") }
            }
        }
        #expect(differing.isEmpty, "\(differing.joined(separator: "\n"))")
        #expect(shown >= 4, "only \(shown) outputs shown")
    }

    /// The man page names the manual's pages (Interface.manual): every page there is, and no other.
    @Test("the man page lists every page of docs/")
    func manualListed() throws {
        let pages = try DocsExamples.markdownFiles().filter { $0.hasPrefix("docs/") && !$0.hasPrefix("docs/examples/") }
        #expect(Set(pages) == Set(Interface.manual))
        #expect(try CLIRun(["--man-page"]).stdout.contains("docs/models/textkit.md"))
    }

    /// Relative Markdown links (`[text](docs/ci.md)`, `(../README.md#exit-codes)`) name files that exist.
    @Test("every link to a file of the repository resolves")
    func linksResolve() throws {
        var broken: [String] = []
        var checked = 0
        let link = try Regex(#"\]\(([^)\s]+)\)"#)
        for file in try DocsExamples.markdownFiles() {
            let text = try String(contentsOfFile: CLIRun.root + "/" + file, encoding: .utf8)
            let directory = (file as NSString).deletingLastPathComponent
            for match in text.matches(of: link) {
                let target = String(match.output[1].substring ?? "")
                guard !target.contains("://"), !target.hasPrefix("#"), !target.hasPrefix("mailto:") else { continue }
                let path = String(target.split(separator: "#", maxSplits: 1)[0])
                let resolved = ((directory.isEmpty ? path : directory + "/" + path) as NSString).standardizingPath
                checked += 1
                if !FileManager.default.fileExists(atPath: CLIRun.root + "/" + resolved) { broken.append("\(file): \(target)") }
            }
        }
        #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
        #expect(checked > 0)
    }

    @Test("the extractor: continuations, quotes, comments, redirections, pipes, swift run, variables")
    func extractor() throws {
        let markdown = #"""
        Text with `textheight --bogus` inline is not a block.
        ```sh
        # a comment
        textheight --width 343 \
                   --max-lines 3 "Two words" # trailing comment
        swift run -c release textheight --width 10 'it''s' && echo done
        textheight batch --width 300 < cases.jsonl > out.jsonl 2>&1 | head -1
        textheight render --output "$out" x
        TEXTHEIGHT_UPDATE=1 textheight check golden
        textheight --width 1 $'a\nb'
        ```
        ```json
        {"textheight": 1}
        ```
        """#
        let found = try DocsExamples.commands(inMarkdown: markdown)
        #expect(found.map(\.arguments) == [
            ["--width", "343", "--max-lines", "3", "Two words"],
            ["--width", "10", "its"],
            ["batch", "--width", "300"],
            nil,
            ["check", "golden"],
            ["--width", "1", "a\nb"],
        ])
        #expect(found.map(\.line) == [4, 6, 7, 8, 9, 10])
    }
}

/// The command lines of Markdown's shell blocks, as argv (nil: a shell variable is in it).
enum DocsExamples {
    struct Example {
        /// 1-based line of the command's first line in the file.
        var line: Int
        var arguments: [String]?
        /// The JSON block right after its shell block, when that block holds this one command alone.
        var output: String?
    }

    static func markdownFiles() throws -> [String] {
        var files = ["README.md"]
        let docs = CLIRun.root + "/docs"
        if let walker = FileManager.default.enumerator(atPath: docs) {
            for case let path as String in walker where path.hasSuffix(".md") { files.append("docs/" + path) }
        }
        return files.sorted()
    }

    /// README.md and every page of docs/, one after the other: for the tests that a file is shown as it is.
    static func allMarkdown() throws -> String {
        try markdownFiles().map { try String(contentsOfFile: CLIRun.root + "/" + $0, encoding: .utf8) }.joined(separator: "\n")
    }

    static func commands(inMarkdown text: String) throws -> [Example] {
        var examples: [Example] = []
        var inShell = false, inFence = false, inJSON = false
        var pending = "", pendingLine = 0
        // The examples of the last shell block, and whether only blank lines followed it since.
        var blockStart = 0, blockCommands = 0, afterBlock = false
        var json = ""
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                if inFence {
                    if inJSON, blockCommands == 1, json.hasPrefix("{\"boxHeight\""), examples.count > blockStart {
                        examples[blockStart].output = json
                    }
                    afterBlock = inShell
                    inFence = false; inShell = false; inJSON = false
                    continue
                }
                inFence = true
                let language = String(trimmed.dropFirst(3))
                inShell = ["sh", "bash", "shell", "console", "zsh"].contains(language)
                inJSON = language == "json" && afterBlock
                if inShell { blockStart = examples.count; blockCommands = 0 }
                json = ""
                continue
            }
            if !inFence { if !trimmed.isEmpty { afterBlock = false }; continue }
            if inJSON { json += raw + "\n"; continue }
            guard inShell else { continue }
            if pending.isEmpty { pendingLine = index + 1 }
            if raw.hasSuffix("\\") {
                pending += raw.dropLast() + " "
                continue
            }
            pending += raw
            let line = pending.hasPrefix("$ ") ? String(pending.dropFirst(2)) : pending
            pending = ""
            for command in try ShellWords.commands(line) {
                var words = command.words
                while let first = words.first, first.text.contains("="), !first.text.hasPrefix("-") { words.removeFirst() }
                if words.count >= 4, words[0].text == "swift", words[1].text == "run" {
                    words.removeFirst(2)
                    if words.first?.text == "-c" { words.removeFirst(2) }
                }
                blockCommands += 1
                guard let first = words.first, first.text == "textheight" || first.text.hasSuffix("/textheight") else { continue }
                let rest = words.dropFirst()
                examples.append(Example(line: pendingLine, arguments: rest.contains { $0.expands } ? nil : rest.map(\.text)))
            }
        }
        return examples
    }
}

/// Just enough of POSIX shell word splitting for documentation: quotes ('…', "…", $'…'), backslashes,
/// comments, and the operators that end a simple command (| || & && ; ( )); redirections with
/// their targets dropped.
enum ShellWords {
    struct Word {
        var text = ""
        /// Holds an unquoted or double-quoted `$` (a variable or command substitution).
        var expands = false
    }
    struct Command { var words: [Word] }
    struct Unterminated: Error {}

    static func commands(_ line: String) throws -> [Command] {
        var commands: [Command] = []
        var words: [Word] = []
        var word: Word?
        var dropNext = false
        let chars = Array(line)
        var i = 0
        func endWord() {
            if let w = word {
                if dropNext { dropNext = false } else { words.append(w) }
            }
            word = nil
        }
        func endCommand() {
            endWord()
            if !words.isEmpty { commands.append(Command(words: words)) }
            words = []
        }
        while i < chars.count {
            let c = chars[i]
            switch c {
            case " ", "\t":
                endWord()
            case "#" where word == nil:
                i = chars.count
                continue
            case "|", "&", ";", "(", ")":
                endCommand()
            case "<", ">":
                // A redirection: `2>`, `>>`, `2>&1`, `<`; its target word is dropped with it.
                if let w = word, w.text.allSatisfy(\.isNumber) { word = nil } else { endWord() }
                while i + 1 < chars.count, chars[i + 1] == ">" || chars[i + 1] == "&" { i += 1 }
                if i + 1 < chars.count, chars[i + 1].isNumber, chars[i] == "&" { i += 1 }
                else { dropNext = true }
            case "'":
                guard let close = chars[(i + 1)...].firstIndex(of: "'") else { throw Unterminated() }
                word = word ?? Word()
                word!.text += String(chars[(i + 1)..<close])
                i = close
            case "\"":
                word = word ?? Word()
                i += 1
                while i < chars.count, chars[i] != "\"" {
                    if chars[i] == "\\", i + 1 < chars.count, "\"\\$`".contains(chars[i + 1]) { i += 1 }
                    else if chars[i] == "$" { word!.expands = true }
                    word!.text.append(chars[i])
                    i += 1
                }
                guard i < chars.count else { throw Unterminated() }
            case "$" where i + 1 < chars.count && chars[i + 1] == "'":
                word = word ?? Word()
                i += 2
                while i < chars.count, chars[i] != "'" {
                    if chars[i] == "\\", i + 1 < chars.count {
                        i += 1
                        switch chars[i] {
                        case "n": word!.text.append("\n")
                        case "t": word!.text.append("\t")
                        default: word!.text.append(chars[i])
                        }
                    } else {
                        word!.text.append(chars[i])
                    }
                    i += 1
                }
                guard i < chars.count else { throw Unterminated() }
            case "$", "`":
                word = word ?? Word()
                word!.expands = true
                word!.text.append(c)
            case "\\":
                word = word ?? Word()
                if i + 1 < chars.count { i += 1; word!.text.append(chars[i]) }
            default:
                word = word ?? Word()
                word!.text.append(c)
            }
            i += 1
        }
        endCommand()
        return commands
    }
}
