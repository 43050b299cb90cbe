import Foundation
import Testing

/// `--model flutter` through the binary. The embedded font is Inter (fontTools: upem 2816, hhea and typo
/// 2728/−680/0, USE_TYPO_METRICS on). Defaults per measure (../shared/research/flutter.md §0): the Material 3
/// field is bodyLarge, 16 px, height 1.5 with even leading, so L = 1.5 × 16 = 24; Cupertino 17 px, no height;
/// a paragraph 14 px.
@Suite("--model flutter on the command line")
struct FlutterModelCLITests {
    static let liberation = "fixtures/fonts/LiberationSans-Regular.ttf"

    @Test("the default TextField: underline decoration, max(8 + 24 + 8, 48), wraps at width − 3")
    func textField() throws {
        let run = try CLIRun(["--model", "flutter", "--width", "200", "Hello"])
        #expect(run.status == 0)
        #expect(run.stdout == #"{"boxHeight":48,"contentHeight":40,"lineCount":1,"scrolls":false,"textHeight":24,"lineHeight":24,"width":200,"wrapWidth":197,"model":"flutter","measure":"textfield"}"# + "\n")
    }

    @Test("the chat bar: collapsed, minLines 1, maxLines 5 grows 24 a line and scrolls after five")
    func chatBar() throws {
        let flags = ["--model", "flutter", "--decoration", "collapsed", "--min-lines", "1", "--max-lines", "5", "--width", "360"]
        #expect(try CLIRun(flags + ["a\nb"]).stdout.hasPrefix(#"{"boxHeight":48,"contentHeight":48,"lineCount":2,"#))
        // Six lines: 144 of text, the box 5 × 24 = 120.
        #expect(try CLIRun(flags + ["1\n2\n3\n4\n5\n6"]).stdout.hasPrefix(#"{"boxHeight":120,"contentHeight":120,"lineCount":6,"scrolls":true,"textHeight":144,"#))
    }

    @Test("decorations: outlined 20 + 24 + 12 with 35 px of width taken; dense filled 4 + 24 + 4; --inset replaces the padding, not the 48 px minimum")
    func decorations() throws {
        let outlined = try CLIRun(["--model", "flutter", "--decoration", "outlined", "--width", "200", "a"])
        #expect(outlined.stdout.hasPrefix(#"{"boxHeight":56,"contentHeight":56,"#))
        #expect(outlined.stdout.contains(#""wrapWidth":165,"#))  // 200 − 12 − 12 − 4 − 4 − 3
        let dense = try CLIRun(["--model", "flutter", "--decoration", "filled", "--dense", "--width", "200", "a"])
        #expect(dense.stdout.hasPrefix(#"{"boxHeight":32,"contentHeight":32,"#))
        let zero = try CLIRun(["--model", "flutter", "--inset", "0", "--width", "200", "a"])
        #expect(zero.stdout.hasPrefix(#"{"boxHeight":48,"contentHeight":24,"#))
    }

    @Test("CupertinoTextField: 7 + L + 7 with no minimum; L = round((2728 + 680) / 2816 × 17) = round(20.57) = 21")
    func cupertino() throws {
        let run = try CLIRun(["--model", "flutter", "--measure", "cupertino", "--width", "300", "a"])
        #expect(run.stdout == #"{"boxHeight":35,"contentHeight":35,"lineCount":1,"scrolls":false,"textHeight":21,"lineHeight":21,"width":300,"wrapWidth":283,"model":"flutter","measure":"cupertino"}"# + "\n")
        // Liberation Sans 17 px: strut round(18.99) = 19, the placeholder's paragraph line round(19.55) = 20:
        // 7 + 20 + 7 = 34 although the text is not empty.
        let hint = try CLIRun(["--model", "flutter", "--measure", "cupertino", "--font", Self.liberation, "--width", "300",
                               "--placeholder", "Message", "a"])
        #expect(hint.stdout.hasPrefix(#"{"boxHeight":34,"contentHeight":34,"#))
    }

    @Test("a paragraph at 14 px: round(3408 / 2816 × 14) = round(16.94) = 17 per line, no strut")
    func paragraph() throws {
        let run = try CLIRun(["--model", "flutter", "--measure", "paragraph", "--width", "300", "a\nb"])
        #expect(run.stdout == #"{"boxHeight":34,"contentHeight":34,"lineCount":2,"scrolls":false,"textHeight":34,"lineHeight":17,"width":300,"wrapWidth":300,"model":"flutter","measure":"paragraph"}"# + "\n")
    }

