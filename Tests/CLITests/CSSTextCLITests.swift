import Foundation
import Testing

/// The CSS text flags. Widths by hand arithmetic from Inter's hmtx (fontTools: unitsPerEm 2816; a 1588,
/// b 1748, c 1572, m 2448, space 792 units) and Blink's rules (docs/models/css.md);
/// the recorded Chromium references (ChromiumConformance) cover each property on real strings.
@Suite("CSS text flags")
struct CSSTextCLITests {
    /// The width of the only line of `text` in a 16 px Inter div 1000 px wide.
    func lineWidth(_ text: String, _ flags: [String] = []) throws -> String {
        let run = try CLIRun(["--model", "css", "--measure", "div", "--size", "16", "--width", "1000", "--lines"] + flags + [text])
        #expect(run.status == 0, "\(run.stderr)")
        guard let range = run.stdout.range(of: #""width":[0-9.]+"#, options: .regularExpression, range:
            run.stdout.range(of: "\"lines\"").map { $0.upperBound..<run.stdout.endIndex }) else { return "" }
        return String(run.stdout[range].dropFirst(8))
    }

    @Test("letter-spacing is added after every character, the last included: abc = (1588+1748+1572)/176 + 3 × 10")
    func letterSpacing() throws {
        // 4908 × 16 / 2816 = 27.886…; Chromium 156 measured "abc" 27.890625 → 57.890625 with 10px (the same +30).
        #expect(try lineWidth("abc") == "27.886363636363637")
        #expect(try lineWidth("abc", ["--letter-spacing", "10px"]) == "57.88636363636364")
        #expect(try lineWidth("abc", ["--letter-spacing", "0.625em"]) == "57.88636363636364")  // 0.625 × 16 = 10
    }

    @Test("word-spacing goes to a space after the text's first character and to U+00A0; normal is 0")
    func wordSpacing() throws {
        #expect(try lineWidth("a b", ["--word-spacing", "normal"]) == "23.454545454545453")
        // a + space + b = (1588 + 792 + 1748) × 16 / 2816 = 23.4545…; + 10.
        #expect(try lineWidth("a b", ["--word-spacing", "10px"]) == "33.45454545454545")
        #expect(try lineWidth("a\u{A0}b", ["--word-spacing", "10px"]) == "33.45454545454545")
    }

    @Test("tab stops every 8 spaces (36 px); a tab less than half a space (2.25 px) from its stop goes to the next")
    func tabs() throws {
        // mmmmm = 5 × 2448/176 = 69.545: stop 72, b at 72 → 81.93…; cccccccc = 8 × 1572/176 = 71.4545, 0.545 px
        // from 72: stop 108 → 117.93…; tab-size 2 → stops every 9 px: 69.545 → 72.
        #expect(try lineWidth("mmmmm\tb") == "81.93181818181819")
        #expect(try lineWidth("cccccccc\tb") == "117.93181818181819")
        #expect(try lineWidth("mmmmm\tb", ["--tab-size", "2"]) == "81.93181818181819")
        #expect(try lineWidth("mmmmm\tb", ["--tab-size", "50px"]) == "109.93181818181819")
    }

