import Foundation
import Testing
@testable import TextHeight

/// The fast paths of preparing (the text itemized once, `Itemization`) must give the numbers
/// the plain path gives, which measures every segment, join and hanging run on its own: the
/// plain path is what the Chromium conformance suite and the golden files were recorded with.
/// Every message of fixtures/corpus, under both models, alone and two by two (mixed-language
/// texts), with a one-font stack and with the fixture fallback chain.
@Suite("Fast path = plain path")
struct FastPathTests {
    static let messages: [(id: String, text: String)] = {
        let path = Fixtures.root + "/fixtures/corpus/messages.jsonl"
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let id = o["id"] as? String, let text = o["text"] as? String else { return nil }
            return (id, text)
        }
    }()

    static let chain = ["NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf", "NotoSansDevanagari-Regular.ttf",
                        "NotoSansThai-Regular.ttf", "NotoSansCJKsc-Regular.subset.otf", "NotoColorEmoji.subset.ttf",
                        "DejaVuSans.ttf"]

    func stack(_ names: [String], size: Double) throws -> FontStack {
        let fonts = try names.map { try Font(file: Fixtures.path($0), size: size) }
        return try FontStack(fonts[0], fallbacks: Array(fonts.dropFirst()))
    }

    /// Ids of the texts whose prepared widths or lines differ between the two paths.
    func differences(_ fonts: FontStack, rules: BreakRules, texts: [(id: String, text: String)]) throws -> [String] {
        let fast = Shaper(), plain = Shaper()
        plain.itemizesOnce = false
        var differing: [String] = []
        for (id, text) in texts {
            let a = try PreparedText(text, fonts: fonts, rules: rules, shaper: fast)
            let b = try PreparedText(text, fonts: fonts, rules: rules, shaper: plain)
            let same = a.segmentEnds == b.segmentEnds && a.contentEnds == b.contentEnds
                && a.contentWidths == b.contentWidths && a.trailingWidths == b.trailingWidths
                && a.joinAdjustments == b.joinAdjustments && a.fontMasks == b.fontMasks
                && a.missingGlyphs == b.missingGlyphs && a.endTrims == b.endTrims
                && [120.0, 333].allSatisfy { a.layout(width: $0) == b.layout(width: $0) }
            if !same { differing.append(id) }
        }
        return differing
    }

    /// Each message once, joined to its neighbour: message 2k, a space, message 2k + 1.
    var pairs: [(id: String, text: String)] {
        let m = FastPathTests.messages
        return stride(from: 0, to: m.count, by: 2).map { k in
            k + 1 < m.count ? (m[k].id + "+", m[k].text + " " + m[k + 1].text) : m[k]
        }
    }

    @Test("TextKit: one font, and the fallback chain")
    func textKit() throws {
        #expect(FastPathTests.messages.count > 10_000)
        #expect(try differences(stack(["Inter-Regular.otf"], size: 17), rules: TextKitModel.breakRules,
                                texts: FastPathTests.messages) == [])
        #expect(try differences(stack(["Inter-Regular.otf"] + FastPathTests.chain, size: 17),
                                rules: TextKitModel.breakRules, texts: pairs) == [])
    }

    @Test("CSS: the fallback chain behind Inter and behind Noto Sans CJK (kana kerning, text-spacing-trim)")
    func css() throws {
        let rules = CSSModel().breakRules
        #expect(try differences(stack(["Inter-Regular.otf"] + FastPathTests.chain, size: 16), rules: rules,
                                texts: pairs) == [])
        let cjkFirst = ["NotoSansCJKsc-Regular.subset.otf"] + FastPathTests.chain.filter { !$0.hasPrefix("NotoSansCJK") }
        #expect(try differences(stack(cjkFirst, size: 16), rules: rules, texts: FastPathTests.messages) == [])
    }

    /// U+0000 inside a word: Inter lacks it and Noto Sans Arabic has it, so the per-cluster choice
    /// of the whole text (needed for the Arabic) draws it with the fallback, while the word alone is
    /// covered plainly by Inter (controls are skipped there): only that word must leave the fast path.
    @Test("an ASCII control character the primary lacks, inside a word")
    func uncoveredControl() throws {
        let texts = [("nul", "abc\u{0}def عربي xyz"), ("nul-end", "عربي abc\u{0}"), ("two", "a\u{0}b c\u{0}d مرحبا")]
        #expect(try differences(stack(["Inter-Regular.otf", "NotoSansArabic-Regular.ttf"], size: 17),
                                rules: TextKitModel.breakRules, texts: texts) == [])
    }
}
