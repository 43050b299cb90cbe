import Foundation
import Testing
import CTextHeight
@testable import TextHeight

/// `BreakIterator.forEachBoundary` finds line breaks with textheight's own loop over the ICU
/// iterator's compiled rules (LineBreak.c); ICU's own iteration is the reference it must equal,
/// boundary for boundary, for every locale callers open.
@Suite("Line breaks = ICU's")
struct LineBreakTests {
    /// The locales BreakRules and ChromiumLocale open: root (= strict in ICU 72), CSS normal and
    /// loose, and the CJK tables.
    static let locales = ["", "en", "@lb=normal", "@lb=loose", "@lb=strict", "ja@lb=normal", "ja@lb=loose",
                          "ja@lb=strict", "zh@lb=loose"]

    /// The texts where the own loop and ICU's iteration (same iterator, same rules) differ, and
    /// how many the loop declined (left to ICU).
    static func differences(_ iterator: BreakIterator, reference: BreakIterator? = nil,
                            _ texts: [[UInt16]]) -> (differing: [[UInt16]], declined: Int) {
        let reference = reference ?? iterator
        var differing: [[UInt16]] = []
        var declined = 0
        for units in texts {
            units.withUnsafeBufferPointer { text in
                guard let own = iterator.ownBoundaries(in: text) else {
                    declined += 1
                    return
                }
                var icu: [Int] = []
                reference.forEachICUBoundary(in: text) { position, _ in icu.append(position) }
                if own != icu { differing.append(units) }
            }
        }
        return (differing, declined)
    }

    static func utf16(_ scalars: [UInt32]) -> [UInt16] { GraphemeBreakTests.utf16(scalars) }

    /// Up to `perKey` code points (spread over the code space) of each combination the rules tell
    /// apart: Line_Break class, East_Asian_Width F/W/H or not, QU's Pi/Pf, Extended_Pictographic,
    /// unassigned, marks (SA's Mn/Mc count as CM); and lone surrogates.
    static let samples: [[UInt32]] = {
        var byKey: [Int: [UInt32]] = [:]
        for c in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(c) {
            let scalar = Unicode.Scalar(c)
            let unassigned = scalar?.properties.generalCategory == .unassigned ? 1 : 0
            let key = Int(th_line_break_class(c)) << 8 | Int(th_is_east_asian_wide(c)) << 7
                | Int(th_quotation_kind(c)) << 4 | Int(th_grapheme_class(c) & 0x80 != 0 ? 1 : 0) << 3
                | unassigned << 2 | Int(th_is_mark(c)) << 1
            byKey[key, default: []].append(c)
        }
        var groups = byKey.keys.sorted().map { key -> [UInt32] in
            let all = byKey[key] ?? []
            let step = max(1, all.count / 8)
            return stride(from: 0, to: all.count, by: step).map { all[$0] }
        }
        groups.append([0xD800, 0xDBFF, 0xDC00, 0xDFFF])
        return groups
    }()

    /// The first character of each Line_Break class (ICU's ULineBreak values; SG has none outside
    /// the surrogates, which `samples` covers).
    static let classFirsts: [UInt32] = {
        var first: [Int32: UInt32] = [:]
        for c in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(c) && first[th_line_break_class(c)] == nil {
            first[th_line_break_class(c)] = c
        }
        return first.keys.sorted().compactMap { first[$0] }
    }()

    /// Those, East_Asian_Width variants of OP, CP, QU, BA, ID and IS, the hyphen U+2010 (LB20a's $HH),
    /// emoji, Thai, and the common ASCII classes.
    static let classChars: [UInt32] = classFirsts + [
        0xFF08, 0xFF09, 0x3008, 0x3009, 0x201C, 0x201D, 0x2018, 0x00AB, 0x00BB, 0x3000, 0xFF0C, 0x4E00, 0x2010, 0x2014,
        0x1F600, 0x1F3FB, 0x1F466, 0x1FFFD, 0x0E31, 0x0E01, 0x0300, 0x200D, 0x0020, 0x0041, 0x0031, 0x002E, 0x0024,
        0x0025, 0x0022, 0x0027,
    ]

