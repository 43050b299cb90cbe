import Foundation
import Testing

/// `--preset`: each name against the flags it stands for, written out here from the research notes
/// (../shared/research/framework-presets.md), not read from the program's table.
@Suite("--preset on the command line")
struct PresetCLITests {
    static let expansions: [String: [String]] = [
        "uikit-textview": ["--model", "textkit", "--measure", "textview", "--size", "17", "--inset", "8,0,8,0", "--padding", "5"],
        "react-native-ios": ["--model", "textkit", "--measure", "textview", "--size", "14", "--inset", "5,0,0,0",
                             "--padding", "0", "--scale", "3"],
        "react-native-android": ["--model", "android", "--measure", "staticlayout", "--size", "14", "--inset", "10,4,11,4",
                                 "--include-font-padding", "true", "--fallback-line-spacing", "true",
                                 "--break-strategy", "high-quality"],
        // Compose: ui-text AndroidTextStyle (includeFontPadding false), ParagraphStyle (LineBreak.Simple),
        // DefaultFontSize 14 sp; Material 3 bodyLarge (TypeScaleTokens: 16 sp, 24 sp, 0.5 sp = 0.5/16 em),
        // DefaultLineHeightStyle (Center, Trim.None), TextFieldDefaults (16 dp padding, MinHeight 56 dp).
        "compose-basic": ["--model", "android", "--measure", "compose", "--size", "14", "--include-font-padding", "false",
                          "--break-strategy", "simple"],
        "compose-material3": ["--model", "android", "--measure", "compose-textfield", "--size", "16", "--line-height", "24",
                              "--line-height-style", "center,none", "--letter-spacing", "0.03125em", "--inset", "16",
                              "--min-height", "56", "--include-font-padding", "false"],
        "compose-material3-outlined": ["--model", "android", "--measure", "compose-textfield", "--size", "16",
                                       "--line-height", "24", "--line-height-style", "center,none",
                                       "--letter-spacing", "0.03125em", "--inset", "16", "--min-height", "56",
                                       "--include-font-padding", "false"],
        // Material Components: TextInputEditText styles (FilledBox 24/10 dp, base 17/17 dp, 16 dp sides),
        // TextAppearance.MaterialComponents.Subtitle1 (16 sp, letterSpacing 0.009375); an EditText.
        "material-components-filled": ["--model", "android", "--measure", "edittext", "--size", "16", "--inset", "24,16,10,16",
                                       "--letter-spacing", "0.009375em", "--include-font-padding", "true",
                                       "--break-strategy", "simple"],
        "material-components-outlined": ["--model", "android", "--measure", "edittext", "--size", "16",
                                         "--inset", "17,16,17,16", "--letter-spacing", "0.009375em",
                                         "--include-font-padding", "true", "--break-strategy", "simple"],
        "swiftui-textfield": ["--model", "textkit", "--measure", "textview", "--size", "17", "--inset", "0", "--padding", "0"],
        "web-textarea": ["--model", "css", "--measure", "textarea", "--font-family", "DejaVu Sans Mono", "--size", "13.333",
                         "--inset", "2", "--border", "1", "--line-height", "normal", "--min-lines", "2", "--max-lines", "2"],
        "flutter-material": ["--model", "flutter", "--measure", "textfield", "--decoration", "underline"],
        "flutter-cupertino": ["--model", "flutter", "--measure", "cupertino"],
        "flutter-chat": ["--model", "flutter", "--measure", "textfield", "--decoration", "collapsed", "--min-lines", "1",
                         "--max-lines", "5"],
    ]

