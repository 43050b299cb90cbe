import TextHeight

/// The platform model and the box: `--model`, `--measure`, `--width`, insets, line heights, scale.
struct ModelOptions: OptionGroup {
    static let title = "MODEL OPTIONS"
    static let options = [
        OptionSpec(name: "width", value: "<pt[,pt…]>", help: "The view's outer width; a list measures each (required)"),
        OptionSpec(name: "model", value: "<name>", help: "Platform model: textkit (default: textkit)"),
        OptionSpec(name: "measure", value: "<kind>",
                   help: "textview (UITextView contentSize) or boundingrect (NSString.boundingRect) (default: textview)"),
        OptionSpec(name: "inset", value: "<t[,r[,b[,l]]]>",
                   help: "textContainerInset in CSS order (default: 8,0,8,0 for textview, 0 for boundingrect)"),
        OptionSpec(name: "padding", value: "<pt>",
                   help: "lineFragmentPadding at both line ends (default: 5 for textview, 0 for boundingrect)"),
        OptionSpec(name: "line-height-multiple", value: "<x>", help: "NSParagraphStyle.lineHeightMultiple (default: 0, off)"),
        OptionSpec(name: "line-spacing", value: "<pt>", help: "NSParagraphStyle.lineSpacing (default: 0)"),
        OptionSpec(name: "min-line-height", value: "<pt>", help: "NSParagraphStyle.minimumLineHeight (default: 0, off)"),
        OptionSpec(name: "max-line-height", value: "<pt>", help: "NSParagraphStyle.maximumLineHeight (default: 0, off)"),
        OptionSpec(name: "paragraph-spacing", value: "<pt>", help: "NSParagraphStyle.paragraphSpacing (default: 0)"),
        OptionSpec(name: "paragraph-spacing-before", value: "<pt>",
                   help: "NSParagraphStyle.paragraphSpacingBefore (default: 0)"),
        OptionSpec(name: "scale", value: "<n>", help: "Screen scale: heights ceil to 1/n point (default: 1)"),
    ]

    enum ModelName: String, CaseIterable { case textkit }

    var widths: [Double] = []
    var model = ModelName.textkit
    var measure = TextKitModel.Measure.textView
    var inset: Insets?
    var padding: Double?
    var paragraph = ParagraphStyle()
    var scale = 1.0

    mutating func apply(_ name: String, _ value: String) throws(UsageError) {
        switch name {
        case "width":
            widths = []
            for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                widths.append(try Value.number(String(item), flag: "--width"))
            }
        case "model": model = try Value.choice(value, flag: "--model", as: ModelName.self)
        case "measure": measure = try Value.choice(value, flag: "--measure", as: TextKitModel.Measure.self)
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

    /// The model, checked against every width: insets and padding must leave room for text.
    func makeModel(limits: Limits) throws(UsageError) -> TextKitModel {
        guard !widths.isEmpty else { throw UsageError("--width is required (the view's outer width in points)") }
        let model = TextKitModel(measure: measure, inset: inset, lineFragmentPadding: padding,
                                 paragraph: paragraph, limits: limits, scale: scale)
        for width in widths where model.wrapWidth(forWidth: width) < 0 {
            let taken = width - model.wrapWidth(forWidth: width)
            throw UsageError("insets and padding take \(JSONObject.number(taken)) of --width \(JSONObject.number(width)); no room is left for text")
        }
        return model
    }
}
