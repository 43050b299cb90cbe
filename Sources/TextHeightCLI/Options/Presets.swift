/// Named sets of flag defaults for the text fields apps ship (`--preset`, batch key `preset`). A preset only
/// fills in flags: a flag given on the command line or in a batch case wins over it, and so does its
/// alternative (`--font` over a preset's `--font-family`). The numbers and their sources:
/// ../shared/research/framework-presets.md; docs/presets.md.
struct Preset {
    let name: String
    /// One line: what the preset stands for.
    let summary: String
    /// Where its numbers come from.
    let source: String
    /// Flags the preset cannot choose for the user (a device's density).
    var requires: [String] = []
    let flags: [(name: String, value: String)]

    static let all: [Preset] = [
        Preset(name: "uikit-textview",
               summary: "UIKit UITextView as created: textContainerInset 8,0,8,0, lineFragmentPadding 5, the system font's 17 pt body size",
               source: "UITextView defaults (Apple docs; NextGrowingTextView#15, GrowingTextView#65)",
               flags: [("model", "textkit"), ("measure", "textview"), ("size", "17"), ("inset", "8,0,8,0"), ("padding", "5")]),
        Preset(name: "react-native-ios",
               summary: "React Native <TextInput multiline> on iOS: 14 pt, paddingTop 5 as textContainerInset, lineFragmentPadding 0, heights ceiled to @3x pixels",
               source: "react-native TextInput.js (multilineInput paddingTop 5), RCTUITextView.mm (lineFragmentPadding 0), TextAttributes.cpp (fontSize 14), RCTTextLayoutManager.mm (ceil to pointScaleFactor)",
               flags: [("model", "textkit"), ("measure", "textview"), ("size", "14"), ("inset", "5,0,0,0"), ("padding", "0"),
                       ("scale", "3")]),
        Preset(name: "react-native-android",
               summary: "React Native <TextInput multiline> on Android (new architecture): 14 sp, the theme's EditText padding 10,4,11,4 dp, font padding and fallback spacing on, high-quality breaking",
               source: "ReactEditText.kt, TextAttributeProps (HIGH_QUALITY), AppCompat EditText theme padding (derived, not a dimension)",
               requires: ["density"],
               flags: [("model", "android"), ("measure", "staticlayout"), ("size", "14"), ("inset", "10,4,11,4"),
                       ("include-font-padding", "true"), ("fallback-line-spacing", "true"), ("break-strategy", "high-quality")]),
        Preset(name: "compose-basic",
               summary: "Jetpack Compose BasicTextField with the default TextStyle: 14 sp, no line height, includeFontPadding off (Compose 1.6+), fallback line spacing on, simple breaking",
               source: "androidx ui-text: AndroidParagraph (fallbackLineSpacing = true), AndroidTextStyle (DefaultIncludeFontPadding = false), ParagraphStyle (LineBreak.Simple, Hyphens.None), DefaultFontSize 14 sp; foundation: HeightInLinesModifier, TextFieldSize",
               requires: ["density"],
               flags: [("model", "android"), ("measure", "compose"), ("size", "14"), ("include-font-padding", "false"),
                       ("break-strategy", "simple")]),
        Preset(name: "compose-material3",
               summary: "Material 3 TextField without label: bodyLarge 16 sp, line height 24 sp, LineHeightStyle(Center, Trim.None), 0.5 sp tracking (0.03125 em), 16 dp padding, at least 56 dp",
               source: "androidx material3: TextField.kt (calculateHeight, defaultMinSize), TextFieldDefaults (MinHeight 56 dp, contentPaddingWithoutLabel 16 dp), TextFieldImpl.kt (MinTextLineHeight 24 dp), tokens/TypeScaleTokens.kt (BodyLarge), tokens/TypographyTokens.kt (DefaultLineHeightStyle)",
               requires: ["density"],
               flags: [("model", "android"), ("measure", "compose-textfield"), ("size", "16"), ("line-height", "24"),
                       ("line-height-style", "center,none"), ("letter-spacing", "0.03125em"), ("inset", "16"),
                       ("min-height", "56"), ("include-font-padding", "false")]),
        Preset(name: "compose-material3-outlined",
               summary: "Material 3 OutlinedTextField without label: the same box as TextField's (16 dp padding, 56 dp minimum, bodyLarge); the outline adds nothing without a label",
               source: "androidx material3: OutlinedTextField.kt (calculateHeight: no label, no top padding), OutlinedTextFieldDefaults (MinHeight 56 dp, contentPadding 16 dp)",
               requires: ["density"],
               flags: [("model", "android"), ("measure", "compose-textfield"), ("size", "16"), ("line-height", "24"),
                       ("line-height-style", "center,none"), ("letter-spacing", "0.03125em"), ("inset", "16"),
                       ("min-height", "56"), ("include-font-padding", "false")]),
        Preset(name: "material-components-filled",
               summary: "Material Components TextInputEditText in a filled TextInputLayout, no hint: an EditText, Subtitle1 16 sp with 0.009375 em letter spacing, padding 24,16,10,16 dp; TextInputLayout's label space not counted",
               source: "material-components-android textfield styles.xml (Widget.MaterialComponents.TextInputEditText.FilledBox), typography styles.xml (TextAppearance.MaterialComponents.Subtitle1)",
               requires: ["density"],
               flags: [("model", "android"), ("measure", "edittext"), ("size", "16"), ("inset", "24,16,10,16"),
                       ("letter-spacing", "0.009375em"), ("include-font-padding", "true"), ("break-strategy", "simple")]),
        Preset(name: "material-components-outlined",
               summary: "Material Components TextInputEditText in an outlined TextInputLayout, no hint: as filled with padding 17,16,17,16 dp; TextInputLayout's label margin not counted",
               source: "material-components-android textfield styles.xml (Base.Widget.MaterialComponents.TextInputEditText, …OutlinedBox)",
               requires: ["density"],
               flags: [("model", "android"), ("measure", "edittext"), ("size", "16"), ("inset", "17,16,17,16"),
                       ("letter-spacing", "0.009375em"), ("include-font-padding", "true"), ("break-strategy", "simple")]),
        Preset(name: "swiftui-textfield",
               summary: "SwiftUI TextField(axis: .vertical), UNVERIFIED: a UITextView at 17 pt (.body) assumed to have no insets and no line fragment padding",
               source: "swiftui-introspect (the view is a UITextView); SwiftUI's own insets are not published",
               flags: [("model", "textkit"), ("measure", "textview"), ("size", "17"), ("inset", "0"), ("padding", "0")]),
        Preset(name: "web-textarea",
               summary: "Chromium's <textarea> as the user-agent style leaves it: 13.333 px monospace (DejaVu Sans Mono on Linux; --font for another system's), padding 2, border 1, rows=2",
               source: "Blink html.css (textarea), LayoutTextControl (rows × line height), fontconfig's monospace on Debian",
               flags: [("model", "css"), ("measure", "textarea"), ("font-family", "DejaVu Sans Mono"), ("size", "13.333"), ("inset", "2"),
                       ("border", "1"), ("line-height", "normal"), ("min-lines", "2"), ("max-lines", "2")]),
        Preset(name: "flutter-material",
               summary: "Flutter Material 3 TextField: bodyLarge 16 px, height 1.5, letter spacing 0.5, underline InputDecorator",
               source: "material/text_field.dart, input_decorator.dart, typography.dart (englishLike2021)",
               flags: [("model", "flutter"), ("measure", "textfield"), ("decoration", "underline")]),
        Preset(name: "flutter-cupertino",
               summary: "Flutter CupertinoTextField: 17 px, letter spacing −0.41, padding 7",
               source: "cupertino/text_field.dart, cupertino/text_theme.dart",
               flags: [("model", "flutter"), ("measure", "cupertino")]),
        Preset(name: "flutter-chat",
               summary: "A Flutter chat bar: TextField(minLines: 1, maxLines: 5, decoration: InputDecoration.collapsed(...))",
               source: "material/text_field.dart, editable.dart (RenderEditable's clamp)",
               flags: [("model", "flutter"), ("measure", "textfield"), ("decoration", "collapsed"), ("min-lines", "1"),
                       ("max-lines", "5")]),
    ]

