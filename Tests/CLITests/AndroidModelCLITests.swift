import Foundation
import Testing

/// `--model android` through the binary. The embedded font is Inter (upem 2816, hhea 2728/−680/0,
/// head yMin −900 yMax 3072, fontTools): at 42 px Paint.FontMetricsInt is top −46, ascent −41,
/// descent 10, bottom 14 (see AndroidModelTests for the arithmetic).
@Suite("--model android on the command line")
struct AndroidModelCLITests {
    @Test("an EditText one line tall is the font's bottom − top (StaticLayout.out with includePad)")
    func oneLine() throws {
        let run = try CLIRun(["--model", "android", "--size", "42", "--width", "360", "Hello"])
        #expect(run.status == 0)
        #expect(run.stdout == #"{"boxHeight":60,"contentHeight":60,"lineCount":1,"scrolls":false,"textHeight":60,"lineHeight":51,"width":360,"wrapWidth":360,"model":"android","measure":"edittext"}"# + "\n")
    }

    @Test("--density: sp and dp round to px as getDimensionPixelSize does (16 sp × 2.625 = 42 px, 360 dp = 945 px)")
    func density() throws {
        let run = try CLIRun(["--model", "android", "--density", "2.625", "--size", "16", "--width", "360",
                              "--inset", "4", "Hello"])
        // 4 dp = round(10.5) = 11 px each side: 60 + 22, wrap 945 − 22.
        #expect(run.stdout.hasPrefix(#"{"boxHeight":82,"contentHeight":82,"lineCount":1,"#))
        #expect(run.stdout.contains(#""width":945,"wrapWidth":923,"#))
    }

    @Test("maxLines caps an EditText at DynamicLayout.getLineTop(max): 2 × 51 + 5, no bottom padding")
    func maxLines() throws {
        let run = try CLIRun(["--model", "android", "--size", "42", "--width", "360", "--max-lines", "2", "a\nb\nc\nd"])
        #expect(run.stdout.hasPrefix(#"{"boxHeight":107,"contentHeight":213,"lineCount":4,"scrolls":true,"#))
    }

    @Test("line spacing: the multiplier on an EditText's unpadded lines (DynamicLayout.reflow)")
    func lineSpacing() throws {
        let run = try CLIRun(["--model", "android", "--size", "42", "--width", "360", "--line-spacing-multiplier", "1.5",
                              "a\nb"])
        #expect(run.stdout.hasPrefix(#"{"boxHeight":137,"#))  // 77 + 51 + 5 + 4
        let staticLayout = try CLIRun(["--model", "android", "--measure", "staticlayout", "--size", "42", "--width", "360",
                                       "--line-spacing-multiplier", "1.5", "a\nb"])
        #expect(staticLayout.stdout.hasPrefix(#"{"boxHeight":139,"#))  // 56 + 28 + 55
    }

    @Test("--letter-spacing in em (setLetterSpacing): Inter abc abc at 28.16 px is 106.08 + 6 × 2.816 wide to Minikin's breaker")
    func letterSpacing() throws {
        // Every cluster takes 0.1 em = 2.816 px; the breaker leaves out one for the line's edges
        // (GreedyLineBreaker isWidthExceeded): 106.08 + 7 × 2.816 − 2.816 = 122.976.
        let base = ["--model", "android", "--measure", "staticlayout", "--size", "28.16", "--letter-spacing", "0.1em"]
        let fits = try CLIRun(base + ["--width", "122.977", "abc abc"])
        #expect(fits.status == 0)
        #expect(fits.stdout.contains(#""lineCount":1,"#))
        let breaks = try CLIRun(base + ["--width", "122.97", "abc abc"])
        #expect(breaks.stdout.contains(#""lineCount":2,"#))
        let batch = try CLIRun(["batch", "--width", "122.97"], stdin: Data((#"{"text":"abc abc","model":"android","measure":"staticlayout","size":28.16,"letterSpacing":"0.1em"}"# + "\n").utf8))
        #expect(batch.stdout.contains(#""lineCount":2,"#))
    }

    @Test("batch reads the Android flags under their camelCase keys")
    func batchKeys() throws {
        let input = #"{"id":1,"text":"a\nb","model":"android","size":42,"width":360,"lineSpacingExtra":4.4,"includeFontPadding":"false","breakStrategy":"balanced","fallbackLineSpacing":"true","density":1}"#
        let run = try CLIRun(["batch"], stdin: Data((input + "\n").utf8))
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix(#"{"id":1,"boxHeight":106,"#))  // (51 + 4) + 51, includePad off
    }

    static let usage = "\nTry 'textheight --help' for more information.\n"

    @Test("bad Android values and foreign flags exit 2 with one line", arguments: [
        (["--break-strategy", "fast"], "--break-strategy must be one of simple, high-quality, balanced, got 'fast'"),
        (["--fallback-line-spacing", "yes"], "--fallback-line-spacing must be true or false, got 'yes'"),
        (["--include-font-padding", "1"], "--include-font-padding must be true or false, got '1'"),
        (["--line-spacing-extra", "nan"], "--line-spacing-extra must be a finite number ≥ -10000 and ≤ 10000, got 'nan'"),
        (["--line-spacing-multiplier", "-1"], "--line-spacing-multiplier must be a finite number ≥ 0 and ≤ 100, got '-1'"),
        (["--density", "0"], "--density must be a finite number > 0 and ≤ 10, got '0'"),
        (["--measure", "div"], "--measure must be one of edittext, textview, staticlayout, compose, compose-textfield, got 'div'"),
        (["--line-height", "abc"], "--line-height must be a finite number ≥ 0 and ≤ 10000, got 'abc'"),
        (["--max-lines", "2", "--max-height", "100"],
         "--max-lines and --max-height both set TextView's one maximum; give one of them with --model android"),
        (["--min-lines", "2", "--min-height", "100"],
         "--min-lines and --min-height both set TextView's one minimum; give one of them with --model android"),
        (["--line-height", "60", "--line-spacing-extra", "2"],
         "--line-height replaces --line-spacing-extra and --line-spacing-multiplier (setLineHeight sets both); give one or the other"),
        (["--letter-spacing", "2px"], "--letter-spacing takes em under --model android (TextView.setLetterSpacing), e.g. 0.03125em"),
        (["--word-spacing", "2px"], "--word-spacing does not apply to --model android"),
        (["--tracking", "1"], "--tracking does not apply to --model android"),
        (["--padding", "5"], "--padding does not apply to --model android"),
        (["--border", "1"], "--border does not apply to --model android"),
        (["--placeholder", "Message", "--placeholder-lines", "1"],
         "--placeholder-lines does not apply to --model android: TextView never caps its hint"),
    ])
    func badValues(arguments: [String], message: String) throws {
        let run = try CLIRun(["--model", "android", "--width", "300"] + arguments + ["x"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "textheight: \(message)" + Self.usage)
    }

    @Test("Android's flags are refused by the other models")
    func foreign() throws {
        for model in ["textkit", "css"] {
            let run = try CLIRun(["--model", model, "--width", "300", "--break-strategy", "simple", "x"])
            #expect(run.status == 2)
            #expect(run.stderr == "textheight: --break-strategy does not apply to --model \(model)" + Self.usage)
        }
    }
}