    @Test("a preset gives the bytes of the flags it expands to, plus its name", arguments: expansions.keys.sorted())
    func expandsToItsFlags(_ name: String) throws {
        let onAndroid = name.hasSuffix("android") || name.hasPrefix("compose") || name.hasPrefix("material")
        let device = onAndroid ? ["--density", "2.625"] : []
        let rest = device + ["--width", "240,320", "--lines", "Running late, the train is stuck outside the station\nagain"]
        let viaPreset = try CLIRun(["--preset", name] + rest)
        let viaFlags = try CLIRun(PresetCLITests.expansions[name, default: []] + rest)
        #expect(viaPreset.status == viaFlags.status)
        #expect(viaPreset.stderr == viaFlags.stderr)
        #expect(viaPreset.stdout.replacingOccurrences(of: #","preset":"\#(name)""#, with: "") == viaFlags.stdout)
        if viaFlags.status == 0 { #expect(viaPreset.stdout.components(separatedBy: #""preset":"\#(name)""#).count == 3) }
    }

    @Test("every preset the program lists is tested here")
    func listedPresetsAreTested() throws {
        let listing = try CLIRun(["--list-presets"])
        #expect(listing.status == 0)
        let names = listing.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init)
        #expect(names.sorted() == PresetCLITests.expansions.keys.sorted())
    }

    @Test("a flag given wins over the preset's, and so does its alternative")
    func userFlagsWin() throws {
        // flutter-chat's maxLines 5 (120) replaced by 3: 3 × 24.
        let chat = try CLIRun(["--preset", "flutter-chat", "--max-lines", "3", "--width", "360", "a"])
        #expect(chat.stdout.contains(#""maxHeight":72,"#))
        // --font replaces web-textarea's --font-family instead of clashing with it.
        let textarea = try CLIRun(["--preset", "web-textarea", "--font", "fixtures/fonts/DejaVuSansMono.ttf", "--width", "300", "hi"])
        #expect(textarea.status == 0)
        #expect(textarea.stdout.contains(#""preset":"web-textarea""#))
        // compose-material3's --min-height 56 gives way to a given one: at density 1 a line is
        // 16 + 24 + 16 = 56 px, raised to 100.
        let field = try CLIRun(["--preset", "compose-material3", "--density", "1", "--min-height", "100",
                                "--width", "360", "a"])
        #expect(field.stdout.hasPrefix(#"{"boxHeight":100,"#))
        // A batch case's preset, with the command line's width.
        let batch = try CLIRun(["batch", "--width", "360"], stdin: Data(#"{"id":"c","text":"a","preset":"flutter-chat","maxLines":2}"#.utf8 + [10]))
        #expect(batch.stdout.contains(#""maxHeight":48,"#))
        #expect(batch.stdout.contains(#""preset":"flutter-chat""#))
    }

    @Test("an unknown preset, or one without the flag it needs, is a usage error naming what is wrong")
    func refusals() throws {
        let unknown = try CLIRun(["--preset", "nope", "--width", "300", "a"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown preset 'nope'; known: uikit-textview, react-native-ios"))
        let android = try CLIRun(["--preset", "react-native-android", "--width", "300", "a"])
        #expect(android.status == 2)
        #expect(android.stderr.contains("--preset react-native-android needs --density"))
        let bash = try CLIRun(["--completions", "bash"])
        #expect(bash.stdout.contains("flutter-chat"))
    }

    @Test("check records each preset a golden file uses with its flags, and names one that changed")
    func provenance() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("textheight-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("cases.jsonl").path
        let recorded = #"{"provenance":{"presets":{"flutter-chat":"--model flutter --max-lines 4"}}}"#
        try (recorded + "\n" + #"{"id":"x","text":"Hi","width":360,"preset":"flutter-chat","expect":{"boxHeight":1}}"# + "\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let run = try CLIRun(["check", file])
        // (Display.value shortens the new line.)
        #expect(run.stdout.contains("preset flutter-chat changed since recording (\"--model flutter --max-lines 4\" → \"--model flutter --measure textfield"))
        _ = try CLIRun(["check", file, "--update"], environment: ["CI": ""])
        let rewritten = try String(contentsOfFile: file, encoding: .utf8)
        #expect(rewritten.contains(#""presets":{"flutter-chat":"--model flutter --measure textfield --decoration collapsed --min-lines 1 --max-lines 5"}"#))
    }
}
