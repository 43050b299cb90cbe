import Foundation
import Testing

/// Runs the real `textheight` binary and compares stdout, stderr and the exit code.
struct CLIRun {
    var stdout: String
    var stderr: String
    var status: Int32

    static let binary: String = {
        // The test runner sits next to the products it was built with.
        let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: runner).deletingLastPathComponent().appendingPathComponent("textheight").path
    }()

    static let root: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    init(_ arguments: [String], stdin: Data = Data(), environment: [String: String] = [:]) throws {
        let process = Process()
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.executableURL = URL(fileURLWithPath: CLIRun.binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: CLIRun.root)
        // stdin from a file and stderr to a file: only stdout goes through a pipe, so a large
        // input and output can never fill two pipes at once and deadlock.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("textheight-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inputFile = scratch.appendingPathComponent("stdin"), errorFile = scratch.appendingPathComponent("stderr")
        try stdin.write(to: inputFile)
        FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let input = try FileHandle(forReadingFrom: inputFile)
        let error = try FileHandle(forWritingTo: errorFile)
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try input.close()
        try error.close()
        let err = try Data(contentsOf: errorFile)
        stdout = String(decoding: out, as: UTF8.self)
        stderr = String(decoding: err, as: UTF8.self)
        status = process.terminationStatus
    }
}

@Suite("The textheight command")
struct CLITests {
    // Inter (embedded default) at 17 pt: lineHeight = 3408 × 17 / 2816 = 20.573863636… (hhea via fontTools);
    // a default UITextView: ceil(20.5739 + 8 + 8) = 37, wrap width 343 − 2 × 5 = 333.
    let hello = #"{"boxHeight":37,"contentHeight":37,"lineCount":1,"scrolls":false,"textHeight":20.573863636363637,"lineHeight":20.573863636363637,"width":343,"wrapWidth":333,"model":"textkit","measure":"textview"}"# + "\n"

    @Test("measures the text argument on the embedded font")
    func argument() throws {
        let run = try CLIRun(["--width", "343", "Hello"])
        #expect(run.status == 0 && run.stderr.isEmpty)
        #expect(run.stdout == hello)
    }

    @Test("reads the text from stdin with '-' and from --text-file")
    func otherSources() throws {
        #expect(try CLIRun(["--width", "343", "-"], stdin: Data("Hello".utf8)).stdout == hello)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("textheight-cli-\(getpid()).txt")
        try Data("Hello".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try CLIRun(["--width=343", "--text-file", file.path]).stdout == hello)
    }

    @Test("a width list gives one line per width, from one preparation")
    func widthList() throws {
        let run = try CLIRun(["--width", "343,343", "Hello"])
        #expect(run.stdout == hello + hello)
    }

