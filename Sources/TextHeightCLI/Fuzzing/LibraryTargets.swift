import TextHeight

/// The library's own entry points (issue 7): texts with lone surrogates, negative widths and every
/// model's settings, and font bytes. No property but "no trap, no sanitizer report".
enum LibraryTargets {
    private static let face = try? FontFace.embeddedDefault()

    /// Size and width from the first bytes, then the rest as UTF-16 code units (lone surrogates included),
    /// measured by TextKit, CSS, Android and Flutter at settings taken from the first bytes.
    static func text(_ bytes: [UInt8]) {
        guard bytes.count > 3 else { return }
        guard let face = LibraryTargets.face, let font = try? Font(face: face, size: 1 + Double(bytes[0] % 40)) else { return }
        let width = Double(bytes[1]) * 2 - 20  // negative widths too
        var units: [UInt16] = []
        var i = 2
        while i + 1 < bytes.count {
            units.append(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
            i += 2
        }
        let textKit = TextKitModel(measure: bytes[0] & 1 == 0 ? .textView : .boundingRect,
                                   paragraph: ParagraphStyle(lineHeightMultiple: Double(bytes[0] % 3), lineSpacing: 2),
                                   limits: Limits(minLines: 1, maxLines: 3))
        let css = CSSModel(measure: bytes[1] & 1 == 0 ? .textarea : .div,
                           lineHeight: bytes[1] & 2 == 0 ? .normal : .multiple(1.2))
        guard let stack = try? FontStack(font) else { return }
        if let prepared = try? PreparedText(utf16: units, fonts: stack, rules: textKit.breakRules) {
            _ = textKit.measure(prepared, width: width, includeLines: true)
        }
        if let prepared = try? PreparedText(utf16: units, fonts: stack, rules: css.breakRules) {
            _ = css.measure(prepared, width: width, includeLines: true)
        }
        let measures = AndroidModel.Measure.allCases, strategies = AndroidBreakStrategy.allCases
        let android = AndroidModel(measure: measures[Int(bytes[0]) % measures.count],
                                   breakStrategy: strategies[Int(bytes[1]) % strategies.count],
                                   fallbackLineSpacing: bytes[0] & 2 == 0, includeFontPadding: bytes[0] & 4 == 0,
                                   lineSpacingExtra: Double(bytes[1] % 7) - 3, lineSpacingMultiplier: Double(bytes[0] % 3) * 0.75,
                                   limits: Limits(minLines: 1, maxLines: 3))
        if let prepared = try? PreparedText(utf16: units, fonts: stack, rules: android.breakRules) {
            _ = android.measure(prepared, width: width, includeLines: true)
        }
        let flutterMeasures = FlutterModel.Measure.allCases, decorations = FlutterModel.Decoration.allCases
        let flutter = FlutterModel(measure: flutterMeasures[Int(bytes[0]) % flutterMeasures.count],
                                   decoration: decorations[Int(bytes[1]) % decorations.count], dense: bytes[0] & 8 == 0,
                                   heightMultiplier: bytes[1] & 8 == 0 ? nil : 1.5, halfLeading: bytes[1] & 16 == 0,
                                   forceStrut: bytes[0] & 16 == 0, letterSpacing: Double(bytes[1] % 5) - 2,
                                   limits: Limits(minLines: 1, maxLines: 5))
        if let prepared = try? PreparedText(utf16: units, fonts: stack, rules: flutter.breakRules) {
            _ = flutter.measure(prepared, width: width, includeLines: true)
            _ = flutter.measure(prepared, placeholder: prepared, width: width, includeLines: true)
        }
    }

    /// The bytes loaded as a font file and used to measure a fixed text.
    static func font(_ bytes: [UInt8]) {
        guard let face = try? FontFace(bytes: bytes, name: "fuzz"), let font = try? Font(face: face, size: 17) else { return }
        let model = TextKitModel()
        if let prepared = try? model.prepare("Hello 你好 مرحبا 😀 fi\nx", font: font) {
            _ = model.measure(prepared, width: 100, includeLines: true)
        }
    }
}
