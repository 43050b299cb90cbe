import Foundation
import Testing

@Suite("--model css on the command line")
struct CSSModelCLITests {
    @Test("a textarea one line tall: Inter 16 px, round(2728/2816 × 16) + round(680/2816 × 16) = 16 + 4")
    func normalLineHeight() throws {
        let run = try CLIRun(["--model", "css", "--size", "16", "--width", "300", "Hello"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix(#"{"boxHeight":20,"contentHeight":20,"lineCount":1,"scrolls":false,"scrollHeight":20,"#))
        #expect(run.stdout.contains(#""model":"css","measure":"textarea""#))
    }

    @Test("a numeric line height is floored to 1/64 px: 1.2 × 16 = 19.2 → 19.1875")
    func numericLineHeight() throws {
        let run = try CLIRun(["--model", "css", "--size", "16", "--line-height", "1.2", "--width", "300", "Hello"])
        #expect(run.stdout.hasPrefix(#"{"boxHeight":19.1875,"contentHeight":19.1875,"#))
    }

    @Test("a textarea adds a row for a trailing newline, a div does not")
    func trailingNewline() throws {
        let textarea = try CLIRun(["--model", "css", "--size", "16", "--width", "300", "Hi\n"])
        let div = try CLIRun(["--model", "css", "--measure", "div", "--size", "16", "--width", "300", "Hi\n"])
        #expect(textarea.stdout.contains(#""contentHeight":40,"lineCount":2,"#))
        #expect(div.stdout.contains(#""contentHeight":20,"lineCount":1,"#))
    }

    @Test("padding and border frame the content; the width is the border box")
    func boxModel() throws {
        // 300 − 12 − 12 − 2 × 1 = 274 px of content; 20 + 6 + 6 + 2 = 34.
        let run = try CLIRun(["--model", "css", "--size", "16", "--width", "300", "--inset", "6,12", "--border", "1", "Hi"])
        #expect(run.stdout.contains(#""contentHeight":34,"#) && run.stdout.contains(#""wrapWidth":274,"#))
    }

    @Test("a flag of the other model is refused", arguments: [
        (["--model", "css", "--line-spacing", "4"], "--line-spacing does not apply to --model css"),
        (["--line-height", "1.2"], "--line-height does not apply to --model textkit"),
        (["--model", "css", "--measure", "textview"], "--measure must be one of textarea, div, got 'textview'"),
    ])
    func foreignFlags(arguments: [String], message: String) throws {
        let run = try CLIRun(arguments + ["--width", "300", "x"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("textheight: \(message)\n"))
    }

    @Test("Thai dictionary breaks before a final newline are not mandatory (ICU rule status bug)")
    func thaiTrailingNewline() throws {
        // ICU gives dictionary boundaries the rule status of the next rule-based boundary, the hard
        // break of the final "\n"; Chromium 156 lays this out on one line (fixtures/chromium c1718).
        let text = "กำหนด %s ให้เป็นการติดตั้งแบบอัตโนมัติแล้ว\n"
        let run = try CLIRun(["--model", "css", "--measure", "div", "--font", "fixtures/fonts/NotoSansThai-Regular.ttf",
                              "--fallback", "fixtures/fonts/Inter-Regular.otf", "--size", "16", "--width", "446", text])
        #expect(run.stdout.contains(#""lineCount":1,"#))
    }
}

@Suite("--lang")
struct LanguageCLITests {
    @Test("a BCP 47 tag is accepted; anything that could smuggle ICU keywords is refused")
    func tags() throws {
        #expect(try CLIRun(["--lang", "zh-Hans", "--width", "100", "你好"]).status == 0)
        let bad = try CLIRun(["--lang", "ja@lb=loose", "--width", "100", "x"])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("textheight: --lang must be a BCP 47 language tag such as ja or zh-Hans, got 'ja@lb=loose'\n"))
    }
}

@Suite("--font-family through fontconfig")
struct FontFamilyCLITests {
    /// A fontconfig setup that sees only fixtures/fonts, so results do not depend on the machine.
    func environment() throws -> [String: String] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("textheight-fc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let conf = """
        <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">
        <fontconfig><dir>\(CLIRun.root)/fixtures/fonts</dir><cachedir>\(dir.path)</cachedir></fontconfig>
        """
        try conf.write(to: dir.appendingPathComponent("fonts.conf"), atomically: true, encoding: .utf8)
        return ["FONTCONFIG_FILE": dir.appendingPathComponent("fonts.conf").path]
    }

    @Test("a family resolves to its fixture file: DejaVu Sans 17 pt is (1901 + 483) × 17 / 2048 tall")
    func resolves() throws {
        let run = try CLIRun(["--font-family", "DejaVu Sans", "--width", "300", "Hello"], environment: try environment())
        #expect(run.status == 0)
        #expect(run.stdout.contains(#""lineHeight":19.7890625,"#))
    }

    @Test("a family fontconfig would only substitute is an error, naming the substitute")
    func substituteRefused() throws {
        let run = try CLIRun(["--font-family", "SF Pro", "--width", "300", "Hello"], environment: try environment())
        #expect(run.status == 3)
        #expect(run.stderr.hasPrefix("textheight: font family 'SF Pro' is not installed (fontconfig would substitute '"))
    }

    @Test("fallback families join the chain: Noto Sans CJK SC covers the ideographs")
    func fallbackFamily() throws {
        let run = try CLIRun(["--fallback-family", "Noto Sans CJK SC", "--width", "300", "你好"], environment: try environment())
        #expect(run.status == 0)
        #expect(!run.stdout.contains("missingGlyphs"))
    }
}
