import Foundation
import Testing

/// The system-font flags end to end. Numbers are hand arithmetic on the fixtures' tables (fontTools):
/// DejaVu Sans Mono derivatives advance 1233 of 2048 units a glyph, hhea 1901 / −483 / 0, so a line
/// is 2384 × size / 2048 tall; TrakSTAT-Mono's normal track is −47 units at 17 pt;
/// VarOpszWght-Mono adds 308 units at opsz 32 and 200 at wght 700 (see the Tracking and Variations
/// suites for the rules).
@Suite("System font flags: tracking, variations, text styles, Text/Display pairs")
struct SystemFontCLITests {
    static let trak = "fixtures/fonts/TrakSTAT-Mono.ttf"
    static let variable = "fixtures/fonts/VarOpszWght-Mono.ttf"

    @Test("trak is applied and reported in TextKit: \"Hello\" at 17 pt = 5 × 1186 × 17 / 2048 wide")
    func tracking() throws {
        let run = try CLIRun(["--font", SystemFontCLITests.trak, "--width", "343", "--lines", "Hello"])
        #expect(run.stdout == #"{"boxHeight":36,"contentHeight":36,"lineCount":1,"scrolls":false,"textHeight":19.7890625,"lineHeight":19.7890625,"width":343,"wrapWidth":333,"model":"textkit","measure":"textview","tracking":-0.39013671875,"lines":[{"start":0,"length":5,"width":49.2236328125,"top":0,"height":19.7890625}]}"# + "\n")
        // --tracking 1 adds to the font's −0.3901 pt; --kern is then ignored; tracking after the last
        // glyph is trailing white space (Apple's .tracking docs).
        let explicit = try CLIRun(["--font", SystemFontCLITests.trak, "--width", "343", "--lines", "--tracking", "1",
                                   "--kern", "5", "Hello"])
        #expect(explicit.stdout.contains(#""tracking":0.60986328125,"#))
        #expect(explicit.stdout.contains(#""width":53.2236328125,"#))  // 49.2236 + 4 × 1: the last one hangs
        // Chromium ignores trak: nothing is reported, the line is 5 × 1233 × 17 / 2048 = 51.1743…
        let css = try CLIRun(["--model", "css", "--size", "17", "--font", SystemFontCLITests.trak, "--width", "343", "--lines", "Hello"])
        #expect(!css.stdout.contains("tracking") && css.stdout.contains(#""width":51.17431640625,"#))
    }

    @Test("variable fonts report their coordinates; --text-style headline brings UIFont.Weight.semibold (wght 590)")
    func variations() throws {
        let run = try CLIRun(["--font", SystemFontCLITests.variable, "--text-style", "headline", "--width", "343", "--lines", "Hello"])
        // opsz 17: +77; wght 590: n = 190/300 → F2DOT14 10377/16384, × 200 = 126.67 → +127: 1437 units.
        #expect(run.stdout.contains(#""fontSize":17,"fontVariations":{"opsz":17,"wght":590},"#))
        #expect(run.stdout.contains(#""width":59.64111328125,"#))  // 5 × 1437 × 17 / 2048
        let css = try CLIRun(["--model", "css", "--font", SystemFontCLITests.variable, "--size", "40", "--weight", "700",
                              "--optical-size", "none", "--width", "343", "Hello"])
        #expect(css.stdout.contains(#""fontVariations":{"opsz":12,"wght":700}"#))
        let pinned = try CLIRun(["--font", SystemFontCLITests.variable, "--variation", "opsz=22,wght=400", "--weight", "bold",
                                 "--width", "343", "Hello"])
        #expect(pinned.stdout.contains(#""fontVariations":{"opsz":22,"wght":400}"#))
    }

    @Test("Dynamic Type: body at accessibilityExtraLarge (AX3) is 40 pt (HIG table)")
    func dynamicType() throws {
        let run = try CLIRun(["--text-style", "body", "--content-size-category", "accessibilityExtraLarge", "--width", "343", "Hi"])
        // Inter: 3408 × 40 / 2816 = 48.409…; ceil(48.409 + 16) = 65.
        #expect(run.stdout.hasPrefix(#"{"boxHeight":65,"contentHeight":65,"#))
        #expect(run.stdout.contains(#""fontSize":40}"#))
    }

