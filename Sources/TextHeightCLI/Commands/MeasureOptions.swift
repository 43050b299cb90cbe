import TextHeight

/// Every flag of a measurement, grouped by concern; shared by `measure`, `batch` and `check`.
struct MeasureOptions {
    static let groups: [(title: String, options: [OptionSpec])] = [
        (FontOptions.title, FontOptions.options),
        (SystemFontOptions.title, SystemFontOptions.options),
        (TextOptions.title, TextOptions.options),
        (ModelOptions.title, ModelOptions.options),
        (CSSTextOptions.title, CSSTextOptions.options),
        (LimitOptions.title, LimitOptions.options),
        (OutputOptions.title, OutputOptions.options),
    ]
    static let specs: [OptionSpec] = groups.flatMap(\.options)

    var font = FontOptions()
    var system = SystemFontOptions()
    var text = TextOptions()
    var model = ModelOptions()
    var cssText = CSSTextOptions()
    var limits = LimitOptions()
    var output = OutputOptions()

    /// The groups each flag belongs to (indices into `groups`).
    private static let groupsOfFlag: [String: [Int]] = {
        var groupsOfFlag: [String: [Int]] = [:]
        for (index, group) in groups.enumerated() {
            for spec in group.options { groupsOfFlag[spec.name, default: []].append(index) }
        }
        return groupsOfFlag
    }()

    init(_ parsed: ParsedArguments) throws(UsageError) {
        // Each group takes its flags in command-line order, the groups in the order of `groups`
        // (a batch case's flags are parsed once per distinct set: found by name, not searched for),
        // a preset's ahead of the given ones.
        var byGroup = [[(name: String, value: String)]](repeating: [], count: MeasureOptions.groups.count)
        for option in try Preset.expand(parsed).options {
            for group in MeasureOptions.groupsOfFlag[option.name] ?? [] { byGroup[group].append(option) }
        }
        try font.apply(flags: byGroup[0])
        try system.apply(flags: byGroup[1])
        try text.apply(flags: byGroup[2])
        try model.apply(flags: byGroup[3])
        try cssText.apply(flags: byGroup[4])
        try limits.apply(flags: byGroup[5])
        try output.apply(flags: byGroup[6])
        // TextView's textSize from a layout is getDimensionPixelSize: sp × density, rounded. Compose's
        // is `TextUnit.toPx()`, unrounded; its default TextStyle is 14 sp (ui-text DefaultFontSize),
        // Material 3's bodyLarge 16 sp (tokens/TypeScaleTokens.kt).
        if model.model == .android, model.measure == "compose" || model.measure == "compose-textfield" {
            if !font.sizeGiven { font.size = model.measure == "compose" ? 14 : 16 }
            if let density = model.density { font.size = Double(Float(font.size) * Float(density)) }
        } else if model.model == .android, let density = model.density {
            font.size = AndroidModel.pixelSize(font.size, density: density)
        }
        // Flutter's default sizes (M3 bodyLarge 16, Cupertino 17, TextStyle 14), then MediaQuery's textScaler
        // (TextStyle.getTextStyle scales the size only).
        if model.model == .flutter {
            if !font.sizeGiven {
                switch try model.flutterMeasure {
                case .textField: font.size = 16
                case .cupertino: font.size = 17
                case .paragraph: font.size = 14
                }
            }
            font.size *= model.textScale
        }
    }

    /// Measures `content` at every `--width`, one JSON object per width, each opening with `prefix`.
    /// `fonts`: the chain already loaded from these options (batch loads the command line's once).
    func measure(_ content: String, faces: FaceCache, fonts: FontStack? = nil, shaper: Shaper,
                 prefix: JSONObject = JSONObject()) throws(Failure) -> [JSONObject] {
        let (results, setting) = try measureResults(content, faces: faces, fonts: fonts, shaper: shaper)
        return results.map {
            var json = prefix
            appendMeasurement($0.measurement, width: $0.width, measuredPlaceholder: $0.measuredPlaceholder,
                              setting: setting, lines: output.lines, to: &json)
            return json
        }
    }