    /// Pairs of every sample key; triples of one character per class with the wide OP/CP and the
    /// quotes; and SP, CM, ZWJ and their runs between any two: `a SP SP b`, `QU SP OP`, `CL SP NS`,
    /// `B2 SP B2`, `ZW SP`, `OP SP CM`, ….
    static let classTexts: [[UInt16]] = {
        var texts: [[UInt16]] = []
        let keyChars = samples.flatMap { $0.prefix(2) }
        for a in keyChars { for b in keyChars { texts.append(utf16([a, b])) } }
        let triple = classFirsts + [0xFF08, 0xFF09, 0x201C, 0x201D, 0x2010, 0x3000]
        for a in triple { for b in triple { for c in triple { texts.append(utf16([a, b, c])) } } }
        let between: [[UInt32]] = [[0x20], [0x20, 0x20], [0x300], [0x200D], [0x20, 0x300], [0x300, 0x20], [0x200D, 0x20]]
        for a in classChars { for b in classChars { for run in between { texts.append(utf16([a] + run + [b])) } } }
        return texts
    }()

    /// Numbers (PR OP NU IS NU CL PO and the pieces LB25's regex matches or not), regional
    /// indicators, emoji sequences, and random strings over each of those three pools.
    static let sequenceTexts: [[UInt16]] = {
        var texts: [[UInt16]] = [
            "$(1.5)%", "$-1,234.50", "(12)", "-.5", " .5", "a .5", "1/2", "1-2", "US$12", "12€", "€12", "#1", "1.",
            "1.a", "1,,2", "(1)a", "[1]%", "1)(", "+1", "-(1)", "-$1", "1%)", "¥100", "100円", "第1回",
            "🇺🇸🇫🇷", "🇺🇸🇫", "a🇺🇸🇫🇷🇩🇪b", "🇺\u{300}🇸🇫", "🇺🇸\u{200D}🇫🇷", "🇺🇸 🇫🇷",
            "👨\u{200D}👩\u{200D}👧", "👍🏽", "👍\u{FE0F}🏽", "a\u{200D}b", "\u{200D}👍", "🏽", "a🏽", "\u{1FFFD}🏽",
            "\u{300}a", " \u{300}", "a \u{300}b", "( \u{300}a", "\u{201C} (a", "a\u{3000}\u{201C}x", "x\u{2010}y",
            " -a", "a -b", "\u{5D0}-\u{5D1}", "\u{5D0}\u{2010}x", "a\u{200B} b", "\u{200B}  a", "」 ヽ", "—  —",
        ].map { Array($0.utf16) }
        var generator = SplitMix(seed: 14)
        // LB25's classes (PR PO OP CP CL NU IS SY HY) with CM, AL, SP; RIs with CM, ZWJ and others;
        // emoji bases, modifiers, ZWJ, VS16.
        let pools: [[UInt32]] = [
            [0x24, 0x25, 0x28, 0x29, 0x5D, 0x31, 0x2E, 0x2C, 0x2F, 0x2D, 0x300, 0x61, 0x20, 0xA5, 0x2212, 0xFF08, 0x3001],
            [0x1F1FA, 0x1F1F8, 0x1F1EB, 0x300, 0x200D, 0x61, 0x20, 0x29, 0x4E00, 0x2014],
            [0x1F468, 0x1F3FD, 0x200D, 0xFE0F, 0x2764, 0x1F466, 0x261D, 0x1FFFD, 0x20, 0x61, 0x300],
        ]
        for pool in pools {
            for _ in 0..<4_000 {
                let scalars = (0..<(1 + Int(generator.next() % 8))).map { _ in pool[Int(generator.next() % UInt64(pool.count))] }
                texts.append(utf16(scalars))
            }
        }
        return texts
    }()