    @Test("a tab-size in spaces counts each space with the letter and word spacing; a run's later tabs advance by the interval")
    func tabsWithSpacing() throws {
        // Blink TabSize::GetPixelSize (TabSizeWithSpacing) and ShapeResult::CreateForTabulationCharacters; the tabs
        // themselves get no spacing. Chromium 156 puts b at 88, 104, 30, 8 and 40 px (fixtures/chromium/record.py's
        // probes; b is 1748/176 = 9.93… + its letter spacing).
        #expect(try lineWidth("\t\tb", ["--letter-spacing", "1px"]) == "98.93181818181819")  // 8 × (4.5 + 1) = 44
        #expect(try lineWidth("\t\tb", ["--word-spacing", "2px"]) == "113.93181818181819")  // 8 × (4.5 + 2) = 52
        #expect(try lineWidth("\t\tb", ["--letter-spacing", "1px", "--word-spacing", "2px", "--tab-size", "2"])
                == "40.93181818181818")  // 2 × 7.5 = 15
        // tab-size 0: the interval is the letter spacing, 2 px: the first tab is under half a space (2.25 px) from
        // its stop and goes on to 4; the next two add 2 each (not 4: only the first tab looks at the pen).
        #expect(try lineWidth("\t\t\tb", ["--letter-spacing", "2px", "--tab-size", "0"]) == "19.93181818181818")
        // A negative interval (−1 px): the run of tabs keeps the pen; a = 1588/176 − 1, b = 1748/176 − 1.
        #expect(try lineWidth("a\t\tb", ["--letter-spacing", "-1px", "--tab-size", "0"]) == "16.954545454545453")
        // A length does not count the spacing.
        #expect(try lineWidth("\t\tb", ["--letter-spacing", "1px", "--tab-size", "20px"]) == "50.93181818181818")
    }

    @Test("word-break keep-all keeps a Korean phrase whole; break-all breaks Latin words between letters")
    func wordBreak() throws {
        let korean = ["--model", "css", "--measure", "div", "--font", "fixtures/fonts/NotoSansCJKsc-Regular.subset.otf",
                      "--size", "16", "--width", "80"]
        // Hangul 920 units (14.72 px), space 224: 한국어 문장 = 5 × 14.72 + 3.584 = 77.184 fits 80 px.
        let normal = try CLIRun(korean + ["--lines", "한국어 문장은 단어를"])
        let keepAll = try CLIRun(korean + ["--lines", "--word-break", "keep-all", "한국어 문장은 단어를"])
        #expect(normal.stdout.contains(#"{"start":0,"length":6,"#))
        #expect(keepAll.stdout.contains(#"{"start":0,"length":4,"#))  // 한국어 : 문장은 would not fit after it
        let latin = ["--model", "css", "--measure", "div", "--size", "16", "--width", "60", "--lines"]
        #expect(try CLIRun(latin + ["abcdefghij klm"]).stdout.contains(#"{"start":0,"length":11,"#) == false)
        #expect(try CLIRun(latin + ["--word-break", "break-all", "abcdefghij"]).stdout.contains(#""lineCount":2"#))
    }

    @Test("overflow-wrap normal lets a word wider than the line overflow it")
    func overflowWrap() throws {
        let base = ["--model", "css", "--measure", "div", "--size", "16", "--width", "40"]
        // m = 2448 × 16 / 2816 = 13.909 px: two a line (27.8), so 8 make 4 lines, or 1 overflowing.
        #expect(try CLIRun(base + ["mmmmmmmm"]).stdout.contains(#""lineCount":4"#))
        #expect(try CLIRun(base + ["--overflow-wrap", "normal", "mmmmmmmm"]).stdout.contains(#""lineCount":1"#))
    }

    @Test("--lines writes lines in every result: [] for an empty div")
    func emptyLines() throws {
        let run = try CLIRun(["--model", "css", "--measure", "div", "--width", "100", "--lines", ""])
        #expect(run.stdout.hasSuffix(#""lines":[]}"# + "\n"))
    }

    @Test("batch reads the camelCase keys")
    func batchKeys() throws {
        let input = #"{"id":"a","text":"abc","model":"css","measure":"div","size":16,"width":1000,"lines":true,"letterSpacing":"10px"}"# + "\n"
        let run = try CLIRun(["batch"], stdin: Data(input.utf8))
        #expect(run.stdout.contains(#""width":57.88636363636364"#))
    }

    @Test("bad values exit 2 with one line", arguments: [
        (["--letter-spacing", "2"], "--letter-spacing must be a length in px or em (e.g. 1.5px, -0.02em), got '2'"),
        (["--word-spacing", "1"], "--word-spacing must be a length in px or em (e.g. 1.5px, -0.02em), got '1'"),
        (["--letter-spacing", "20000px"], "--letter-spacing must be within ±10000px or ±100em, got '20000px'"),
        (["--word-break", "keepall"], "--word-break must be one of normal, keep-all, break-all, break-word, got 'keepall'"),
        (["--line-break", "any"], "--line-break must be one of auto, loose, normal, strict, anywhere, got 'any'"),
        (["--overflow-wrap", "wrap"], "--overflow-wrap must be one of normal, break-word, anywhere, got 'wrap'"),
        (["--tab-size", "-1"], "--tab-size must be a number of spaces ≥ 0 or a length in px or em (≥ 0, ≤ 10000), got '-1'"),
        (["--tab-size", "nan"], "--tab-size must be a number of spaces ≥ 0 or a length in px or em (≥ 0, ≤ 10000), got 'nan'"),
        (["--text-spacing-trim", "trim-both"],
         "--text-spacing-trim must be one of normal, space-all, space-first, trim-start, got 'trim-both'"),
    ])
    func badValues(flags: [String], message: String) throws {
        let run = try CLIRun(["--model", "css", "--width", "300"] + flags + ["x"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("textheight: \(message)\n"))
    }

    @Test("the CSS text flags are refused under the other models")
    func otherModels() throws {
        let textkit = try CLIRun(["--width", "300", "--word-break", "keep-all", "x"])
        #expect(textkit.status == 2)
        #expect(textkit.stderr.hasPrefix("textheight: --word-break does not apply to --model textkit\n"))
        let android = try CLIRun(["--model", "android", "--width", "300", "--tab-size", "4", "x"])
        #expect(android.status == 2)
        #expect(android.stderr.hasPrefix("textheight: --tab-size does not apply to --model android\n"))
    }
}