    static var names: [String] { all.map(\.name) }

    /// Flags that set the same thing: a user's flag drops the preset's alternatives too.
    static let alternatives: [Set<String>] = [
        ["font", "font-family"], ["size", "text-style"], ["min-lines", "min-height"], ["max-lines", "max-height"],
    ]

    static func named(_ name: String) throws(UsageError) -> Preset {
        guard let preset = all.first(where: { $0.name == name }) else {
            throw UsageError("unknown preset '\(name)'; known: \(names.joined(separator: ", "))")
        }
        return preset
    }

    /// `parsed` with the preset's flags that no given flag overrides put ahead of the given ones, so each option
    /// group reads them first and the user's after (`MeasureOptions.init`).
    static func expand(_ parsed: ParsedArguments) throws(UsageError) -> ParsedArguments {
        guard let name = parsed.options.last(where: { $0.name == "preset" })?.value else { return parsed }
        let preset = try named(name)
        var given = Set(parsed.options.map(\.name))
        if let missing = preset.requires.first(where: { !given.contains($0) }) {
            throw UsageError("--preset \(name) needs --\(missing) (the device's px per dp)")
        }
        for group in alternatives where !group.isDisjoint(with: given) { given.formUnion(group) }
        var expanded = parsed
        expanded.options = preset.flags.filter { !given.contains($0.name) } + parsed.options
        return expanded
    }

    /// The flags as a command line would give them (`--inset 8,0,8,0 …`), the required ones last.
    var flagLine: String {
        (flags.map { "--\($0.name) \($0.value)" } + requires.map { "--\($0) <required>" }).joined(separator: " ")
    }

    /// `textheight --list-presets`: each preset, its flags, what it stands for and its source.
    static func listing() -> String {
        all.map { "\($0.name)\n  \($0.flagLine)\n  \($0.summary)\n  source: \($0.source)\n" }.joined(separator: "\n")
    }
}
