import Foundation
import Testing
@testable import TextHeight

/// Bad and extreme input must end in a clear error or a measurement, never a trap.
@Suite("Robustness")
struct RobustnessTests {
    static let fixtureFonts = ["Inter-Regular.otf", "DejaVuSans.ttf", "DejaVuSansMono.ttf", "NotoSansArabic-Regular.ttf",
                               "NotoSansHebrew-Regular.ttf", "NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf",
                               "NotoSansCJKsc-Regular.subset.otf", "NotoColorEmoji.subset.ttf"]

    /// Loads `bytes` as a font and measures a multilingual text with it; any FontError is fine.
    func loadAndMeasure(_ bytes: [UInt8], name: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("textheight-\(getpid())-\(name)").path
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let font = try Font(file: path, size: 17)
            let model = TextKitModel()
            _ = model.measure(try model.prepare("Hello 你好 مرحبا 😀 สวัสดี\nfi ffl ->", font: font), width: 120)
            let css = CSSModel()
            _ = css.measure(try css.prepare("Hello 你好 مرحبا", font: font), width: 120)
        } catch {
            // A clear FontError is an acceptable outcome for a damaged file.
        }
    }

    @Test("truncated fixture fonts load with a clear error or measure", arguments: fixtureFonts)
    func truncated(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(name))))
        for fraction in [0.0, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.999] {
            let length = Int(Double(bytes.count) * fraction)
            try loadAndMeasure(Array(bytes.prefix(length)), name: "cut-\(length)-\(name)")
        }
    }

    @Test("bit-flipped fixture fonts load with a clear error or measure", arguments: fixtureFonts)
    func bitFlipped(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(name))))
        var generator = SplitMix(seed: UInt64(bytes.count))
        for round in 0..<12 {
            var damaged = bytes
            // Flip bits in the table directory and headers most often, where parsers decide sizes.
            for _ in 0..<(1 + round * 4) {
                let limit = round % 2 == 0 ? min(damaged.count, 2048) : damaged.count
                let index = Int(generator.next() % UInt64(limit))
                damaged[index] ^= UInt8(1 << (generator.next() % 8))
            }
            try loadAndMeasure(damaged, name: "flip-\(round)-\(name)")
        }
    }

    @Test("extreme texts finish: long words, combining runs, ZWJ chains, many lines, deep bidi controls")
    func extremeTexts() throws {
        let model = TextKitModel()
        let font = try Fixtures.inter(size: 17)
        let texts = [
            String(repeating: "x", count: 200_000),                       // one unbreakable word
            "a" + String(repeating: "\u{0301}", count: 100_000),          // one 100,001-scalar grapheme
            String(repeating: "👨‍👩‍👧‍👦", count: 10_000),                       // ZWJ sequences
            String(repeating: "a\n", count: 100_000),                      // many tiny lines
            String(repeating: "\u{202B}", count: 20_000) + "abc" + String(repeating: "\u{202C}", count: 20_000),
        ]
        let expectedLines = [
            nil, 1, nil, 100_001, 1,
        ]
        for (text, expected) in zip(texts, expectedLines) {
            let m = model.measure(try model.prepare(text, font: font), width: 343)
            #expect(m.lineCount >= 1)
            if let expected { #expect(m.lineCount == expected) }
        }
    }

    @Test("lone surrogates in the text measure as U+FFFD without trapping")
    func loneSurrogates() throws {
        let units: [UInt16] = [0x61, 0xD800, 0x62, 0xDC00, 0xD83D]
        let prepared = try PreparedText(utf16: units, fonts: FontStack(Fixtures.inter(size: 17)),
                                        rules: TextKitModel.breakRules)
        #expect(prepared.layout(width: 100).count == 1)
    }
}

/// A small deterministic generator for reproducible damage.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
