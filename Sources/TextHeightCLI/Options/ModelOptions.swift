import TextHeight

/// The platform model and the box: `--model`, `--measure`, `--width`, insets, line heights, scale.
struct ModelOptions: OptionGroup {
    static let title = "MODEL OPTIONS"
    static let options = [
        OptionSpec(name: "width", value: "<pt[,pt…]>", help: "The view's outer width; a list measures each (required)"),
        OptionSpec(name: "preset", value: "<name>",
                   help: "A text field as a framework ships it: its model, size, insets and limits as defaults that any flag given overrides (textheight --list-presets)",
                   kind: .choices(Preset.names)),
        OptionSpec(name: "model", value: "<name>",
                   help: "textkit (iOS UITextView), css (a Chromium <textarea>/<div>), android (an EditText/TextView) or flutter (a TextField over SkParagraph) (default: textkit)",
                   kind: .of(ModelName.self)),
        OptionSpec(name: "measure", value: "<kind>",
                   help: "textkit: textview or boundingrect (default: textview); css: textarea or div (default: textarea); android: edittext, textview, staticlayout, compose (Jetpack Compose BasicTextField) or compose-textfield (Material 3 TextField/OutlinedTextField) (default: edittext); flutter: textfield, cupertino or paragraph (default: textfield)",
                   kind: .choices(measureNames)),
        OptionSpec(name: "inset", value: "<t[,r[,b[,l]]]>",
                   help: "textkit: textContainerInset (default: 8,0,8,0 textview, 0 boundingrect); css, android: padding (default: 0); flutter: contentPadding (default: per --decoration; cupertino 7); CSS order"),
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
        OptionSpec(name: "line-height", value: "<normal|x|Npx>",
                   help: "css: line-height (default: normal); android: setLineHeight in px (default: off), compose: TextStyle.lineHeight in px, Compose's line-height span (default: off; 24 compose-textfield); flutter: TextStyle.height, a multiple (default: 1.5 textfield, off otherwise)",
                   kind: .choices(["normal"])),
        OptionSpec(name: "line-height-style", value: "<alignment,trim[,mode]>",
                   help: "android compose: LineHeightStyle, alignment top, center, bottom, proportional or a ratio 0–1; trim both, none, first-line-top or last-line-bottom; mode fixed or minimum (default: proportional,both,fixed; center,none compose-textfield)"),
        OptionSpec(name: "border", value: "<px>", help: "css: border width on every side (default: 0)"),
        OptionSpec(name: "white-space", value: "<kind>", help: "css: pre-wrap or break-spaces (default: pre-wrap)",
                   kind: .of(CSSModel.WhiteSpace.self)),
        OptionSpec(name: "density", value: "<d>",
                   help: "android: px per dp; --size is then sp, widths, insets, spacing and heights dp, each rounded to px as resources are (compose: as Compose rounds) (default: off, all px)"),
        OptionSpec(name: "break-strategy", value: "<kind>",
                   help: "android: simple, high-quality or balanced (default: simple for edittext and staticlayout, high-quality for textview)",
                   kind: .of(AndroidBreakStrategy.self)),
        OptionSpec(name: "fallback-line-spacing", value: "<bool>",
                   help: "android: fallback fonts widen the lines they are used on (default: true; false for staticlayout; compose: always true)",
                   kind: .choices(["true", "false"])),
        OptionSpec(name: "include-font-padding", value: "<bool>",
                   help: "android: setIncludeFontPadding, the font's top/bottom around the text (default: true; false compose, PlatformTextStyle)",
                   kind: .choices(["true", "false"])),
        OptionSpec(name: "line-spacing-extra", value: "<px>", help: "android: setLineSpacing add, px (default: 0)"),
        OptionSpec(name: "line-spacing-multiplier", value: "<x>", help: "android: setLineSpacing mult (default: 1)"),
        OptionSpec(name: "decoration", value: "<kind>",
                   help: "flutter textfield: InputDecorator, none (no decorator), underline, filled, outlined or collapsed (default: underline)",
                   kind: .of(FlutterModel.Decoration.self)),
        OptionSpec(name: "dense", value: nil, help: "flutter textfield: InputDecoration.isDense, dense padding and no 48 px minimum"),
        OptionSpec(name: "force-strut", value: "<bool>",
                   help: "flutter: a strut from the text style forces every line's height (default: true; false for paragraph)",
                   kind: .choices(["true", "false"])),
        OptionSpec(name: "text-scale", value: "<x>",
                   help: "flutter: MediaQuery textScaler, multiplies the size, not the letter spacing (default: 1)"),
    ]

