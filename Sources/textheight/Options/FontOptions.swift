import TextHeight

/// `--font`, `--size`.
struct FontOptions: OptionGroup {
    static let title = "FONT OPTIONS"
    static let options = [
        OptionSpec(name: "font", value: "<path[#index]>",
                   help: "Font file: TTF, OTF, or a face of a TTC collection (default: embedded Inter Regular)"),
        OptionSpec(name: "fallback", value: "<path[#index]>",
                   help: "A fallback font for characters the font lacks; repeat for a chain, first match wins",
                   repeatable: true),
        OptionSpec(name: "size", value: "<pt>", help: "Font size in points (default: 17)"),
        OptionSpec(name: "lang", value: "<bcp47>",
                   help: "Language of the text (ja, zh-Hans, ko, …): ICU line-break tailoring and localized glyphs"),
    ]

    var font: String?
    var fallbacks: [String] = []
    var size = 17.0
    var language: String?

    mutating func apply(_ name: String, _ value: String) throws(UsageError) {
        switch name {
        case "font": font = value
        case "fallback": fallbacks.append(value)
        case "lang":
            // BCP 47 letters, digits and hyphens only: the tag reaches ICU's locale syntax.
            guard !value.isEmpty, value.count <= 35,
                  value.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") })
            else { throw UsageError("--lang must be a BCP 47 language tag such as ja or zh-Hans, got '\(value)'") }
            language = value
        case "size": size = try Value.number(value, flag: "--size", above: true, atMost: 10_000)
        default: break
        }
    }

}
