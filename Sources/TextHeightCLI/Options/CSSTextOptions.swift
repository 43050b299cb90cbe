import TextHeight

/// The CSS text properties of `--model css`: `--letter-spacing`, `--word-spacing`, `--word-break`,
/// `--line-break`, `--overflow-wrap`, `--tab-size`, `--text-spacing-trim`.
struct CSSTextOptions: OptionGroup {
    static let title = "CSS TEXT OPTIONS"
    static let options = [
        OptionSpec(name: "letter-spacing", value: "<Npx|Nem>", help: "css: letter-spacing in px or em, negative allowed (default: 0); flutter: TextStyle.letterSpacing, px (default: 0.5 textfield, -0.41 cupertino, 0 paragraph); android: TextView.setLetterSpacing, em (default: 0; 0.03125em compose-textfield)"),
        OptionSpec(name: "word-spacing", value: "<Npx|Nem>", help: "css: word-spacing, negative allowed (default: 0)"),
        OptionSpec(name: "word-break", value: "<kind>",
                   help: "css: normal, keep-all, break-all or break-word (default: normal)",
                   kind: .of(CSSText.WordBreak.self)),
        OptionSpec(name: "line-break", value: "<kind>",
                   help: "css: auto, loose, normal, strict or anywhere; with --lang as Chromium tailors it (default: auto)",
                   kind: .of(CSSText.LineBreak.self)),
        OptionSpec(name: "overflow-wrap", value: "<kind>",
                   help: "css: normal (long words overflow), break-word or anywhere (default: break-word)",
                   kind: .of(CSSText.OverflowWrap.self)),
        OptionSpec(name: "tab-size", value: "<n|Npx|Nem>", help: "css: tab-size, spaces or a length (default: 8)"),
        OptionSpec(name: "text-spacing-trim", value: "<kind>",
                   help: "css: normal, space-all, space-first or trim-start (default: normal)",
                   kind: .of(CSSText.TextSpacingTrim.self)),
    ]

    var text = CSSText()
    /// The flags given, refused under `--model textkit`.
    var given: Set<String> = []

    mutating func apply(_ name: String, _ value: String) throws(UsageError) {
        given.insert(name)
        switch name {
        case "letter-spacing": text.letterSpacing = try CSSTextOptions.length(value, flag: "--letter-spacing")
        case "word-spacing": text.wordSpacing = try CSSTextOptions.length(value, flag: "--word-spacing")
        case "word-break": text.wordBreak = try Value.choice(value, flag: "--word-break", as: CSSText.WordBreak.self)
        case "line-break": text.lineBreak = try Value.choice(value, flag: "--line-break", as: CSSText.LineBreak.self)
        case "overflow-wrap":
            text.overflowWrap = try Value.choice(value, flag: "--overflow-wrap", as: CSSText.OverflowWrap.self)
        case "tab-size":
            guard let size = CSSText.TabSize(css: value), CSSTextOptions.isModest(size) else {
                throw UsageError("--tab-size must be a number of spaces ≥ 0 or a length in px or em (≥ 0, ≤ 10000), got '\(value)'")
            }
            text.tabSize = size
        case "text-spacing-trim":
            text.textSpacingTrim = try Value.choice(value, flag: "--text-spacing-trim", as: CSSText.TextSpacingTrim.self)
        default: break
        }
    }

    /// A length as CSS writes it (`2px`, `-0.05em`, `0`, `normal`), within ±10000 px or ±100 em.
    private static func length(_ value: String, flag: String) throws(UsageError) -> CSSText.Length {
        guard let length = CSSText.Length(css: value) else {  // `normal` is 0 for both properties
            throw UsageError("\(flag) must be a length in px or em (e.g. 1.5px, -0.02em), got '\(value)'")
        }
        switch length {
        case .px(let px) where abs(px) > 10_000, .em(let px) where abs(px) > 100:
            throw UsageError("\(flag) must be within ±10000px or ±100em, got '\(value)'")
        default: return length
        }
    }

    private static func isModest(_ size: CSSText.TabSize) -> Bool {
        switch size {
        case .spaces(let n): return n <= 10_000
        case .length(.px(let px)): return px <= 10_000
        case .length(.em(let em)): return em <= 100
        }
    }
}