    @Test("--text-scale multiplies the size, not the letter spacing")
    func textScale() throws {
        // 16 × 1.5 = 24 px; L = 1.5 × 24 = 36.
        let run = try CLIRun(["--model", "flutter", "--decoration", "collapsed", "--text-scale", "1.5", "--width", "300", "a"])
        #expect(run.stdout.hasPrefix(#"{"boxHeight":36,"#))
        // The same line as --size 24 with the unscaled 0.5 px letter spacing.
        let scaled = try CLIRun(["--model", "flutter", "--text-scale", "1.5", "--lines", "--width", "300", "abc"])
        let sized = try CLIRun(["--model", "flutter", "--size", "24", "--lines", "--width", "300", "abc"])
        #expect(scaled.stdout == sized.stdout)
        let spaced = try CLIRun(["--model", "flutter", "--size", "24", "--letter-spacing", "0.75px", "--lines", "--width", "300", "abc"])
        #expect(scaled.stdout != spaced.stdout)
    }

    @Test("--force-strut false lets the font's line gap in: Liberation Sans 7 + 20 + 7 in a CupertinoTextField")
    func forceStrut() throws {
        let run = try CLIRun(["--model", "flutter", "--measure", "cupertino", "--font", Self.liberation, "--force-strut", "false",
                              "--width", "300", "a"])
        #expect(run.stdout.hasPrefix(#"{"boxHeight":34,"#))
    }

    @Test("batch reads the Flutter flags under their camelCase keys")
    func batchKeys() throws {
        let input = #"""
            {"id":1,"text":"a","model":"flutter","decoration":"outlined","dense":true,"textScale":2,"width":300}
            {"id":2,"text":"a","model":"flutter","measure":"cupertino","font":"fixtures/fonts/LiberationSans-Regular.ttf","forceStrut":"false","width":300}
            """#
        let run = try CLIRun(["batch"], stdin: Data((input + "\n").utf8))
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        // Dense outlined: 16 + 1.5 × 32 + 8 = 72.
        #expect(lines.first?.hasPrefix(#"{"id":1,"boxHeight":72,"#) == true)
        #expect(lines.last?.hasPrefix(#"{"id":2,"boxHeight":34,"#) == true)
    }

    static let usage = "\nTry 'textheight --help' for more information.\n"

    @Test("bad Flutter values and foreign flags exit 2 with one line", arguments: [
        (["--decoration", "boxed"], "--decoration must be one of none, underline, filled, outlined, collapsed, got 'boxed'"),
        (["--force-strut", "yes"], "--force-strut must be true or false, got 'yes'"),
        (["--text-scale", "0"], "--text-scale must be a finite number > 0 and ≤ 10, got '0'"),
        (["--measure", "edittext"], "--measure must be one of paragraph, textfield, cupertino, got 'edittext'"),
        (["--measure", "cupertino", "--dense"], "--dense applies to --measure textfield only (InputDecorator)"),
        (["--letter-spacing", "0.1em"], "--letter-spacing takes px under --model flutter (TextStyle.letterSpacing)"),
        (["--decoration", "none", "--placeholder", "Message"], "--placeholder needs an InputDecorator; --decoration none has no hint"),
        (["--measure", "cupertino", "--placeholder", "M", "--placeholder-lines", "1"],
         "--placeholder-lines does not apply to --measure cupertino: the placeholder takes the field's maxLines"),
        (["--density", "2"], "--density does not apply to --model flutter"),
        (["--word-spacing", "1px"], "--word-spacing does not apply to --model flutter"),
    ])
    func badValues(arguments: [String], message: String) throws {
        let run = try CLIRun(["--model", "flutter", "--width", "300"] + arguments + ["x"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "textheight: \(message)" + Self.usage)
    }

    @Test("Flutter's flags are refused by the other models")
    func foreign() throws {
        for model in ["textkit", "css", "android"] {
            let run = try CLIRun(["--model", model, "--width", "300", "--decoration", "filled", "x"])
            #expect(run.status == 2)
            #expect(run.stderr == "textheight: --decoration does not apply to --model \(model)" + Self.usage)
        }
    }
}
