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
    ]

    var font: String?
    var fallbacks: [String] = []
    var size = 17.0

    mutating func apply(_ name: String, _ value: String) throws(UsageError) {
        switch name {
        case "font": font = value
        case "fallback": fallbacks.append(value)
        case "size": size = try Value.number(value, flag: "--size", above: true, atMost: 10_000)
        default: break
        }
    }

}
