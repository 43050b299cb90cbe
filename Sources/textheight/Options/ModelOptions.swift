import TextHeight

/// The platform model and the box: `--model`, `--measure`, `--width`, insets, line heights, scale.
struct ModelOptions: OptionGroup {
    static let title = "MODEL OPTIONS"
    static let options = [
        OptionSpec(name: "width", value: "<pt[,pt…]>", help: "The view's outer width; a list measures each (required)"),
        OptionSpec(name: "model", value: "<name>",
                   help: "textkit (iOS UITextView) or css (a Chromium <textarea>/<div>) (default: textkit)",
                   kind: .of(ModelName.self)),
        OptionSpec(name: "measure", value: "<kind>",
                   help: "textkit: textview or boundingrect (default: textview); css: textarea or div (default: textarea)",
                   kind: .choices(measureNames)),
        OptionSpec(name: "inset", value: "<t[,r[,b[,l]]]>",
                   help: "textkit: textContainerInset (default: 8,0,8,0 textview, 0 boundingrect); css: padding (default: 0); CSS order"),
        OptionSpec(name: "padding", value: "<pt>",
                   help: "lineFragmentPadding at both line ends (default: 5 for textview, 0 for boundingrect)"),
        OptionSpec(name: "line-height-multiple", value: "<x>", help: "NSParagraphStyle.lineHeightMultiple (default: 0, off)"),
        OptionSpec(name: "line-spacing", value: "<pt>", help: "NSParagraphStyle.lineSpacing (default: 0)"),
        OptionSpec(name: "min-line-height", value: "<pt>", help: "NSParagraphStyle.minimumLineHeight (default: 0, off)"),
        OptionSpec(name: "max-line-height", value: "<pt>", help: "NSParagraphStyle.maximumLineHeight (default: 0, off)"),
        OptionSpec(name: "paragraph-spacing", value: "<pt>", help: "NSParagraphStyle.paragraphSpacing (default: 0)"),
        OptionSpec(name: "paragraph-spacing-before", value: "<pt>",
                   help: "NSParagraphStyle.paragraphSpacingBefore (default: 0)"),
        OptionSpec(name: "scale", value: "<n>", help: "textkit: heights ceil to 1/n point (default: 1)"),
        OptionSpec(name: "line-height", value: "<normal|x|Npx>", help: "css: line-height (default: normal)",
                   kind: .choices(["normal"])),
        OptionSpec(name: "border", value: "<px>", help: "css: border width on every side (default: 0)"),
        OptionSpec(name: "white-space", value: "<kind>", help: "css: pre-wrap or break-spaces (default: pre-wrap)",
                   kind: .of(CSSModel.WhiteSpace.self)),
    ]

    enum ModelName: String, CaseIterable { case textkit, css }
    /// Every model's `--measure` kinds, for completion (a model checks its own in `makeModel`).
    static let measureNames = TextKitModel.Measure.allCases.map(\.rawValue) + CSSModel.Measure.allCases.map(\.rawValue)

    var widths: [Double] = []
    var model = ModelName.textkit
    var measure: String?
    var inset: Insets?
    var lineHeight = CSSModel.LineHeight.normal
    var border = 0.0
    var whiteSpace = CSSModel.WhiteSpace.preWrap
    /// Flags given that only one model reads, to refuse them under the other.
    var given: Set<String> = []
    var padding: Double?
    var paragraph = ParagraphStyle()
    var scale = 1.0

    mutating func apply(_ name: String, _ value: String) throws(UsageError) {
        given.insert(name)
        switch name {
        case "width":
            widths = []
            for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                widths.append(try Value.number(String(item), flag: "--width"))
            }
        case "model": model = try Value.choice(value, flag: "--model", as: ModelName.self)
        case "measure": measure = value
        case "line-height":
            if value == "normal" {
                lineHeight = .normal
            } else if value.hasSuffix("px") {
                lineHeight = .pixels(try Value.number(String(value.dropLast(2)), flag: "--line-height", atMost: 10_000))
            } else {
                lineHeight = .multiple(try Value.number(value, flag: "--line-height", atMost: 100))
            }
        case "border": border = try Value.number(value, flag: "--border")
        case "white-space": whiteSpace = try Value.choice(value, flag: "--white-space", as: CSSModel.WhiteSpace.self)
        case "inset":
            var values: [Double] = []
            for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                values.append(try Value.number(String(item), flag: "--inset"))
            }
            guard let insets = Insets(shorthand: values) else {
                throw UsageError("--inset takes 1 to 4 comma-separated numbers (top,right,bottom,left), got '\(value)'")
            }
            inset = insets
        case "padding": padding = try Value.number(value, flag: "--padding")
        case "line-height-multiple":
            paragraph.lineHeightMultiple = try Value.number(value, flag: "--line-height-multiple", atMost: 100)
        case "line-spacing": paragraph.lineSpacing = try Value.number(value, flag: "--line-spacing")
        case "min-line-height": paragraph.minimumLineHeight = try Value.number(value, flag: "--min-line-height")
        case "max-line-height": paragraph.maximumLineHeight = try Value.number(value, flag: "--max-line-height")
        case "paragraph-spacing": paragraph.paragraphSpacing = try Value.number(value, flag: "--paragraph-spacing")
        case "paragraph-spacing-before":
            paragraph.paragraphSpacingBefore = try Value.number(value, flag: "--paragraph-spacing-before")
        case "scale": scale = try Value.number(value, flag: "--scale", above: true, atMost: 10)
        default: break
        }
    }

    static let textKitOnly: Set<String> = ["padding", "line-height-multiple", "line-spacing", "min-line-height",
                                          "max-line-height", "paragraph-spacing", "paragraph-spacing-before", "scale"]
    static let cssOnly: Set<String> = ["line-height", "border", "white-space"]

    /// The model, checked against every width: insets and padding must leave room for text.
    func makeModel(limits: Limits, spacing: GlyphSpacing = .coreText) throws(UsageError) -> any PlatformModel {
        guard !widths.isEmpty else { throw UsageError("--width is required (the view's outer width)") }
        let foreign = model == .textkit ? ModelOptions.cssOnly : ModelOptions.textKitOnly
        if let flag = given.intersection(foreign).sorted().first {
            throw UsageError("--\(flag) does not apply to --model \(model.rawValue)")
        }
        let platform: any PlatformModel
        switch model {
        case .textkit:
            let kind = try Value.choice(measure ?? "textview", flag: "--measure", as: TextKitModel.Measure.self)
            platform = TextKitModel(measure: kind, inset: inset, lineFragmentPadding: padding,
                                    paragraph: paragraph, limits: limits, scale: scale, spacing: spacing)
        case .css:
            let kind = try Value.choice(measure ?? "textarea", flag: "--measure", as: CSSModel.Measure.self)
            platform = CSSModel(measure: kind, padding: inset ?? .zero, border: border, lineHeight: lineHeight,
                                whiteSpace: whiteSpace, limits: limits)
        }
        for width in widths where platform.wrapWidth(forWidth: width) < 0 {
            let taken = width - platform.wrapWidth(forWidth: width)
            throw UsageError("insets and padding take \(JSONObject.number(taken)) of --width \(JSONObject.number(width)); no room is left for text")
        }
        return platform
    }

    /// The measure's name as printed: the model's default when not given.
    var measureName: String { measure ?? (model == .textkit ? "textview" : "textarea") }
}