    enum ModelName: String, CaseIterable { case textkit, css, android, flutter }
    /// Every model's `--measure` kinds once each (textview is TextKit's and Android's), for completion;
    /// a model checks its own in `makeModel`.
    static let measureNames: [String] = {
        let all = TextKitModel.Measure.allCases.map(\.rawValue) + CSSModel.Measure.allCases.map(\.rawValue)
            + AndroidModel.Measure.allCases.map(\.rawValue) + FlutterModel.Measure.allCases.map(\.rawValue)
        var seen: Set<String> = []
        return all.filter { seen.insert($0).inserted }
    }()

    var widths: [Double] = []
    /// `--preset`'s name, echoed in the JSON; its flags are expanded before the groups read theirs (`Preset.expand`).
    var preset: String?
    var model = ModelName.textkit
    var measure: String?
    var inset: Insets?
    var lineHeightText: String?
    var lineHeightStyle: ComposeLineHeightStyle?
    var border = 0.0
    var whiteSpace = CSSModel.WhiteSpace.preWrap
    /// Flags given that only one model reads, to refuse them under the other.
    var given: Set<String> = []
    var padding: Double?
    var paragraph = ParagraphStyle()
    var scale = 1.0
    var density: Double?
    var breakStrategy: AndroidBreakStrategy?
    var fallbackLineSpacing: Bool?
    var includeFontPadding = true
    var lineSpacingExtra = 0.0
    var lineSpacingMultiplier = 1.0
    var decoration = FlutterModel.Decoration.underline
    var dense = false
    var forceStrut: Bool?
    var textScale = 1.0

