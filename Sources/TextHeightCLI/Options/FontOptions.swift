import TextHeight

/// `--font`, `--size`.
struct FontOptions: OptionGroup {
    static let title = "FONT OPTIONS"
    static let options = [
        OptionSpec(name: "font", value: "<path[#index]>",
                   help: "Font file: TTF, OTF, or a face of a TTC collection (default: embedded Inter Regular)",
                   kind: .file),
        OptionSpec(name: "font-family", value: "<name>", help: "The font by family name, through fontconfig"),
        OptionSpec(name: "display-font", value: "<path[#index]>",
                   help: "textkit: the SF Pro Display file the system font uses from 20 pt; --font is then SF Pro Text",
                   kind: .file),
        OptionSpec(name: "fallback", value: "<path[#index]>",
                   help: "A fallback font for characters the font lacks; repeat for a chain, first match wins",
                   repeatable: true, kind: .file),
        OptionSpec(name: "fallback-family", value: "<name>",
                   help: "A fallback font by family name, through fontconfig; joins the chain in command-line order",
                   repeatable: true),
        OptionSpec(name: "size", value: "<pt>", help: "Font size in points (default: 17; flutter: 16 textfield, 17 cupertino, 14 paragraph)"),
        OptionSpec(name: "strict-glyphs", value: nil,
                   help: "Fail (exit 3) when a character has no glyph in any font, instead of measuring .notdef"),
        OptionSpec(name: "lang", value: "<bcp47>",
                   help: "Language of the text (ja, zh-Hans, ko, …): ICU line-break tailoring and localized glyphs"),
    ]

    var font: String?
    var family: String?
    /// Fallback paths, or `family:NAME` for a fontconfig family, in command-line order.
    var fallbacks: [String] = []
    var size = 17.0
    var sizeGiven = false
    /// The Display half of a static Text/Display pair (TextKit only).
    var displayFont: String?
    var language: String?
    var strictGlyphs = false

    static let familyPrefix = "family:"

    mutating func apply(_ name: String, _ value: String) throws(UsageError) {
        switch name {
        case "font":
            guard family == nil else { throw UsageError("give either --font or --font-family, not both") }
            font = value
        case "font-family":
            guard font == nil else { throw UsageError("give either --font or --font-family, not both") }
            family = value
        case "fallback": fallbacks.append(value)
        case "strict-glyphs": strictGlyphs = true
        case "fallback-family": fallbacks.append(FontOptions.familyPrefix + value)
        case "lang":
            // BCP 47 letters, digits and hyphens only: the tag reaches ICU's locale syntax.
            guard !value.isEmpty, value.count <= 35,
                  value.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") })
            else { throw UsageError("--lang must be a BCP 47 language tag such as ja or zh-Hans, got '\(value)'") }
            language = value
        case "size":
            size = try Value.number(value, flag: "--size", above: true, atMost: 10_000)
            sizeGiven = true
        case "display-font": displayFont = value
        default: break
        }
    }

}
