import Foundation
import Testing
@testable import TextHeight

/// The fast paths of preparing (the text itemized once, `Itemization`) must give the numbers
/// the plain path gives, which measures every segment, join and hanging run on its own, and shapes
/// every run it does not find in the width cache (no `NominalRuns`): the
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

    /// Ids of the texts whose prepared widths or lines differ between the two paths. The fast path
    /// must take at least `plainSegments` segments through `PlainSegments` (its words met before).
    func differences(_ fonts: FontStack, rules: BreakRules, texts: [(id: String, text: String)],
                     plainSegments: Int = 0) throws -> [String] {
        let fast = Shaper(), plain = Shaper()
        // Nominal runs from the first miss: every run the fast path can measure without shaping is.
        fast.nominalRunsAfterMisses = 0
        plain.itemizesOnce = false
        plain.measuresNominalRuns = false
        var differing: [String] = []
        for (id, text) in texts {
            let a = try PreparedText(text, fonts: fonts, rules: rules, shaper: fast)
            let b = try PreparedText(text, fonts: fonts, rules: rules, shaper: plain)
            // The columns are the tables' memory: both texts are kept alive while they are read.
            let same = withExtendedLifetime((a, b)) {
                Array(a.segmentEnds) == Array(b.segmentEnds) && Array(a.contentEnds) == Array(b.contentEnds)
                    && Array(a.contentWidths) == Array(b.contentWidths) && Array(a.trailingWidths) == Array(b.trailingWidths)
                    && Array(a.joinAdjustments) == Array(b.joinAdjustments) && Array(a.fontMasks) == Array(b.fontMasks)
            } && a.missingGlyphs == b.missingGlyphs && a.endTrims == b.endTrims
                && [120.0, 333].allSatisfy { a.layout(width: $0) == b.layout(width: $0) }
            if !same { differing.append(id) }
        }
        #expect(fast.plainSegments >= plainSegments)
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
                                texts: FastPathTests.messages, plainSegments: 50_000) == [])
        #expect(try differences(stack(["Inter-Regular.otf"] + FastPathTests.chain, size: 17),
                                rules: TextKitModel.breakRules, texts: pairs, plainSegments: 50_000) == [])
    }

    @Test("CSS: the fallback chain behind Inter and behind Noto Sans CJK (kana kerning, text-spacing-trim)")
    func css() throws {
        let rules = CSSModel().breakRules
        #expect(try differences(stack(["Inter-Regular.otf"] + FastPathTests.chain, size: 16), rules: rules,
                                texts: pairs, plainSegments: 50_000) == [])
        let cjkFirst = ["NotoSansCJKsc-Regular.subset.otf"] + FastPathTests.chain.filter { !$0.hasPrefix("NotoSansCJK") }
        #expect(try differences(stack(cjkFirst, size: 16), rules: rules, texts: FastPathTests.messages,
                                plainSegments: 50_000) == [])
        // break-spaces: a space is measured with its word, not hung (PlainSegments' `spaceHangs`).
        var breakSpaces = CSSModel()
        breakSpaces.whiteSpace = .breakSpaces
        #expect(try differences(stack(["Inter-Regular.otf"], size: 16), rules: breakSpaces.breakRules,
                                texts: Array(FastPathTests.messages.prefix(2_000)), plainSegments: 1_000) == [])
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

    /// A one-unit segment that is not a grapheme cluster of its own: U+0600 ARABIC NUMBER SIGN is
    /// UAX #14 AL, which may break before an ideograph, and UAX #29 Prepend, which clusters with
    /// whatever follows (GB9b). The whole text's cluster "؀中" takes one font, the segment "؀" alone
    /// another, so the one-unit path (`Itemization.fontOfUnit`) must leave it to the general one.
    @Test("a one-unit segment inside a grapheme cluster (Prepend)")
    func prependCluster() throws {
        let texts = [("han", "\u{600}中文"), ("kana", "abc \u{600}あい"), ("two", "\u{6DD}中 \u{600}字 عربي")]
        for rules in [TextKitModel.breakRules, CSSModel().breakRules] {
            #expect(try differences(stack(["Inter-Regular.otf"] + FastPathTests.chain, size: 17), rules: rules,
                                    texts: texts) == [])
        }
        // The case is real: "؀" ends a segment of one unit in the first text.
        let fonts = try stack(["Inter-Regular.otf"] + FastPathTests.chain, size: 17)
        let prepared = try PreparedText("\u{600}中文", fonts: fonts, rules: TextKitModel.breakRules)
        // The columns are the table's memory: the text is kept alive while they are read.
        withExtendedLifetime(prepared) { #expect(Array(prepared.segmentEnds.prefix(1)) == [1]) }
    }

    /// A lone trailing space takes its font's width from the stack memo (appendSegment): the same
    /// width as measured, in the primary and in a fallback's run, with and without tracking; and
    /// the memo does hold it afterwards (fails if that rule is switched off).
    @Test("a lone trailing space: the memo's width per font")
    func trailingSpace() throws {
        let fonts = try stack(["Inter-Regular.otf"] + FastPathTests.chain, size: 17)
        // Words met twice take PlainSegments the second time, with the tracking moved as appendSegment moves it.
        let texts = [("latin", "Ta Vo To. AV AT "), ("thai", "สวัสดี ครับ ภาษา ไทย"), ("hebrew", "שלום עולם ויום"),
                     ("mixed", "你好 世界 Hello עולם मराठी भाषा 🙂 ok"),
                     ("again", "Ta Vo To. AV AT Hello עולם ครับ 你好 世界 world\u{3000}ok ok"), ("tab", "ok\tok ok ok")]
        for spacing in [GlyphSpacing.coreText, GlyphSpacing(fontTracking: true, tracking: 1),
                        GlyphSpacing(fontTracking: true, kern: 0.5)] {
            let rules = TextKitModel(measure: .boundingRect, spacing: spacing).breakRules
            #expect(try differences(fonts, rules: rules, texts: texts, plainSegments: 10) == [], "\(spacing)")
        }
        let shaper = Shaper()
        let prepared = try PreparedText("Hello world", fonts: fonts, rules: TextKitModel.breakRules, shaper: shaper)
        let memo = shaper.memo(for: fonts, glyphSpacing: prepared.rules.spacing)
        #expect(!memo.spaceWidths[0].isNaN)
        withExtendedLifetime(prepared) { #expect(memo.spaceWidths[0] == prepared.trailingWidths[0]) }
    }

    /// A word the width cache holds whole (measured alone through `Shaper.advance`) that the text
    /// itemizes as two runs: PlainSegments must leave it to appendSegment, which measures the runs
    /// apart. "Tо" (Cyrillic o): one font, two scripts, kerned only when shaped whole; "a♠b": one
    /// script (♠ is Common), two fonts, as Inter lacks U+2660.
    @Test("a word held whole in the width cache but itemized as two runs")
    func wholeWordTwoRuns() throws {
        let fonts = try stack(["Inter-Regular.otf", "DejaVuSans.ttf"], size: 17)
        for word in ["T\u{43E}", "a\u{2660}b"] {
            let shaper = Shaper()
            let units = Array(word.utf16)
            let whole = units.withUnsafeBufferPointer { shaper.advance(of: $0, in: fonts.primary) }
            let apart = units.withUnsafeBufferPointer { units in
                (0..<units.count).map { shaper.advance(of: UnsafeBufferPointer(rebasing: units[$0..<$0 + 1]), in: fonts.primary) }
            }
            // The seeded entry is not what the runs measure apart: the test can tell them.
            #expect(whole.advance != apart.reduce(0) { $0 + $1.advance } || whole.missingGlyphs != 0, "\(word)")
            let plainShaper = Shaper()
            plainShaper.itemizesOnce = false
            plainShaper.measuresNominalRuns = false
            let text = word + " " + word
            let fast = try PreparedText(text, fonts: fonts, rules: TextKitModel.breakRules, shaper: shaper)
            let plain = try PreparedText(text, fonts: fonts, rules: TextKitModel.breakRules, shaper: plainShaper)
            withExtendedLifetime((fast, plain)) {
                #expect(Array(fast.segmentEnds) == [Int32(word.utf16.count + 1), Int32(text.utf16.count)], "\(word)")
                #expect(Array(fast.contentWidths) == Array(plain.contentWidths), "\(word)")
                #expect(Array(fast.fontMasks) == Array(plain.fontMasks), "\(word)")
            }
            #expect(fast.missingGlyphs == plain.missingGlyphs, "\(word)")
        }
    }

    /// A BMP character's font is kept in the memo's per-character table: U+4E00 and U+5E00, which
    /// shared a slot of the direct-mapped choices, both stay known (fails if that rule is off).
    @Test("a BMP character's font: no collisions")
    func bmpFonts() throws {
        let fonts = try stack(["Inter-Regular.otf"] + FastPathTests.chain, size: 17)
        let shaper = Shaper()
        let prepared = try PreparedText("一 帀 عربي", fonts: fonts, rules: TextKitModel.breakRules, shaper: shaper)
        let memo = shaper.memo(for: fonts, glyphSpacing: prepared.rules.spacing)
        for scalar: UInt32 in [0x4E00, 0x5E00] {
            let covering = fonts.fonts.firstIndex { $0.face.covers(Unicode.Scalar(scalar) ?? " ") } ?? 0
            #expect(memo.font(for: scalar) { Issue.record("U+\(String(scalar, radix: 16)) chosen again"); return -1 }
                    == covering)
        }
    }
}
