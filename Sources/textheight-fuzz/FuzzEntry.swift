// libFuzzer entry point over the library's entry points. Built only by scripts/fuzz.sh with
// `-sanitize=fuzzer,address`; libFuzzer supplies main().
import Glibc
import TextHeight

private let fixtureFace = try? FontFace.embeddedDefault()

/// The first byte picks a target; the rest is its input.
/// - 0…127: text + options: the bytes as UTF-16 code units (lone surrogates included) measured by
///   TextKit, CSS and Android at widths, insets and line heights taken from the first bytes.
/// - 128…255: font bytes: the rest loaded as a font file and used to measure a fixed text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 4 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    if bytes[0] < 128 {
        fuzzText(Array(bytes.dropFirst()))
    } else {
        fuzzFont(Array(bytes.dropFirst()))
    }
    return 0
}

private func fuzzText(_ bytes: [UInt8]) {
    guard let face = fixtureFace, let font = try? Font(face: face, size: 1 + Double(bytes[0] % 40)) else { return }
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

private func fuzzFont(_ bytes: [UInt8]) {
    guard let face = try? FontFace(bytes: bytes, name: "fuzz"), let font = try? Font(face: face, size: 17) else { return }
    let model = TextKitModel()
    if let prepared = try? model.prepare("Hello 你好 مرحبا 😀 fi\nx", font: font) {
        _ = model.measure(prepared, width: 100, includeLines: true)
    }
}

#if FUZZER
/// libFuzzer's driver (LLVM ≥ 11), linked in by -sanitize=fuzzer.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt
#endif

/// SwiftPM links an executable's entry point under this name (its --defsym main=…), so
/// libFuzzer's own main() never runs: with -DFUZZER this starts libFuzzer's driver; without,
/// it replays the inputs named on the command line (a regression runner for the crash corpus).
@_cdecl("textheight_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    #if FUZZER
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in fuzz(data, size) }
    #else
    return replay(argc, argv)
    #endif
}

private func replay(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var replayed = 0
    for index in 1..<Int(max(argc, 1)) {
        guard let path = argv[index], let file = fopen(path, "rb") else { continue }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = fread(&chunk, 1, chunk.count, file)
            if got == 0 { break }
            bytes += chunk[0..<got]
        }
        fclose(file)
        bytes.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { _ = fuzz(base, buffer.count) }
        }
        replayed += 1
    }
    print("replayed \(replayed) inputs without a crash")
    return 0
}