    @Test("a Text/Display pair: the Display file from 20 pt")
    func displayPair() throws {
        let base = ["--font", "fixtures/fonts/DejaVuSansMono.ttf", "--display-font", "fixtures/fonts/DejaVuSans.ttf",
                    "--width", "343", "x"]
        #expect(try CLIRun(base + ["--size", "19.5"]).stdout.contains(#""fontFile":"fixtures/fonts/DejaVuSansMono.ttf""#))
        #expect(try CLIRun(base + ["--size", "20"]).stdout.contains(#""fontFile":"fixtures/fonts/DejaVuSans.ttf""#))
    }

    @Test("batch takes every flag under its camelCase key; check records the variable font's axes")
    func batchAndCheck() throws {
        let input = #"{"id":"v","text":"Hello","width":343,"font":"fixtures/fonts/VarOpszWght-Mono.ttf","textStyle":"body","contentSizeCategory":"extraSmall","weight":"bold","opticalSize":"20","variation":"wght=500","tracking":0.5,"kern":1}"# + "\n"
        let run = try CLIRun(["batch"], stdin: Data(input.utf8))
        #expect(run.status == 0)
        #expect(run.stdout.contains(#""fontSize":14,"fontVariations":{"opsz":20,"wght":500},"tracking":0.5}"#))
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("th-sysfont-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Data(input.utf8).write(to: scratch)
        #expect(try CLIRun(["check", scratch.path, "--update"]).status == 0)
        let golden = try String(contentsOf: scratch, encoding: .utf8)
        #expect(golden.contains(#""variableFonts":{"fixtures/fonts/VarOpszWght-Mono.ttf":"opsz 8…12…32, wght 400…400…700"}"#))
        #expect(try CLIRun(["check", scratch.path]).status == 0)
    }

    static let usage = "\nTry 'textheight --help' for more information.\n"

    @Test("bad values: exit 2 and one line naming the flag", arguments: [
        (["--weight", "0"], "--weight must be a number from 1 to 1000 or one of ultraLight, thin, light, regular, medium, semibold, bold, heavy, black, got '0'"),
        (["--weight", "heavyish"], "--weight must be a number from 1 to 1000 or one of ultraLight, thin, light, regular, medium, semibold, bold, heavy, black, got 'heavyish'"),
        (["--variation", "wgh=3"], "--variation takes comma-separated TAG=VALUE pairs with 4-character tags (wght=650,opsz=17), got 'wgh=3'"),
        (["--variation", "wght=nan"], "--variation takes comma-separated TAG=VALUE pairs with 4-character tags (wght=650,opsz=17), got 'wght=nan'"),
        (["--optical-size", "big"], "--optical-size must be auto, none or a number > 0 and ≤ 10000, got 'big'"),
        (["--tracking", "inf"], "--tracking must be a finite number ≥ -1000 and ≤ 1000, got 'inf'"),
        (["--kern", "x"], "--kern must be a finite number ≥ -1000 and ≤ 1000, got 'x'"),
        (["--text-style", "bodyx"], "--text-style must be one of largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2, got 'bodyx'"),
        (["--text-style", "body", "--content-size-category", "huge"], "--content-size-category must be one of extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge, accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge, got 'huge'"),
        (["--content-size-category", "large"], "--content-size-category needs --text-style"),
        (["--text-style", "body", "--size", "17"], "--size and --text-style both set the size; give one"),
        (["--model", "css", "--tracking", "1"], "--tracking does not apply to --model css"),
        (["--model", "css", "--text-style", "body"], "--text-style does not apply to --model css"),
        (["--model", "css", "--weight", "semibold"], "--weight semibold is a UIFont.Weight name; --model css takes a number from 1 to 1000"),
        (["--model", "css", "--display-font", "fixtures/fonts/DejaVuSans.ttf"], "--display-font does not apply to --model css"),
    ])
    func badValues(arguments: [String], message: String) throws {
        let run = try CLIRun(arguments + ["--width", "300", "x"])
        #expect(run.status == 2)
        #expect(run.stderr == "textheight: " + message + SystemFontCLITests.usage)
        #expect(run.stdout.isEmpty)
    }

    @Test("a missing Display file is a font error (exit 3) once the size reaches it")
    func missingDisplay() throws {
        let run = try CLIRun(["--display-font", "fixtures/fonts/none.ttf", "--size", "20", "--width", "300", "x"])
        #expect(run.status == 3 && run.stderr == "textheight: font 'fixtures/fonts/none.ttf' does not exist\n")
    }
}