    mutating func apply(_ name: String, _ value: String) throws(UsageError) {
        given.insert(name)
        switch name {
        case "width":
            widths = []
            for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                widths.append(try Value.number(String(item), flag: "--width"))
            }
        case "preset": preset = try Preset.named(value).name
        case "model": model = try Value.choice(value, flag: "--model", as: ModelName.self)
        case "measure": measure = value
        case "line-height": lineHeightText = value
        case "line-height-style": lineHeightStyle = try ModelOptions.lineHeightStyle(value)
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
        case "density": density = try Value.number(value, flag: "--density", above: true, atMost: 10)
        case "break-strategy":
            breakStrategy = try Value.choice(value, flag: "--break-strategy", as: AndroidBreakStrategy.self)
        case "fallback-line-spacing": fallbackLineSpacing = try Value.bool(value, flag: "--fallback-line-spacing")
        case "include-font-padding": includeFontPadding = try Value.bool(value, flag: "--include-font-padding")
        case "line-spacing-extra":
            lineSpacingExtra = try Value.number(value, flag: "--line-spacing-extra", atLeast: -10_000, atMost: 10_000)
        case "line-spacing-multiplier":
            lineSpacingMultiplier = try Value.number(value, flag: "--line-spacing-multiplier", atMost: 100)
        case "decoration": decoration = try Value.choice(value, flag: "--decoration", as: FlutterModel.Decoration.self)
        case "dense": dense = true
        case "force-strut": forceStrut = try Value.bool(value, flag: "--force-strut")
        case "text-scale": textScale = try Value.number(value, flag: "--text-scale", above: true, atMost: 10)
        default: break
        }
    }

    static let textKitOnly: Set<String> = ["padding", "line-height-multiple", "line-spacing", "min-line-height",
                                          "max-line-height", "paragraph-spacing", "paragraph-spacing-before", "scale"]
    static let cssOnly: Set<String> = ["border", "white-space"]
    static let androidOnly: Set<String> = ["density", "break-strategy", "fallback-line-spacing", "include-font-padding",
                                          "line-spacing-extra", "line-spacing-multiplier", "line-height-style"]
    static let flutterOnly: Set<String> = ["decoration", "dense", "force-strut", "text-scale"]
    /// Flags each model refuses (made once: a batch makes a model per distinct set of case options).
    static func foreign(to model: ModelName) -> Set<String> {
        switch model {
        case .textkit: return foreignToTextKit
        case .css: return foreignToCSS
        case .android: return foreignToAndroid
        case .flutter: return foreignToFlutter
        }
    }
    private static let foreignToTextKit = cssOnly.union(androidOnly).union(flutterOnly).union(["line-height"])
    private static let foreignToCSS = textKitOnly.union(androidOnly).union(flutterOnly)
    private static let foreignToAndroid = textKitOnly.union(cssOnly).union(flutterOnly)
    private static let foreignToFlutter = textKitOnly.union(cssOnly).union(androidOnly)

    /// The model, checked against every width: insets and padding must leave room for text.
    func makeModel(limits: Limits, spacing: GlyphSpacing = .coreText, text: CSSText = CSSText(),
                   letterSpacingGiven: Bool = false, hintMaxLines: Int? = nil) throws(UsageError)
        -> any PlatformModel {
        guard !widths.isEmpty else { throw UsageError("--width is required (the view's outer width)") }
        if let flag = given.intersection(ModelOptions.foreign(to: model)).sorted().first {
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
            platform = CSSModel(measure: kind, padding: inset ?? .zero, border: border, lineHeight: try cssLineHeight(),
                                whiteSpace: whiteSpace, text: text, limits: limits)
        case .android:
            platform = try androidModel(limits: limits, letterSpacing: letterSpacingGiven ? text.letterSpacing : nil)
        case .flutter:
            platform = try flutterModel(limits: limits, letterSpacing: letterSpacingGiven ? text.letterSpacing : nil,
                                    hintMaxLines: hintMaxLines)
        }
        for width in modelWidths where platform.wrapWidth(forWidth: width) < 0 {
            let taken = width - platform.wrapWidth(forWidth: width)
            throw UsageError("insets and padding take \(JSONObject.number(taken)) of --width \(JSONObject.number(width)); no room is left for text")
        }
        return platform
    }

    private func cssLineHeight() throws(UsageError) -> CSSModel.LineHeight {
        guard let value = lineHeightText, value != "normal" else { return .normal }
        if value.hasSuffix("px") {
            return .pixels(try Value.number(String(value.dropLast(2)), flag: "--line-height", atMost: 10_000))
        }
        return .multiple(try Value.number(value, flag: "--line-height", atMost: 100))
    }

    /// Android's model; with --density, dp and sp become px as resources round them.
    private func androidModel(limits: Limits, letterSpacing: CSSText.Length?) throws(UsageError) -> AndroidModel {
        let kind = try Value.choice(measure ?? "edittext", flag: "--measure", as: AndroidModel.Measure.self)
        if kind.isCompose { return try composeModel(kind, limits: limits, letterSpacing: letterSpacing) }
        if given.contains("line-height-style") {
            throw UsageError("--line-height-style applies to --measure compose and compose-textfield (Compose's LineHeightStyle)")
        }
        // TextView keeps one maximum and one minimum (mMaxMode, mMinMode): the later call wins.
        if limits.maxLines != nil && limits.maxHeight != nil {
            throw UsageError("--max-lines and --max-height both set TextView's one maximum; give one of them with --model android")
        }
        if limits.minLines != nil && limits.minHeight != nil {
            throw UsageError("--min-lines and --min-height both set TextView's one minimum; give one of them with --model android")
        }
        var lineHeight: Double?
        if let value = lineHeightText {
            let number = value.hasSuffix("px") ? String(value.dropLast(2)) : value
            lineHeight = try Value.number(number, flag: "--line-height", atMost: 10_000)
            if given.contains("line-spacing-extra") || given.contains("line-spacing-multiplier") {
                throw UsageError("--line-height replaces --line-spacing-extra and --line-spacing-multiplier (setLineHeight sets both); give one or the other")
            }
        }
        let px = { (value: Double) -> Double in density.map { AndroidModel.pixelSize(value, density: $0) } ?? value }
        var limits = limits
        limits.minHeight = limits.minHeight.map(px)
        limits.maxHeight = limits.maxHeight.map(px)
        let padding = inset.map { Insets(top: px($0.top), right: px($0.right), bottom: px($0.bottom), left: px($0.left)) }
        var model = AndroidModel(measure: kind, padding: padding ?? .zero, breakStrategy: breakStrategy,
                                 fallbackLineSpacing: fallbackLineSpacing, includeFontPadding: includeFontPadding,
                                 lineSpacingExtra: px(lineSpacingExtra), lineSpacingMultiplier: lineSpacingMultiplier,
                                 lineHeight: lineHeight.map(px), limits: limits)
        model.letterSpacing = try ModelOptions.androidLetterSpacing(letterSpacing)
        return model
    }

    /// Compose's model: dp and sp are Compose's float px (`Dp.toPx`, `TextUnit.toPx`: value × density),
    /// rounded by the model where Compose rounds. compose-textfield's defaults are Material 3's
    /// TextField without label: 16 dp padding (`TextFieldDefaults.contentPaddingWithoutLabel`,
    /// `OutlinedTextFieldDefaults.contentPadding`), at least 56 dp (`TextFieldDefaults.MinHeight`),
    /// bodyLarge's 24 sp line height and 0.5 sp tracking (tokens/TypeScaleTokens.kt: 0.5 / 16 em), and
    /// Material 3's `DefaultLineHeightStyle`.
    private func composeModel(_ kind: AndroidModel.Measure, limits: Limits, letterSpacing: CSSText.Length?)
        throws(UsageError) -> AndroidModel {
        if let flag = ["line-spacing-extra", "line-spacing-multiplier", "fallback-line-spacing"].first(where: given.contains) {
            throw UsageError("--\(flag) does not apply to --measure \(kind.rawValue): Compose's TextLayout sets it")
        }
        let d = density ?? 1
        let px = { (value: Double) -> Double in Double(Float(value) * Float(d)) }
        let field = kind == .composeTextField
        var limits = limits
        limits.minHeight = (limits.minHeight ?? (field ? 56 : nil)).map(px)
        limits.maxHeight = limits.maxHeight.map(px)
        let inset = self.inset ?? (field ? Insets(top: 16, right: 16, bottom: 16, left: 16) : .zero)
        var lineHeight: Double? = field ? 24 : nil
        if let value = lineHeightText {
            lineHeight = value == "normal" ? nil
                : try Value.number(value.hasSuffix("px") ? String(value.dropLast(2)) : value, flag: "--line-height",
                                   atMost: 10_000)
        }
        var model = AndroidModel(measure: kind, padding: Insets(top: px(inset.top), right: px(inset.right),
                                                                bottom: px(inset.bottom), left: px(inset.left)),
                                 breakStrategy: breakStrategy, includeFontPadding: given.contains("include-font-padding")
                                     ? includeFontPadding : false,
                                 lineHeight: lineHeight.map(px), limits: limits)
        model.lineHeightStyle = lineHeightStyle ?? (field ? .material3 : nil)
        model.letterSpacing = letterSpacing == nil && field ? 0.03125 : try ModelOptions.androidLetterSpacing(letterSpacing)
        model.density = d
        return model
    }

    /// `--line-height-style alignment,trim[,mode]`.
    static func lineHeightStyle(_ value: String) throws(UsageError) -> ComposeLineHeightStyle {
        let parts = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let ratios: [String: Float] = ["top": 0, "center": 0.5, "bottom": 1, "proportional": -1]
        let trims: [String: (Bool, Bool)] = ["both": (true, true), "none": (false, false),
                                             "first-line-top": (true, false), "last-line-bottom": (false, true)]
        guard parts.count == 2 || parts.count == 3,
              let ratio = ratios[parts[0]] ?? Float(parts[0]).flatMap({ $0 >= 0 && $0 <= 1 ? $0 : nil }),
              let trim = trims[parts[1]], parts.count == 2 || ["fixed", "minimum"].contains(parts[2]) else {
            throw UsageError("--line-height-style takes alignment,trim[,mode]: alignment top, center, bottom, proportional or 0–1; trim both, none, first-line-top or last-line-bottom; mode fixed or minimum; got '\(value)'")
        }
        return ComposeLineHeightStyle(topRatio: ratio, trimFirstLineTop: trim.0, trimLastLineBottom: trim.1,
                                      preserveMinimumHeight: parts.count == 3 && parts[2] == "minimum")
    }

    /// `TextView.setLetterSpacing` takes em: `0.03125em` (or `0`); px has no meaning there.
    private static func androidLetterSpacing(_ value: CSSText.Length?) throws(UsageError) -> Double {
        switch value {
        case nil, .px(0): return 0
        case .em(let em): return em
        case .px: throw UsageError("--letter-spacing takes em under --model android (TextView.setLetterSpacing), e.g. 0.03125em")
        }
    }

    /// The Flutter measure, or a usage error for a bad `--measure`.
    var flutterMeasure: FlutterModel.Measure {
        get throws(UsageError) { try Value.choice(measure ?? "textfield", flag: "--measure", as: FlutterModel.Measure.self) }
    }

    /// Flutter's widget: the style's height and letter spacing (M3 bodyLarge: height 1.5, even leading, 0.5 px,
    /// Typography.englishLike2021; Cupertino: −0.41 px, `_kDefaultTextStyle`), the decoration for the Material
    /// field only, letter spacing in logical px.
    private func flutterModel(limits: Limits, letterSpacing: CSSText.Length?, hintMaxLines: Int?) throws(UsageError)
        -> FlutterModel {
        let kind = try flutterMeasure
        if kind != .textField, let flag = ["decoration", "dense"].first(where: given.contains) {
            throw UsageError("--\(flag) applies to --measure textfield only (InputDecorator)")
        }
        var spacing: Double = switch kind { case .textField: 0.5; case .cupertino: -0.41; case .paragraph: 0 }
        if let letterSpacing {
            guard case .px(let px) = letterSpacing else {
                throw UsageError("--letter-spacing takes px under --model flutter (TextStyle.letterSpacing)")
            }
            spacing = px
        }
        var height: Double? = kind == .textField ? 1.5 : nil
        if let value = lineHeightText {
            height = try Value.number(value, flag: "--line-height", above: true, atMost: 100)
        }
        return FlutterModel(measure: kind, decoration: decoration, dense: dense, padding: inset, hintMaxLines: hintMaxLines,
                            heightMultiplier: height, halfLeading: kind == .textField, forceStrut: forceStrut,
                            letterSpacing: spacing, limits: limits)
    }

    /// The widths in the model's unit: with --density, dp rounded to px.
    var modelWidths: [Double] {
        guard model == .android, let density else { return widths }
        return widths.map { AndroidModel.pixelSize($0, density: density) }
    }

    /// The measure's name as printed: the model's default when not given.
    var measureName: String {
        measure ?? { switch model { case .textkit: "textview"; case .css: "textarea"; case .android: "edittext"; case .flutter: "textfield" } }()
    }
}
