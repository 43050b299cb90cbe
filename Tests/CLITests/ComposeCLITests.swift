import Foundation
import Testing

/// `--measure compose` and `compose-textfield` through the binary, with the embedded Inter (upem
/// 2816, ascender 2728, descender −680). At density 2.625, 16 sp is 42 px: FontMetricsInt ascent
/// −41, descent 10 (AndroidModelTests); 24 sp is 63 px, 16 dp 42 px, 56 dp 147 px.
@Suite("--measure compose and compose-textfield on the command line")
struct ComposeCLITests {
    static let base = ["--model", "android", "--density", "2.625", "--width", "360"]

    @Test("compose-textfield ships Material 3's TextField: 16 + 24 + 16 dp for one line (147 px), 63 px more per line")
    func textFieldDefaults() throws {
        let one = try CLIRun(Self.base + ["--measure", "compose-textfield", "Hello"])
        #expect(one.status == 0)
        #expect(one.stdout.hasPrefix(#"{"boxHeight":147,"contentHeight":147,"lineCount":1,"#))
        #expect(one.stdout.contains(#""width":945,"wrapWidth":861,"minHeight":147,"model":"android","measure":"compose-textfield"}"#))
        let two = try CLIRun(Self.base + ["--measure", "compose-textfield", "a\nb"])
        #expect(two.stdout.hasPrefix(#"{"boxHeight":210,"#))
        // Without a line height the 51 px line sits in the 24 dp minimum: 84 + 63, then 84 + 102.
        let plain = try CLIRun(Self.base + ["--measure", "compose-textfield", "--line-height", "normal", "a"])
        #expect(plain.stdout.hasPrefix(#"{"boxHeight":147,"#))
        let plainTwo = try CLIRun(Self.base + ["--measure", "compose-textfield", "--line-height", "normal", "a\nb"])
        #expect(plainTwo.stdout.hasPrefix(#"{"boxHeight":186,"#))
    }

    @Test("Compose's text size is sp × density unrounded (TextUnit.toPx): 15 sp is 39.375 px, ascent −38, descent round(9.508) = 10")
    func unroundedSize() throws {
        // A TextView would take getDimensionPixelSize's 39 px: descent round(9.418) = 9, 47.
        let compose = try CLIRun(Self.base + ["--measure", "compose", "--size", "15", "Hello"])
        #expect(compose.stdout.hasPrefix(#"{"boxHeight":48,"#))
        let staticLayout = try CLIRun(Self.base + ["--measure", "staticlayout", "--size", "15", "--include-font-padding", "false",
                                                   "Hello"])
        #expect(staticLayout.stdout.hasPrefix(#"{"boxHeight":47,"#))
        // compose's default size is TextStyle's 14 sp (36.75 px: −36 and 9).
        #expect(try CLIRun(Self.base + ["--measure", "compose", "Hello"]).stdout.hasPrefix(#"{"boxHeight":45,"#))
    }

    @Test("--line-height-style alignment,trim[,mode]: Proportional, Trim.Both by default, the lines 54 and 60")
    func lineHeightStyle() throws {
        let defaultStyle = try CLIRun(Self.base + ["--measure", "compose", "--size", "16", "--line-height", "24", "a\nb"])
        #expect(defaultStyle.stdout.hasPrefix(#"{"boxHeight":114,"#))
        let center = try CLIRun(Self.base + ["--measure", "compose", "--size", "16", "--line-height", "24",
                                             "--line-height-style", "center,none", "a\nb"])
        #expect(center.stdout.hasPrefix(#"{"boxHeight":126,"#))
        let minimum = try CLIRun(Self.base + ["--measure", "compose", "--size", "16", "--line-height", "12",
                                              "--line-height-style", "0.5,none,minimum", "a\nb"])
        #expect(minimum.stdout.hasPrefix(#"{"boxHeight":102,"#))
        let batch = try CLIRun(["batch"], stdin: Data((#"{"text":"a\nb","model":"android","measure":"compose","density":2.625,"size":16,"lineHeight":24,"lineHeightStyle":"center,none","width":360}"# + "\n").utf8))
        #expect(batch.stdout.hasPrefix(#"{"boxHeight":126,"#))
    }

    static let usage = "\nTry 'textheight --help' for more information.\n"

    @Test("what Compose does not have is refused", arguments: [
        (["--measure", "compose", "--line-height-style", "middle,none"],
         "--line-height-style takes alignment,trim[,mode]: alignment top, center, bottom, proportional or 0–1; trim both, none, first-line-top or last-line-bottom; mode fixed or minimum; got 'middle,none'"),
        (["--measure", "compose", "--line-height-style", "1.5,none"],
         "--line-height-style takes alignment,trim[,mode]: alignment top, center, bottom, proportional or 0–1; trim both, none, first-line-top or last-line-bottom; mode fixed or minimum; got '1.5,none'"),
        (["--measure", "edittext", "--line-height-style", "center,none"],
         "--line-height-style applies to --measure compose and compose-textfield (Compose's LineHeightStyle)"),
        (["--measure", "compose", "--fallback-line-spacing", "false"],
         "--fallback-line-spacing does not apply to --measure compose: Compose's TextLayout sets it"),
        (["--measure", "compose-textfield", "--line-spacing-extra", "2"],
         "--line-spacing-extra does not apply to --measure compose-textfield: Compose's TextLayout sets it"),
    ])
    func refusals(arguments: [String], message: String) throws {
        let run = try CLIRun(Self.base + arguments + ["x"])
        #expect(run.status == 2)
        #expect(run.stderr == "textheight: \(message)" + Self.usage)
    }

    @Test("the line-height style is Compose's alone: other models refuse it")
    func foreign() throws {
        let run = try CLIRun(["--model", "css", "--width", "300", "--line-height-style", "center,none", "x"])
        #expect(run.stderr == "textheight: --line-height-style does not apply to --model css" + Self.usage)
    }
}