    @Test("seed 000's chat bar with a fixture font, every flag spelled as documented")
    func seedBar() throws {
        // Inter 14 pt × 1.14 = 19.3152 per line; "a\nb\nc\nd" is 4 lines: ceil(77.26) + 18 = 96 → 78.
        let run = try CLIRun(["--font", "fixtures/fonts/Inter-Regular.otf", "--size", "14", "--width", "280",
                              "--measure", "boundingrect", "--inset", "9,0,9,0", "--padding", "0",
                              "--line-height-multiple", "1.14", "--min-height", "38", "--max-height", "78",
                              "a\nb\nc\nd"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix(#"{"boxHeight":78,"contentHeight":96,"lineCount":4,"scrolls":true,"#))
    }

    @Test("--lines lists each line's range, width, top and height")
    func linesFlag() throws {
        // DejaVu Sans Mono at 20.48 pt: 12.33 pt per glyph, 23.84 pt per line (font tables).
        let run = try CLIRun(["--font", "fixtures/fonts/DejaVuSansMono.ttf", "--size", "20.48", "--width", "100",
                              "--padding", "0", "--lines", "ab\ncd"])
        #expect(run.stdout.contains(#""lines":[{"start":0,"length":3,"width":24.66,"top":0,"height":23.84},{"start":3,"length":2,"width":24.66,"top":23.84,"height":23.84}]"#))
    }

    struct BadInput: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var stdin = ""
        var status: Int32
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let usage = "\nTry 'textheight --help' for more information.\n"

    @Test("bad input gets one clear line, a documented exit code and no stdout", arguments: [
        BadInput(arguments: ["--bogus", "x"], status: 2, message: "textheight: unknown option '--bogus'" + usage),
        BadInput(arguments: ["x"], status: 2,
                 message: "textheight: --width is required (the view's outer width)" + usage),
        BadInput(arguments: ["--width", "nan", "x"], status: 2,
                 message: "textheight: --width must be a finite number ≥ 0 and ≤ 1000000, got 'nan'" + usage),
        BadInput(arguments: ["--width", "-4", "x"], status: 2,
                 message: "textheight: --width must be a finite number ≥ 0 and ≤ 1000000, got '-4'" + usage),
        BadInput(arguments: ["--width", "10", "--width", "20", "x"], status: 2,
                 message: "textheight: --width is given more than once" + usage),
        BadInput(arguments: ["--width", "20", "--inset", "8,30", "x"], status: 2,
                 message: "textheight: insets and padding take 70 of --width 20; no room is left for text" + usage),
        BadInput(arguments: ["--width", "20", "--min-lines", "4", "--max-lines", "2", "x"], status: 2,
                 message: "textheight: --min-lines 4 is above --max-lines 2" + usage),
        BadInput(arguments: ["--width", "20", "--size", "0", "x"], status: 2,
                 message: "textheight: --size must be a finite number > 0 and ≤ 10000, got '0'" + usage),
        BadInput(arguments: ["--width", "20", "--measure", "label", "x"], status: 2,
                 message: "textheight: --measure must be one of textview, boundingrect, got 'label'" + usage),
        BadInput(arguments: ["--width", "20"], status: 2,
                 message: "textheight: no text given: pass it as the last argument, '-' for stdin, or --text-file PATH" + usage),
        BadInput(arguments: ["--width", "20", "--font", "fixtures/fonts/none.ttf", "x"], status: 3,
                 message: "textheight: font 'fixtures/fonts/none.ttf' does not exist\n"),
        BadInput(arguments: ["--width", "20", "--font", "Package.swift", "x"], status: 3,
                 message: "textheight: 'Package.swift' is not a usable font file: unknown file format\n"),
        BadInput(arguments: ["--width", "20", "--font", "fixtures/fonts/DejaVuSans.ttf#2", "x"], status: 3,
                 message: "textheight: font 'fixtures/fonts/DejaVuSans.ttf' has 1 face; #2 does not exist\n"),
        BadInput(arguments: ["--width", "200", "--strict-glyphs", "你好"], status: 3,
                 message: "textheight: 2 glyphs of the text exist in no font of the chain (--strict-glyphs); add a --fallback that covers them\n"),
        BadInput(arguments: ["--width", "20", "--text-file", "fixtures/none.txt"], status: 4,
                 message: "textheight: cannot read text from 'fixtures/none.txt': No such file or directory\n"),
        BadInput(arguments: ["--width", "20", "--max-bytes", "3", "-"], stdin: "hello", status: 4,
                 message: "textheight: the text from stdin is longer than --max-bytes 3\n"),
    ])
    func badInput(_ bad: BadInput) throws {
        let run = try CLIRun(bad.arguments, stdin: Data(bad.stdin.utf8))
        #expect(run.status == bad.status)
        #expect(run.stderr == bad.message)
        #expect(run.stdout.isEmpty)
    }

    @Test("invalid UTF-8 is refused with the byte offset")
    func invalidUTF8() throws {
        let run = try CLIRun(["--width", "100", "-"], stdin: Data([0x61, 0x62, 0xC3, 0x28]))
        #expect(run.status == 4)
        #expect(run.stderr == "textheight: the text from stdin is not valid UTF-8 at byte 2\n")
        #expect(run.stdout.isEmpty)
    }

    @Test("--help documents every flag the issue fixed, and the exit codes")
    func help() throws {
        let run = try CLIRun(["--help"])
        #expect(run.status == 0)
        for flag in ["--font", "--size", "--width", "--model", "--measure", "--inset", "--padding",
                     "--line-height-multiple", "--line-spacing", "--min-line-height", "--max-line-height",
                     "--paragraph-spacing", "--paragraph-spacing-before", "--min-lines", "--max-lines",
                     "--min-height", "--max-height", "--placeholder", "--scale", "--lines", "--text-file",
                     "--help", "--version"] {
            #expect(run.stdout.contains("  \(flag) ") || run.stdout.contains("  \(flag)\n"), "\(flag) missing")
        }
        #expect(run.stdout.contains("EXIT CODES:"))
    }

    @Test("--version names the libraries that decide a measurement")
    func version() throws {
        let run = try CLIRun(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("textheight 0.1.0 (FreeType 2."))
        #expect(run.stdout.contains("HarfBuzz ") && run.stdout.contains("ICU "))
    }

    @Test("the same input gives the same bytes under another locale and time zone")
    func environmentIndependent() throws {
        let text = "你好，世界 Hello 👨‍👩‍👧‍👦 مرحبا\n"
        let a = try CLIRun(["--width", "120.5", "--lines", text], environment: ["LC_ALL": "C"])
        // A locale with a decimal comma, compiled into a scratch LOCPATH (localedef from libc-bin, sources from
        // Debian's `locales`): the child gets it through its environment; this process's stays untouched.
        let locales = FileManager.default.temporaryDirectory.appendingPathComponent("textheight-locale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: locales) }
        try FileManager.default.createDirectory(at: locales, withIntermediateDirectories: true)
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
        compile.arguments = ["-i", "de_DE", "-f", "UTF-8", locales.appendingPathComponent("de_DE.UTF-8").path]
        try compile.run()
        compile.waitUntilExit()
        let german = ["LOCPATH": locales.path, "LC_ALL": "de_DE.UTF-8", "TZ": "Asia/Tokyo"]
        // The locale is really in force for a child: its decimal point is a comma.
        let check = Process()
        let output = Pipe()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/locale")
        check.arguments = ["-k", "decimal_point"]
        check.environment = ProcessInfo.processInfo.environment.merging(german) { $1 }
        check.standardOutput = output
        check.standardError = FileHandle.nullDevice
        try check.run()
        let point = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        #expect(point == "decimal_point=\",\"\n", "de_DE.UTF-8 could not be compiled (Debian's locales package)")
        let b = try CLIRun(["--width", "120.5", "--lines", text], environment: german)
        #expect(a.stdout == b.stdout && !a.stdout.isEmpty && a.stdout.contains(#""width":120.5,"#))
    }
}
