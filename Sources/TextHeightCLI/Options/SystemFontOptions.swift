import TextHeight

/// What CoreText and Chromium do to a font at a size beyond the file: variation axes, optical
/// size, tracking, Dynamic Type (`--weight`, `--variation`, `--optical-size`, `--tracking`,
/// `--kern`, `--text-style`, `--content-size-category`).
struct SystemFontOptions: OptionGroup {
    static let title = "SYSTEM FONT AND VARIATION OPTIONS"
    static let options = [
        OptionSpec(name: "weight", value: "<wght|name>",
                   help: "wght axis: a number 1–1000 (CSS font-weight), or textkit: a UIFont.Weight name (ultraLight … black)",
                   kind: .of(SystemFont.Weight.self)),
        OptionSpec(name: "variation", value: "<tag=v[,…]>",
                   help: "Variation axes, applied last: font-variation-settings / kCTFontVariationAttribute (wght=650,opsz=17)"),
        OptionSpec(name: "optical-size", value: "<auto|none|v>",
                   help: "opsz axis: auto = the size (CoreText pt, CSS px), none = the axis default, or a value (default: auto)",
                   kind: .choices(["auto", "none"])),
        OptionSpec(name: "tracking", value: "<pt>",
                   help: "textkit: NSAttributedString .tracking, points per glyph over the font's trak; hangs after a line's last glyph (default: 0)"),
        OptionSpec(name: "kern", value: "<pt>",
                   help: "textkit: NSAttributedString .kern, points per glyph; ignored under a non-zero --tracking (default: 0)"),
        OptionSpec(name: "text-style", value: "<style>",
                   help: "textkit: UIFont.preferredFont(forTextStyle:) size and weight, instead of --size",
                   kind: .of(TextStyle.self)),
        OptionSpec(name: "content-size-category", value: "<category>",
                   help: "textkit: the Dynamic Type category of --text-style (default: large)",
                   kind: .of(ContentSizeCategory.self)),
    ]

    /// Flags the CSS and Android models refuse: CoreText's attributes and UIKit's font API.
    static let textKitOnly: Set<String> = ["tracking", "kern", "text-style", "content-size-category"]

    var weight: Double?
    /// The UIFont.Weight name given to `--weight`, if a name was given.
    var weightName: SystemFont.Weight?
    var axes: [FontVariation] = []
    var opticalSizing = OpticalSizing.auto
    var tracking = 0.0
    var kern = 0.0
    var textStyle: TextStyle?
    var category: ContentSizeCategory?
    var given: Set<String> = []

    mutating func apply(_ name: String, _ value: String) throws(UsageError) {
        given.insert(name)
        switch name {
        case "weight":
            if let named = SystemFont.Weight(rawValue: value) {
                weightName = named
                weight = named.wght
            } else {
                guard let number = Double(value), number.isFinite, number >= 1, number <= 1000 else {
                    let names = SystemFont.Weight.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError("--weight must be a number from 1 to 1000 or one of \(names), got '\(value)'")
                }
                weight = number
            }
        case "variation":
            axes = []
            for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, isVariationTag(String(parts[0])), let number = Double(parts[1]),
                      number.isFinite, abs(number) <= 100_000
                else {
                    throw UsageError("--variation takes comma-separated TAG=VALUE pairs with 4-character tags (wght=650,opsz=17), got '\(value)'")
                }
                axes.append(FontVariation(tag: String(parts[0]), value: number))
            }
        case "optical-size":
            switch value {
            case "auto": opticalSizing = .auto
            case "none": opticalSizing = .none
            default:
                guard let number = Double(value), number.isFinite, number > 0, number <= 10_000 else {
                    throw UsageError("--optical-size must be auto, none or a number > 0 and ≤ 10000, got '\(value)'")
                }
                opticalSizing = .fixed(number)
            }
        case "tracking": tracking = try Value.number(value, flag: "--tracking", atLeast: -1000, atMost: 1000)
        case "kern": kern = try Value.number(value, flag: "--kern", atLeast: -1000, atMost: 1000)
        case "text-style": textStyle = try Value.choice(value, flag: "--text-style", as: TextStyle.self)
        case "content-size-category":
            category = try Value.choice(value, flag: "--content-size-category", as: ContentSizeCategory.self)
        default: break
        }
    }

    /// The variation settings every font of the chain gets (CSS applies font-weight,
    /// font-optical-sizing and font-variation-settings to fallback fonts too). A text style
    /// brings its weight (headline: semibold) unless `--weight` is given.
    var variationSettings: VariationSettings {
        VariationSettings(weight: weight ?? textStyle.map { $0.weight.wght }, opticalSizing: opticalSizing, axes: axes)
    }

    /// CoreText's spacing for the TextKit model: the font's `trak`, `.kern`, `.tracking`.
    var spacing: GlyphSpacing { GlyphSpacing(fontTracking: true, kern: kern, tracking: tracking) }

    /// The size the fonts are set at: the text style's at its category, or `--size`.
    func size(font: FontOptions) throws(UsageError) -> Double {
        guard let textStyle else {
            if category != nil { throw UsageError("--content-size-category needs --text-style") }
            return font.size
        }
        if font.sizeGiven { throw UsageError("--size and --text-style both set the size; give one") }
        return textStyle.pointSize(at: category ?? .large)
    }

    /// Refuses what the model does not have: CoreText's attributes and UIKit names under CSS and Android.
    func check(model: ModelOptions.ModelName) throws(UsageError) {
        guard model != .textkit else { return }
        if let flag = given.intersection(SystemFontOptions.textKitOnly).sorted().first {
            throw UsageError("--\(flag) does not apply to --model \(model.rawValue)")
        }
        if let weightName {
            throw UsageError("--weight \(weightName.rawValue) is a UIFont.Weight name; --model \(model.rawValue) takes a number from 1 to 1000")
        }
    }
}