    @Test("every class against every class, in pairs and triples, and with spaces and marks between")
    func classSequences() throws {
        let iterator = try BreakIterator(TH_BREAK_LINE, locale: "")
        #expect(iterator.hasOwnLoop)
        #expect(LineBreakTests.classFirsts.count == 42)  // ULineBreak 0…42 (ICU 72, Unicode 15.0) but SG
        #expect(LineBreakTests.samples.count >= 70)
        let texts = LineBreakTests.classTexts
        let (differing, declined) = LineBreakTests.differences(iterator, texts)
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        #expect(declined < texts.count / 4)
    }

    @Test("numbers (LB25), regional indicators (LB30a), emoji ZWJ sequences and modifiers (LB8a, LB30b)")
    func sequences() throws {
        let iterator = try BreakIterator(TH_BREAK_LINE, locale: "")
        let (differing, declined) = LineBreakTests.differences(iterator, LineBreakTests.sequenceTexts)
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        #expect(declined == 0)
    }

    static func randomTexts(count: Int, seed: UInt64) -> [[UInt16]] {
        var generator = SplitMix(seed: seed)
        let groups = LineBreakTests.samples
        let common: [UInt32] = [0x20, 0x20, 0x61, 0x31, 0x2E, 0x2C, 0x28, 0x29, 0x22, 0x27, 0x2D, 0x24, 0x25, 0x300,
                                0x200D, 0x200B, 0x1F1FA, 0x1F466, 0x1F3FB, 0x4E00, 0x3002, 0x300C, 0x201C, 0x201D,
                                0x0A, 0x0D, 0x5D0, 0x2014, 0xFE0F, 0x3000, 0xA0, 0x2060]
        return (0..<count).map { _ in
            var scalars: [UInt32] = []
            for _ in 0..<(1 + Int(generator.next() % 10)) {
                if generator.next() % 3 == 0 {
                    scalars.append(common[Int(generator.next() % UInt64(common.count))])
                } else {
                    let group = groups[Int(generator.next() % UInt64(groups.count))]
                    scalars.append(group[Int(generator.next() % UInt64(group.count))])
                }
            }
            return LineBreakTests.utf16(scalars)
        }
    }

    @Test("random sequences of all classes")
    func randomSequences() throws {
        let iterator = try BreakIterator(TH_BREAK_LINE, locale: "")
        let texts = LineBreakTests.randomTexts(count: 30_000, seed: 14)
        let (differing, declined) = LineBreakTests.differences(iterator, texts)
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        #expect(declined < texts.count / 4)
    }

    @Test("the whole corpus, message by message, in every locale callers open")
    func corpus() throws {
        let texts = FastPathTests.messages.map { Array($0.text.utf16) }
        #expect(texts.count > 10_000)
        for locale in LineBreakTests.locales {
            let iterator = try BreakIterator(TH_BREAK_LINE, locale: locale)
            #expect(iterator.hasOwnLoop, "\(locale)")
            let sample = locale == "" ? texts : stride(from: 0, to: texts.count, by: 4).map { texts[$0] }
            let (differing, declined) = LineBreakTests.differences(iterator, sample)
            #expect(differing.isEmpty, "\(locale): \(differing.prefix(3))")
            #expect(declined == 0, "\(locale)")  // Thai too: the rules by the loop, its runs by ICU's dictionary
        }
    }