    /// `measure` before its JSON: the results at every width, and the fields the options and fonts
    /// fix (`measurementSetting`). `strings` writes its own fields around them.
    func measureResults(_ content: String, faces: FaceCache, fonts: FontStack? = nil,
                        shaper: Shaper) throws(Failure) -> (results: [MeasureResult], setting: [UInt8]) {
        let textModel = try makeModel()
        guard content.utf8.count <= text.maxBytes else {
            throw .tooManyBytes(content.utf8.count, maxBytes: text.maxBytes)
        }
        let loaded: FontStack
        if let fonts { loaded = fonts } else { loaded = try loadFonts(faces: faces) }
        let request = MeasureRequest(text: content, placeholder: text.placeholderValue, fonts: loaded,
                                     widths: model.modelWidths, includeLines: output.lines)
        let results: [MeasureResult]
        do { results = try textModel.measure(request, shaper: shaper) } catch { throw .text(error) }
        if font.strictGlyphs, let missing = results.first?.measurement.missingGlyphs, missing > 0 {
            throw .strictGlyphs(missing)
        }
        let setting = measurementSetting(model: model.model.rawValue, measure: model.measureName, preset: model.preset,
                                         font: FontDescription(self, fonts: loaded, model: textModel))
        return (results, setting)
    }

    /// The platform model with the flags it reads from other groups (CoreText's spacing), after
    /// refusing flags the model does not have.
    func makeModel() throws(Failure) -> any PlatformModel {
        do throws(UsageError) {
            if model.model != .textkit, font.displayFont != nil {
                throw UsageError("--display-font does not apply to --model \(model.model.rawValue)")
            }
            try system.check(model: model.model)
            if model.model == .android, text.placeholderValue?.maxLines != nil {
                throw UsageError("--placeholder-lines does not apply to --model android: TextView never caps its hint")
            }
            if model.model == .flutter, text.placeholder != nil, model.decoration == .none,
               (try? model.flutterMeasure) == .textField {
                throw UsageError("--placeholder needs an InputDecorator; --decoration none has no hint")
            }
            if model.model == .flutter, text.placeholderValue?.maxLines != nil, (try? model.flutterMeasure) == .cupertino {
                throw UsageError("--placeholder-lines does not apply to --measure cupertino: the placeholder takes the field's maxLines")
            }
            // Flutter's TextStyle.letterSpacing and Android's setLetterSpacing take the flag too (in px, in em).
            let spacingOnly: Set<String> = model.model == .flutter || model.model == .android ? ["letter-spacing"] : []
            if model.model != .css, let flag = cssText.given.subtracting(spacingOnly).sorted().first {
                throw UsageError("--\(flag) does not apply to --model \(model.model.rawValue)")
            }
            return try model.makeModel(limits: limits.validated(), spacing: system.spacing, text: cssText.text,
                                       letterSpacingGiven: cssText.given.contains("letter-spacing"),
                                       hintMaxLines: text.placeholderValue?.maxLines)
        } catch {
            throw .usage(error)
        }
    }

    /// The font chain at the measured size (the text style's, or `--size`), with the variation
    /// settings; the Display file of a Text/Display pair from 20 pt.
    func loadFonts(faces: FaceCache) throws(Failure) -> FontStack {
        let size: Double
        do { size = try system.size(font: font) } catch { throw .usage(error) }
        do {
            return try faces.fonts(font, size: size, variation: system.variationSettings)
        } catch {
            throw .font(error)
        }
    }
}

extension Failure {
    static func tooManyBytes(_ count: Int, maxBytes: Int) -> Failure {
        Failure(code: .input, message: "the text has \(count) bytes; --max-bytes is \(maxBytes)")
    }

    static func strictGlyphs(_ missing: Int) -> Failure {
        Failure(code: .font, message: "\(missing) glyph\(missing == 1 ? "" : "s") of the text exist in no font of the chain (--strict-glyphs); add a --fallback that covers them")
    }
}
