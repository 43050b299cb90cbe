import Foundation
import Testing
@testable import TextHeight

/// Bad and extreme input must end in a clear error or a measurement, never a trap.
@Suite("Robustness")
struct RobustnessTests {
    static let fixtureFonts = ["Inter-Regular.otf", "DejaVuSans.ttf", "DejaVuSansMono.ttf", "NotoSansArabic-Regular.ttf",
                               "NotoSansHebrew-Regular.ttf", "NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf",
                               "NotoSansCJKsc-Regular.subset.otf", "NotoColorEmoji.subset.ttf"]

    /// What a damaged font file led to: a clear FontError, or measurements of the probe text.
    enum Outcome {
        case rejected(FontError)
        case measured(textKit: TextHeight.Measurement, css: TextHeight.Measurement)
    }

    /// Two hard lines, several scripts, ligatures and an arrow `calt`: the probe measured with each damaged font.
    static let probe = "Hello 你好 مرحبا 😀 สวัสดี\nfi ffl ->"

    /// Loads `bytes` as a font and measures the probe with it. Any error but a FontError fails the test, and a
    /// measurement must hold what follows from the text whatever the glyphs: at least the probe's two hard lines,
    /// heights finite and at least the insets.
    func loadAndMeasure(_ bytes: [UInt8], name: String) throws -> Outcome {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("textheight-\(getpid())-\(name)").path
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let font: Font
        do {
            font = try Font(file: path, size: 17)
        } catch let error as FontError {
            return .rejected(error)
        }
        let model = TextKitModel()
        let textKit = model.measure(try model.prepare(RobustnessTests.probe, font: font), width: 120)
        let css = CSSModel()
        let web = css.measure(try css.prepare(RobustnessTests.probe, font: font), width: 120)
        #expect(textKit.lineCount >= 2 && web.lineCount >= 2, "\(name)")
        #expect(textKit.contentHeight.isFinite && textKit.contentHeight >= 16, "\(name): the text view's 8 + 8 insets")
        #expect(web.contentHeight.isFinite && web.contentHeight >= 0, "\(name)")
        return .measured(textKit: textKit, css: web)
    }

    @Test("truncated fixture fonts load with a clear error or measure", arguments: fixtureFonts)
    func truncated(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(name))))
        for fraction in [0.0, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.999] {
            let length = Int(Double(bytes.count) * fraction)
            let outcome = try loadAndMeasure(Array(bytes.prefix(length)), name: "cut-\(length)-\(name)")
            // An empty file or one cut inside the table directory is no font at all.
            if fraction <= 0.01, case .measured = outcome { Issue.record("\(name) cut to \(length) bytes measured") }
        }
        // The whole file measures: the damaged copies were tested against a font that works.
        guard case .measured = try loadAndMeasure(bytes, name: "whole-\(name)") else {
            Issue.record("the intact \(name) does not measure")
            return
        }
    }

    @Test("bit-flipped fixture fonts load with a clear error or measure", arguments: fixtureFonts)
    func bitFlipped(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(name))))
        var generator = SplitMix(seed: UInt64(bytes.count))
        var measured = 0
        for round in 0..<12 {
            var damaged = bytes
            // Flip bits in the table directory and headers most often, where parsers decide sizes.
            for _ in 0..<(1 + round * 4) {
                let limit = round % 2 == 0 ? min(damaged.count, 2048) : damaged.count
                let index = Int(generator.next() % UInt64(limit))
                damaged[index] ^= UInt8(1 << (generator.next() % 8))
            }
            if case .measured = try loadAndMeasure(damaged, name: "flip-\(round)-\(name)") { measured += 1 }
        }
        // Most flips land in glyph data, which loading does not validate: the measuring code must be reached.
        #expect(measured > 0, "no bit-flipped copy of \(name) got past loading")
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
        // Inter's "x" advances 1520 of 2816 units (fontTools hmtx): 9.176 pt at 17 pt, so 36 fit the 333-pt wrap
        // width and 200,000 take ⌈200000 / 36⌉ = 5,556 lines. A grapheme never splits; "a\n" × 100,000 is
        // 100,000 hard lines plus the caret's fragment; bidi controls are invisible (one line).
        let expectedLines = [5_556, 1, nil, 100_001, 1]
        for (text, expected) in zip(texts, expectedLines) {
            let prepared = try model.prepare(text, font: font)
            let m = model.measure(prepared, width: 343, includeLines: true)
            if let expected { #expect(m.lineCount == expected) }
            #expect(m.contentHeight == (Double(m.lineCount) * Fixtures.interLineHeight(17) + 16).rounded(.up))
        }
        // The ZWJ families (11 UTF-16 units each) are whole graphemes: every line starts on one, at least as many
        // lines as the width of the unwrapped text needs, at most one family per line.
        let families = try model.prepare(texts[2], font: font)
        let lines = families.layout(width: 333)
        let total = families.layout(width: .infinity).reduce(0) { $0 + $1.width }
        #expect(lines.allSatisfy { $0.start % 11 == 0 })
        #expect(lines.count >= Int((total / 333).rounded(.up)) && lines.count <= 10_000)
    }

    /// A long-lived Shaper (an app's, or one `LentShapers` keeps for over-wide words) meets a font stack per
    /// size: it keeps at most `maxMemos` of their memos, and measures after dropping them as a fresh one does.
    @Test("a Shaper's memos stay bounded across many font stacks")
    func memosBounded() throws {
        let shaper = Shaper()
        let text = "Hello wörld 中文 Supercalifragilisticexpialidocious"
        for size in 8...(10 + Shaper.maxMemos) {
            let fonts = try FontStack(try Font(file: Fixtures.path("Inter-Regular.otf"), size: Double(size)),
                                      fallbacks: [try Font(file: Fixtures.path("NotoSansCJKsc-Regular.subset.otf"),
                                                           size: Double(size))])
            let kept = try PreparedText(text, fonts: fonts, rules: TextKitModel.breakRules, shaper: shaper)
            let fresh = try PreparedText(text, fonts: fonts, rules: TextKitModel.breakRules, shaper: Shaper())
            #expect(kept.layout(width: 90) == fresh.layout(width: 90), "size \(size)")
            #expect(shaper.memoCount <= Shaper.maxMemos)
        }
    }

    /// The `halt` reductions and HanKerning data of CSS's text-spacing-trim are kept per font instance; a
    /// long-lived Shaper meeting a size per step keeps a bounded number of them, and measures as a fresh one does.
    @Test("a Shaper's text-spacing-trim data stays bounded across many font sizes")
    func fontDataBounded() throws {
        let shaper = Shaper()
        let text = "「你好」（中文）、“引号”。"
        var sizes = 0
        for size in stride(from: 8.0, through: 60.0, by: 0.25) {
            let fonts = try FontStack(try Font(file: Fixtures.path("NotoSansCJKsc-Regular.subset.otf"), size: size),
                                      language: "zh-Hans")
            let kept = try PreparedText(text, fonts: fonts, rules: CSSModel().breakRules, shaper: shaper)
            let fresh = try PreparedText(text, fonts: fonts, rules: CSSModel().breakRules, shaper: Shaper())
            #expect(kept.layout(width: 120) == fresh.layout(width: 120), "size \(size)")
            sizes += 1
        }
        // Enough sizes to pass both bounds (about 8 halt marks a size).
        #expect(sizes > Shaper.maxCaches && sizes * 8 > Shaper.maxHaltReductions)
        #expect(shaper.hanKerningDataCount <= Shaper.maxCaches)
        #expect(shaper.haltReductionCount <= Shaper.maxHaltReductions)
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
