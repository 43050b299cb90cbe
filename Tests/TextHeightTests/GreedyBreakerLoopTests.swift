import Foundation
import Testing
@testable import TextHeight

/// `forEachLine` places segments in a loop of its own when there is no text-spacing-trim and no word
/// is wider than the line, with the tests that cannot hold there left out; it must give the lines the
/// general step gives every segment (`plain: true`), which is what the Chromium conformance suite and
/// the golden files were recorded with. Every message of fixtures/corpus at widths from none to
/// unbounded: words wider than the line, tabs, hard breaks, joins (kerning across break
/// opportunities) and fallback fonts.
@Suite("Greedy breaker: common-case loop = general step")
struct GreedyBreakerLoopTests {
    static let texts: [String] = {
        let path = Fixtures.root + "/fixtures/corpus/messages.jsonl"
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["text"] as? String
        } + ["a\tb\t\tc d\te", "tab\t\t\ttab\u{2028}next\n\nend\n", "x" + String(repeating: "y", count: 300) + " z",
             "   ", "", "\n", "a  \u{3000} b\u{00A0}c"]
    }()

    static let widths: [Double] = [-1, 0, 9.5, 37, 95.25, 180, 229, 333, 758, .infinity]

    static let chain = ["Inter-Regular.otf", "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf",
                        "NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf",
                        "NotoSansCJKsc-Regular.subset.otf", "NotoColorEmoji.subset.ttf", "DejaVuSans.ttf"]

    /// The texts whose lines differ between the two, at some width.
    func differences(_ fonts: FontStack, rules: BreakRules) throws -> [String] {
        let shaper = Shaper()
        var differing: [String] = []
        for text in GreedyBreakerLoopTests.texts {
            let prepared = try PreparedText(text, fonts: fonts, rules: rules, shaper: shaper)
            for width in GreedyBreakerLoopTests.widths {
                var joined: [Line] = [], plain: [Line] = []
                prepared.forEachLine(width: width) { line, _ in joined.append(line) }
                prepared.forEachLine(width: width, plain: true) { line, _ in plain.append(line) }
                if joined != plain { differing.append(String(text.prefix(40)) + " @ \(width)") }
            }
        }
        return differing
    }

    func stack(_ names: [String], size: Double) throws -> FontStack {
        let fonts = try names.map { try Font(file: Fixtures.path($0), size: size) }
        return try FontStack(fonts[0], fallbacks: Array(fonts.dropFirst()))
    }

    @Test("TextKit: Inter alone, and the fallback chain behind it")
    func textKit() throws {
        #expect(GreedyBreakerLoopTests.texts.count > 10_000)
        #expect(try differences(stack(["Inter-Regular.otf"], size: 17), rules: TextKitModel.breakRules) == [])
        #expect(try differences(stack(GreedyBreakerLoopTests.chain, size: 17), rules: TextKitModel.breakRules) == [])
    }

    @Test("CSS: the fallback chain (Blink's fit on the LayoutUnit grid), and overflow-wrap: normal")
    func css() throws {
        #expect(try differences(stack(GreedyBreakerLoopTests.chain, size: 16), rules: CSSModel().breakRules) == [])
        let overflowing = CSSModel(text: CSSText(overflowWrap: .normal)).breakRules
        #expect(try differences(stack(["Inter-Regular.otf"], size: 16), rules: overflowing) == [])
    }

    @Test("CSS: word-break: break-all and line-break: anywhere (a line may end inside a word that does not fit it)")
    func cssInsideWords() throws {
        let breakAll = CSSModel(text: CSSText(wordBreak: .breakAll, overflowWrap: .normal)).breakRules
        #expect(try differences(stack(["Inter-Regular.otf"], size: 16), rules: breakAll) == [])
        let anywhere = CSSModel(text: CSSText(lineBreak: .anywhere)).breakRules
        #expect(try differences(stack(["Inter-Regular.otf"], size: 16), rules: anywhere) == [])
    }

    /// What `naturalLineHeight` computed from `FontStack.fonts(in:)` before it read the mask itself.
    func listedHeight(_ fonts: [Font]) -> Double {
        if fonts.count == 1 {
            let m = fonts[0].face.metrics
            return Double(m.hheaAscender - m.hheaDescender + m.hheaLineGap) * fonts[0].metricsScale
        }
        var ascent = 0.0, descent = 0.0, leading = 0.0
        for font in fonts {
            let m = font.face.metrics
            ascent = max(ascent, Double(m.hheaAscender) * font.metricsScale)
            descent = max(descent, Double(-m.hheaDescender) * font.metricsScale)
            leading = max(leading, Double(m.hheaLineGap) * font.metricsScale)
        }
        return ascent + descent + leading
    }

    @Test("TextKit's height of a line with fallback fonts, from its font mask: the fonts the mask names")
    func maskHeights() throws {
        let fonts = try stack(GreedyBreakerLoopTests.chain, size: 17)
        let model = TextKitModel()
        for mask in UInt32(0)..<256 {
            #expect(model.naturalLineHeight(fonts, mask: mask) == listedHeight(fonts.fonts(in: mask)))
        }
        #expect(model.naturalLineHeight(fonts, mask: 1 << 9) == listedHeight(fonts.fonts(in: 1 << 9)))
        #expect(model.naturalLineHeight(fonts, mask: 3 | 1 << 31) == listedHeight(fonts.fonts(in: 3 | 1 << 31)))
    }
}