    /// Runs of SA characters in every context the rules treat apart: real Thai words from the corpus
    /// and Lao, Khmer and Myanmar phrases, joined by spaces, punctuation, digits, marks, joiners,
    /// quotes and other scripts, and split inside (a mark first, a Lao letter amid Thai). ICU's
    /// iteration over the whole text is the reference; each text is asked twice, the second time
    /// from the memo of runs.
    @Test("SA runs beside every kind of neighbour, in every locale callers open")
    func dictionaryRuns() throws {
        let thai = FastPathTests.messages.map(\.text).filter { $0.unicodeScalars.contains { (0x0E01...0x0E5B).contains($0.value) } }
        var runs: [String] = []
        for message in thai.prefix(200) {
            var run = ""
            for scalar in message.unicodeScalars {
                if (0x0E01...0x0E4E).contains(scalar.value) { run.unicodeScalars.append(scalar) } else if !run.isEmpty {
                    runs.append(run)
                    run = ""
                }
            }
            if !run.isEmpty { runs.append(run) }
        }
        runs += ["ສະບາຍດີ", "ພາສາລາວ", "សួស្តី", "ភាសាខ្មែរ", "မင်္ဂလာပါ", "မြန်မာဘာသာ", "\u{0E31}ครับ", "ไทยລາວไทย", "ๆ", "ฯลฯ"]
        let separators = [" ", "  ", "\u{00A0}", ".", ",", "!", "?", "(", ")", "\"", "\u{201C}", "\u{201D}", "-", "\u{2014}",
                          "1", "๑๒", "฿", "a", "abc", "\u{0301}", "\u{200D}", "\u{200B}", "\u{2060}", "\n", "中", "。",
                          "👍", "👍🏽", "\u{0E3A}", "\u{FE0F}", "/", "%", "ـ", "\u{05D0}"]
        var generator = SplitMix(seed: 31)
        var texts: [[UInt16]] = runs.map { Array($0.utf16) }
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<(1 + Int(generator.next() % 6)) {
                if generator.next() % 2 == 0 { text += separators[Int(generator.next() % UInt64(separators.count))] }
                text += runs[Int(generator.next() % UInt64(runs.count))]
            }
            texts.append(Array(text.utf16))
        }
        #expect(runs.count > 300)
        for locale in LineBreakTests.locales {
            let iterator = try BreakIterator(TH_BREAK_LINE, locale: locale)
            for _ in 0..<2 {
                let (differing, declined) = LineBreakTests.differences(iterator, texts)
                #expect(differing.isEmpty, "\(locale): \(differing.prefix(3).map { String(decoding: $0, as: UTF16.self) })")
                #expect(declined == 0, "\(locale)")
            }
        }
    }

    @Test("strict, normal and loose have rules of their own, and the loop follows each")
    func locales() throws {
        let root = try BreakIterator(TH_BREAK_LINE, locale: "")
        let english = try BreakIterator(TH_BREAK_LINE, locale: "en")
        let strict = try BreakIterator(TH_BREAK_LINE, locale: "ja@lb=strict")
        let loose = try BreakIterator(TH_BREAK_LINE, locale: "ja@lb=loose")
        #expect(english.ruleSource == root.ruleSource)
        #expect(strict.ruleSource != root.ruleSource)
        #expect(loose.ruleSource != root.ruleSource)
        // Small kana and ー (CJ) and 々 〜 (NS): no line starts with them under the strict rules (ICU's
        // root: CJ is NS); loose rules let each start one.
        let kana = Array("あぁーア々〜".utf16)
        func boundaries(_ iterator: BreakIterator) -> [Int] {
            var ends: [Int] = []
            kana.withUnsafeBufferPointer { text in iterator.forEachBoundary(in: text) { position, _ in ends.append(position) } }
            return ends
        }
        #expect(boundaries(root) == [3, 6])
        #expect(boundaries(loose) == [1, 2, 3, 4, 5, 6])
        let texts = LineBreakTests.randomTexts(count: 3_000, seed: 72) + [kana]
        for iterator in [strict, loose] {
            let (differing, _) = LineBreakTests.differences(iterator, texts)
            #expect(differing.isEmpty, "\(differing.prefix(3))")
        }
    }

    /// The loop reads each BMP character's category and those of U+1F000…U+1FFFF from tables it
    /// fills range by range when the rules are opened; every such character, beside itself and
    /// beside characters of the classes most texts hold, must break as ICU breaks it.
    @Test("every BMP character and every character of the emoji blocks, beside letters, digits, brackets, spaces, ideographs, punctuation and emoji")
    func everyTabledCharacter() throws {
        let iterator = try BreakIterator(TH_BREAK_LINE, locale: "")
        let context: [UInt32] = [0x61, 0x31, 0x28, 0x29, 0x20, 0x4E00, 0x2D, 0x2E, 0x22, 0x300, 0x2F, 0x25, 0x24, 0x3002,
                                 0x200D, 0x1F466, 0x1F3FB]
        var code = Array(UInt32(0)...0xD7FF) + Array(UInt32(0xE000)...0xFFFF) + Array(UInt32(0x1F000)...0x1FFFF)
        code += [0x1EFFF, 0x20000]  // beside the emoji blocks: the trie's
        let texts = code.map { c in LineBreakTests.utf16(context.flatMap { [c, $0] } + [c, c]) }
        let (differing, declined) = LineBreakTests.differences(iterator, texts)
        #expect(differing.isEmpty, "\(differing.prefix(3).map { String($0[0], radix: 16) })")
        #expect(declined < 1_000)  // the SA characters
    }

    @Test("Thai, Lao, Khmer and Myanmar (SA) runs divided by ICU's dictionaries")
    func dictionary() throws {
        let iterator = try BreakIterator(TH_BREAK_LINE, locale: "")
        for text in ["สวัสดีครับ", "ສະບາຍດີ", "សួស្តី", "မင်္ဂလာပါ", "hello ไทย"] {
            let units = Array(text.utf16)
            units.withUnsafeBufferPointer { buffer in
                var viaLoop: [Int] = [], viaICU: [Int] = []
                iterator.forEachBoundary(in: buffer) { position, _ in viaLoop.append(position) }
                iterator.forEachICUBoundary(in: buffer) { position, _ in viaICU.append(position) }
                #expect(viaLoop == viaICU)
                if text.hasPrefix("สวัส") { #expect(viaICU == [6, 10]) }  // Thai's dictionary: สวัสดี|ครับ
            }
        }
    }

    /// The tests above would notice a loop that lacked a rule: the root rules with one rule
    /// removed, compiled by ICU and run by the loop, differ from ICU's root iterator on them.
    @Test("a loop without LB9, LB15, LB25 or LB30a is caught", arguments: [
        ("LB9: X CM* treated as X", "$CAN_CM$CM+;"),
        ("LB15: QU SP* × OP", "$QU$CM*$SP*$OP;"),
        ("LB25: the number regex", "(($PR|$PO)$CM*)?(($OP|$HY)$CM*)?($IS$CM*)?$NU($CM*($NU|$SY|$IS))*($CM*($CL|$CP))?($CM*($PR|$PO))?;"),
        ("LB30a: RI pairs", "$RI$CM*$RI/[[^$BK$CR$LF$NL$SP$ZW$WJ$CL$CP$EX$IS$SY$GL$QU$BA$HY$NS$IN$CM]];"),
    ])
    func mutations(rule: String, text: String) throws {
        let root = try BreakIterator(TH_BREAK_LINE, locale: "")
        let source = root.ruleSource
        #expect(source.contains(text), "\(rule)")
        let mutated = try #require(BreakIterator(lineRules: Array(source.replacingOccurrences(of: text, with: "").utf16)))
        #expect(mutated.hasOwnLoop)
        let texts = LineBreakTests.sequenceTexts + LineBreakTests.randomTexts(count: 5_000, seed: 9)
        let (differing, _) = LineBreakTests.differences(mutated, reference: root, texts)
        #expect(!differing.isEmpty, "\(rule)")
    }

    @Test("a Thai dictionary boundary before a final newline is not mandatory, by either iteration")
    func thaiBeforeFinalNewline() throws {
        // ICU's rule status would call it hard: a dictionary boundary takes the status of the next rule-based
        // boundary, the one after the "\n". Only the boundary after a line break character is mandatory.
        let iterator = try BreakIterator(TH_BREAK_LINE, locale: "")
        let units = Array("ภาษาไทยง่ายมาก\n".utf16)
        units.withUnsafeBufferPointer { text in
            var own: [Int] = [], icu: [Int] = []
            iterator.forEachBoundary(in: text) { position, hard in if hard { own.append(position) } }
            iterator.forEachICUBoundary(in: text) { position, hard in if hard { icu.append(position) } }
            #expect(own == [text.count])
            #expect(icu == [text.count])
        }
    }
}
