import Testing
@testable import TextHeight

/// Runs of characters HarfBuzz keeps as their nominal glyphs, but for pair kerning, are measured
/// without shaping (`NominalRuns`): their glyphs' advances plus the kerning learnt from runs
/// HarfBuzz shaped. The expected values come from HarfBuzz itself (every run shaped) and, for a
/// few pairs, from the font's own tables.
@Suite("Nominal runs = HarfBuzz")
struct NominalRunsTests {
    typealias Advance = (advance: Int64, missingGlyphs: Int32, advancingGlyphs: Int32)

    /// Measures through the plain runs' path, with or without `NominalRuns`.
    final class Measurer {
        let shaper = Shaper()
        let cache = WidthCache()
        let font: Font

        init(_ font: Font, nominal: Bool, readsKerning: Bool = true) {
            self.font = font
            shaper.measuresNominalRuns = nominal
            shaper.nominalRunsAfterMisses = 0
            shaper.readsKerningTables = readsKerning
        }

        func advance(_ units: [UInt16]) -> Advance {
            units.withUnsafeBufferPointer { units in
                shaper.advance(of: units, hash: WidthCache.hash(units), cache: cache, instance: font.instance)
            }
        }
    }

    /// Every word of the corpus (split at spaces), then every whole message: measured without
    /// shaping where it qualifies, it must advance exactly as HarfBuzz shapes it, and count the
    /// same advancing and missing glyphs. (Inter's contextual alternates reach most of its Latin,
    /// so fewer of its runs qualify.)
    @Test("every word and message of the corpus", arguments: [
        ("NotoSansCJKsc-Regular.subset.otf", 16.0, 10_000), ("Inter-Regular.otf", 17.0, 1_000),
        ("DejaVuSansMono.ttf", 13.0, 10_000), ("NotoSansHebrew-Regular.ttf", 16.0, 1_000),
        ("NotoSansThai-Regular.ttf", 16.0, 400),
    ])
    func corpus(file: String, size: Double, measuredAtLeast: Int) throws {
        let font = try Font(file: Fixtures.path(file), size: size)
        let shaped = Measurer(font, nominal: false)
        // Kerning read from the tables, and learnt from shaped runs.
        for nominal in [Measurer(font, nominal: true), Measurer(font, nominal: true, readsKerning: false)] {
            var differing: [String] = []
            func compare(_ units: [UInt16]) {
                guard !units.isEmpty else { return }
                let a = nominal.advance(units), b = shaped.advance(units)
                if a != b { differing.append(String(decoding: units, as: UTF16.self)) }
            }
            for (_, text) in FastPathTests.messages {
                for word in text.split(separator: " ") { compare(Array(word.utf16)) }
            }
            for (_, text) in FastPathTests.messages { compare(Array(text.utf16)) }
            let mode = nominal.shaper.readsKerningTables ? "read" : "learnt"
            #expect(nominal.shaper.nominalRunsMeasured > measuredAtLeast, "\(file), \(mode): the comparison is not vacuous")
            #expect(!nominal.shaper.nominalRunsBroken)
            #expect(differing.isEmpty, "\(file), \(mode): \(differing.count) differ: \(differing.prefix(8))")
        }
    }

    /// Characters HarfBuzz does not keep as their own glyph at their own advance, inside words whose
    /// pairs are all learnt first: marks (composed or positioned), joiners and other format
    /// characters, a soft hyphen, variation selectors, a Hangul filler, the fraction slash (numr
    /// and dnom forms), singleton decompositions (Ω ohm sign, Å angstrom sign, an en quad, CJK
    /// compatibility ideographs: HarfBuzz keeps each as the font's glyph for it), and precomposed letters.
    @Test("marks, format characters, singletons and fractions inside words", arguments: [
        ("NotoSansCJKsc-Regular.subset.otf", 16.0), ("Inter-Regular.otf", 17.0), ("DejaVuSansMono.ttf", 13.0),
    ])
    func specialCharacters(file: String, size: Double) throws {
        let font = try Font(file: Fixtures.path(file), size: size)
        let shaped = Measurer(font, nominal: false)
        for nominal in [Measurer(font, nominal: true), Measurer(font, nominal: true, readsKerning: false)] {
            try specialCharacters(nominal, shaped, file: file)
        }
    }

    func specialCharacters(_ nominal: Measurer, _ shaped: Measurer, file: String) throws {
        let specials: [String] = ["\u{301}", "\u{308}", "\u{200D}", "\u{200C}", "\u{AD}", "\u{FE0F}", "\u{3164}",
                                  "\u{2044}", "\u{2215}", "\u{2126}", "\u{212B}", "\u{2000}", "\u{F900}", "\u{FA10}",
                                  "\u{2F00}", "\u{E9}", "\u{1EC7}", "\u{2011}", "\u{A0}", "\u{9}", "\u{34F}"]
        var differing: [String] = []
        for special in specials {
            for word in ["ab", "a" + special + "b", special + "ab", "ab" + special, "1" + special + "2",
                         "一" + special + "二", "\u{3042}" + special + "\u{3044}"] {
                let units = Array(word.utf16)
                // Twice: the second measure finds every pair learnt.
                for _ in 0..<2 where nominal.advance(units) != shaped.advance(units) {
                    differing.append(word.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
                }
            }
        }
        #expect(differing.isEmpty, "\(file): \(differing.prefix(8))")
        #expect(!nominal.shaper.nominalRunsBroken)
    }

    /// Noto Sans CJK SC's Latin, from its tables (fontTools): hmtx L 543, T 599, o 606 units; its
    /// horizontal kerning lookup (GPOS lookup 3, PairPos format 2) gives L·T −134 (classes 48, 19)
    /// and T·o −74 (classes 61, 12), o·T −64 (classes 52, 19). Once HarfBuzz has shaped "LTo",
    /// "LT" and "To" are measured without shaping, from those numbers; "oT" is not learnt yet.
    @Test("kerning learnt from one word measures another (Noto Sans CJK SC, hand arithmetic)")
    func learntKerning() throws {
        let font = try Font(file: Fixtures.path("NotoSansCJKsc-Regular.subset.otf"), size: 16)
        let measurer = Measurer(font, nominal: true, readsKerning: false)
        #expect(measurer.advance(Array("LTo".utf16)).advance == 543 - 134 + 599 - 74 + 606)
        #expect(measurer.shaper.nominalRunsMeasured == 0)
        #expect(measurer.advance(Array("LT".utf16)).advance == 543 - 134 + 599)
        #expect(measurer.advance(Array("To".utf16)).advance == 599 - 74 + 606)
        #expect(measurer.advance(Array("oT".utf16)).advance == 606 - 64 + 599)
        #expect(measurer.shaper.nominalRunsMeasured == 2)
    }

    /// NominalRules.ttf (fixtures/fonts/build-nominal-rules-font.py, UPM 1000) has two kerning lookups HarfBuzz
    /// applies otherwise than pair by pair, so their glyphs must be shaped (NominalGlyphs blocks them):
    /// - A·V has a second value record (value1 XAdvance −50, value2 −30); HarfBuzz then goes on after V, so the
    ///   V·A −80 of the same lookup is not applied in "AVA" but is in "VA";
    /// - T·o −90 skips base glyphs (lookupflag 2): HarfBuzz kerns T with o across the base glyph x in "Txo", not
    ///   in "Tx". Counted as pairs, "AVA" would teach V·A −30 and "Txo" T·x −90, wrong for "VA" and "Tx".
    /// Its `mark` feature does not make HarfBuzz (6.0) decompose U+2126 OHM SIGN to Ω: it shapes its own glyph
    /// (760 units, Ω 700), as `NominalRuns.classify` expects. Its conjoining jamo ᄀ ᅡ ᆨ must be shaped:
    /// HarfBuzz's Hangul shaper composes 가 into 가 (900) and 각 into 각 (950) without any lookup.
    /// Its parentheses differ in width (( 300, ) 360): in a Hebrew run (א 580) HarfBuzz shapes each as the
    /// other's glyph, so "א(" is 580 + 360; measured as nominal glyphs it would be 580 + 300. Its `kern` has
    /// alef alef −100 under the DFLT script only, which HarfBuzz's Hebrew shaper does not apply.
    /// Expected: HarfBuzz shaping every run, and the hand arithmetic below from the font's tables (HarfBuzz
    /// gives the same: A 650, V 640, T 600, o 550, x 480, a 500, b 520).
    @Test("kerning HarfBuzz applies otherwise than pair by pair (NominalRules.ttf)")
    func rulesNoOtherFixtureReaches() throws {
        let font = try Font(file: Fixtures.path("NominalRules.ttf"), size: 16)
        let nominal = Measurer(font, nominal: true), shaped = Measurer(font, nominal: false)
        // Learning words first: a wrongly learnt pair shows in the later ones.
        let words = ["AVA", "VA", "AV", "AVAV", "VAV", "aAVAb", "Txo", "Tx", "To", "xTo", "Txxo", "Tox", "TxoTx",
                     "AVTxo", "a\u{2126}b", "\u{2126}", "a\u{3A9}b", "\u{2126}\u{3A9}", "ab", "xab", "bax",
                     "\u{AC00}\u{11A8}", "\u{1100}\u{1161}", "\u{AC00}\u{AC00}\u{11A8}", "\u{1100}\u{1161}\u{11A8}",
                     "\u{AC00}\u{AC01}", "\u{11A8}\u{AC00}", "\u{5D0}\u{5D0}", "\u{5D0}(", "(\u{5D0})", "a(b)",
                     "a1b", "1b", "b1", "11", "1", "2x", "a2x", "2b", "22", "33", "333", "3", "a3b", "13", "31x",
                     "4", "a4b", "44", "14"]
        let differing = NominalRunsTests.differing(words, nominal, shaped)
        #expect(differing.isEmpty, "\(differing)")
        #expect(!nominal.shaper.nominalRunsBroken)
        #expect(nominal.shaper.nominalRunsMeasured > 0, "the comparison is not vacuous")
        func width(_ word: String) -> Int64 { shaped.advance(Array(word.utf16)).advance }
        #expect(width("AVA") == 650 - 50 + 640 - 30 + 650)
        #expect(width("VA") == 640 - 80 + 650)
        #expect(width("Txo") == 600 - 90 + 480 + 550)
        #expect(width("Tx") == 600 + 480)
        #expect(width("a\u{2126}b") == 500 + 760 + 520)
        #expect(width("\u{1100}\u{1161}") == 900)
        #expect(width("\u{AC00}\u{AC00}\u{11A8}") == 900 + 950)
        #expect(width("\u{5D0}(") == 580 + 360)
        // alef alef −100 is in a `kern` lookup of the DFLT script only: the Hebrew shaper applies GPOS only
        // with a 'hebr' script (the review's probe; a plan lookup read as kerning gave 1060).
        #expect(width("\u{5D0}\u{5D0}") == 580 + 580)
        #expect(width("a(b)") == 500 + 300 + 520 + 360)
        // Single substitutions (`locl`): one → one.alt kerns with b by −40 (one b −70 is never reached);
        // two x forms twox before two → two.alt could; three.alt three.alt forms threes after it.
        #expect(width("a1b") == 500 + 620 - 40 + 520)
        #expect(width("2x") == 900)
        #expect(width("2b") == 560 + 520)
        #expect(width("33") == 1000)
        #expect(width("3") == 530)
        #expect(width("4") == 580)  // four → four.alt → four.alt2: two single substitutions in turn
    }

    /// A glyph a single substitution replaces wherever it stands is measured as its substitute without
    /// shaping (`NominalGlyphs.substitutes`); one whose substitute another lookup reads is shaped
    /// (three.alt by a ligature, four.alt by a second single substitution).
    @Test("single substitutions measured glyph by glyph (NominalRules.ttf, hand arithmetic)")
    func singleSubstitutions() throws {
        let font = try Font(file: Fixtures.path("NominalRules.ttf"), size: 16)
        let nominal = Measurer(font, nominal: true)
        #expect(nominal.advance(Array("a1b".utf16)).advance == 500 + 620 - 40 + 520)
        #expect(nominal.shaper.nominalRunsMeasured == 1)
        #expect(nominal.advance(Array("33".utf16)).advance == 1000)
        #expect(nominal.advance(Array("2x".utf16)).advance == 900)
        #expect(nominal.advance(Array("a4b".utf16)).advance == 500 + 580 + 520)
        #expect(nominal.shaper.nominalRunsMeasured == 1, "runs with 2, 3 or 4 are shaped")
    }

    /// Single substitutions in features HarfBuzz masks to a few characters (NominalMasked.ttf,
    /// build-nominal-masked-font.py): `numr`, `dnom` and `frac` apply only around a fraction slash, `ljmo` only
    /// to conjoining jamo, so 1, 2 and 가 keep their own glyphs; read as substitutions of every run, they were
    /// measured as one.numr (300 units), two.dnom and ga.ljmo. `rtlm` does apply to א (HarfBuzz masks it on
    /// every character of a right-to-left run it does not swap for a mirror): alef.rtlm, 380. b, which a single
    /// positioning would widen by 100, is b.alt (540) before GPOS runs: measured so without shaping.
    /// Expected: the font's hmtx (hand arithmetic), which HarfBuzz shaping every run gives too.
    @Test("substitutions HarfBuzz applies to a few characters only (NominalMasked.ttf, hand arithmetic)")
    func maskedFeatures() throws {
        let font = try Font(file: Fixtures.path("NominalMasked.ttf"), size: 16)
        let nominal = Measurer(font, nominal: true), shaped = Measurer(font, nominal: false)
        let widths: [(word: String, width: Int64)] = [
            ("1", 500), ("a1", 500 + 500), ("12", 500 + 500), ("2", 500), ("\u{5D0}", 380), ("\u{5D0}\u{5D0}", 2 * 380),
            ("\u{AC00}", 900), ("b", 540), ("ab", 500 + 540),
            ("1\u{2044}2", 300 + 150 + 320),  // numr, frac, dnom around the fraction slash (shaped: it never qualifies)
        ]
        for (word, width) in widths {
            #expect(nominal.advance(Array(word.utf16)).advance == width, "\(word)")
            #expect(shaped.advance(Array(word.utf16)).advance == width, "\(word)")
        }
        #expect(nominal.shaper.nominalRunsMeasured == widths.count - 1, "all but the fraction measured without shaping")
    }

    /// The same numbers read from the kerning lookup's PairPos format 2 subtable (`NominalGlyphs.kern`):
    /// no word needs shaping first, and a pair whose classes have no kerning (T·L, classes 61, 0) adds nothing.
    @Test("kerning read from the font's pair lookups (Noto Sans CJK SC, hand arithmetic)")
    func readKerning() throws {
        let font = try Font(file: Fixtures.path("NotoSansCJKsc-Regular.subset.otf"), size: 16)
        let measurer = Measurer(font, nominal: true)
        #expect(measurer.advance(Array("LTo".utf16)).advance == 543 - 134 + 599 - 74 + 606)
        #expect(measurer.advance(Array("oT".utf16)).advance == 606 - 64 + 599)
        #expect(measurer.advance(Array("TL".utf16)).advance == 599 + 543)
        #expect(measurer.shaper.nominalRunsMeasured == 3)
    }

    /// A Shaper makes its run measurers once it has shaped 64 cache misses (`nominalRunsAfterMisses`):
    /// a short job (one `textheight` call) never pays for reading the plan's lookups. Widths are the
    /// same either way; only the count of runs measured without shaping shows it.
    @Test("run measurers are made after 64 misses")
    func measurerAfterMisses() throws {
        let font = try Font(file: Fixtures.path("NotoSansCJKsc-Regular.subset.otf"), size: 16)
        let shaper = Shaper(), cache = WidthCache()
        let shaped = Measurer(font, nominal: false)
        let words: [[UInt16]] = (0..<80).map { (k: Int) -> [UInt16] in
            [UInt16(0x61 + k % 26), UInt16(0x61 + k / 26), 0x78]
        }
        for (k, word) in words.enumerated() {
            let measured = word.withUnsafeBufferPointer { units in
                shaper.advance(of: units, hash: WidthCache.hash(units), cache: cache, instance: font.instance)
            }
            #expect(measured == shaped.advance(word))
            if k == 63 { #expect(shaper.nominalRunsMeasured == 0, "shaped until the 64th miss") }
        }
        #expect(shaper.nominalRunsMeasured == 16)
    }

    /// Hebrew runs right to left, and HarfBuzz applies its kerning lookup in logical order (the
    /// buffer is reversed after positioning): Noto Sans Hebrew's PairPos format 1 (fontTools) has
    /// א·ל −6 but no ל·א, and ד·ב −40 against ב·ד −12; hmtx: א 632, ל 522, ד 542, ב 572. Both with the
    /// kerning read from the table and learnt from a shaped word (its glyphs come back in visual order).
    @Test("Hebrew: pairs kerned in logical order (Noto Sans Hebrew, hand arithmetic)")
    func hebrewKerning() throws {
        let font = try Font(file: Fixtures.path("NotoSansHebrew-Regular.ttf"), size: 16)
        for measurer in [Measurer(font, nominal: true), Measurer(font, nominal: true, readsKerning: false)] {
            let learning = !measurer.shaper.readsKerningTables
            // Learning: words holding the pairs are shaped first.
            if learning { _ = (measurer.advance(Array("דבא".utf16)), measurer.advance(Array("גאל".utf16))) }
            #expect(measurer.advance(Array("אל".utf16)).advance == 632 - 6 + 522)
            #expect(measurer.advance(Array("לא".utf16)).advance == 522 + 632)
            #expect(measurer.advance(Array("דב".utf16)).advance == 542 - 40 + 572)
            #expect(measurer.advance(Array("בד".utf16)).advance == 572 - 12 + 542)
            #expect(!measurer.shaper.nominalRunsBroken)
            // Learning has not seen ל·א and ב·ד: those two are shaped.
            #expect(measurer.shaper.nominalRunsMeasured == (learning ? 2 : 4))
        }
    }

    /// Thai marks stand in measured runs (`NominalGlyphs.markRules`): Noto Sans Thai's (fontTools) are GDEF
    /// class 3 with hmtx 0, zeroed by HarfBuzz after GPOS anyway, and its kerning lookup (GPOS lookup 0) has
    /// lookupflag IgnoreMarks, so a base kerns with the next base across marks. hmtx: แ 568, ร 488, ไ 304,
    /// ข 547, เ 295, ส 572, อ 574, ๙ 504, ๘ 565; PairPos format 1: แ·ร −10, ๙·๘ −10; format 2: ไ·ข −12
    /// (classes 0, 2), เ·ส −10 (classes 0, 11). ฤ (U+0E24) is an input of ccmp's contextual lookup and of
    /// liga: runs holding it are shaped. SARA AM (ำ) is decomposed by the Thai shaper whatever the font into
    /// NIKHAHIT (ํ, GDEF class 3, hmtx 0) and SARA AA (า, no GDEF class, hmtx 406, in no PairPos pair: class 0
    /// of the class-based subtables, all zero; only ccmp's multiple substitution of ำ names it, as output), the
    /// NIKHAHIT moved before a tone mark: ท 609, น 613, จ 532, ค 614 (GDEF class 1), so ทำ is 609 + 406.
    @Test("Thai: marks add nothing, kerning skips them (Noto Sans Thai, hand arithmetic)")
    func thaiMarks() throws {
        let font = try Font(file: Fixtures.path("NotoSansThai-Regular.ttf"), size: 16)
        let shaped = Measurer(font, nominal: false)
        for measurer in [Measurer(font, nominal: true), Measurer(font, nominal: true, readsKerning: false)] {
            let learning = !measurer.shaper.readsKerningTables
            // Learning: words holding the pairs are shaped first.
            if learning {
                for word in ["แรก", "ไขมัน", "เสือ", "๙๘", "ทำไม", "น้ำตา", "จำนวน", "ค่ำคืน"] {
                    _ = measurer.advance(Array(word.utf16))
                }
            }
            let before = measurer.shaper.nominalRunsMeasured
            #expect(measurer.advance(Array("แร่".utf16)).advance == 568 - 10 + 488)
            #expect(measurer.advance(Array("ไข่".utf16)).advance == 304 - 12 + 547)
            #expect(measurer.advance(Array("เสื้อ".utf16)).advance == 295 - 10 + 572 + 574)
            #expect(measurer.advance(Array("๙\u{E48}๘".utf16)).advance == 504 - 10 + 565)
            // A leading mark: HarfBuzz adds no dotted circle (the buffer has no HB_BUFFER_FLAG_BOT).
            #expect(measurer.advance(Array("\u{E48}ก".utf16)) == shaped.advance(Array("\u{E48}ก".utf16)))
            #expect(measurer.shaper.nominalRunsMeasured == before + 5)
            // SARA AM after a base and after a tone mark (HarfBuzz: ท ํ า, น ํ ้ า, จ ํ า, ค ํ ่ า).
            for (word, width) in [("ทำ", 609 + 406), ("น้ำ", 613 + 406), ("จำ", 532 + 406), ("ค่ำ", 614 + 406)] as [(String, Int64)] {
                let measured = measurer.advance(Array(word.utf16))
                #expect(measured == shaped.advance(Array(word.utf16)), "\(word)")
                #expect(measured.advance == width, "\(word)")
            }
            #expect(measurer.shaper.nominalRunsMeasured == before + 9, "SARA AM measured")
            for word in ["ฤๅ", "ฤดู"] {
                #expect(measurer.advance(Array(word.utf16)) == shaped.advance(Array(word.utf16)), "\(word)")
            }
            #expect(measurer.shaper.nominalRunsMeasured == before + 9, "ฤ is shaped")
            #expect(!measurer.shaper.nominalRunsBroken)
        }
    }

    /// Thai fonts built to reach the rules of marks Noto Sans Thai does not (fixtures/fonts/build-thai-rules-fonts.py,
    /// UPM 1000; ก 600, ข 550, ง 520, า 400, ำ 450, ่ 120 in hmtx but a GDEF mark, ํ 0):
    /// - ThaiRules.ttf: its liga (IgnoreMarks) joins ก า into a 900-unit ligature across ่, so a base some GSUB
    ///   lookup reads may not stand beside a mark; its kern (IgnoreMarks) has ข·ง −50 across ่, whose 120 HarfBuzz
    ///   zeroes; SARA AM, which no lookup reads, is decomposed into ํ and า by HarfBuzz's Thai shaper; ั (130) is a
    ///   nonspacing mark whose glyph is no GDEF mark, never zeroed; a contextual positioning at ํ calls a pair
    ///   lookup that widens the next ง by 100 (value2), though no lookup of the plan reads ง as input; HarfBuzz
    ///   composes e U+0301 into é (560), so only Thai marks qualify.
    /// - ThaiMarkToBase.ttf: ccmp turns ่ into a 200-unit glyph that is no mark, so no mark qualifies.
    /// - ThaiNoScript.ttf: no GSUB for Thai, so HarfBuzz uses the PUA form of ่ after ก (U+F70A, 150, no mark).
    /// - ThaiKernsMarks.ttf: its kern does not ignore marks (ข·่ −30, ข·ง −50, ข·า −40): ข kerns with ่, not with ง,
    ///   nor with the า of SARA AM (ข ํ า), whose NIKHAHIT does not qualify.
    /// - ThaiSaraAm.ttf: its kern ignores marks (ข·า −40, า·ง −20): SARA AM counts as า (400, not ำ's 450) after
    ///   NIKHAHIT, which HarfBuzz moves before a tone mark (ข ํ ่ า ง).
    /// - ThaiSaraAaLiga.ttf: its liga joins the ํ า of SARA AM back into ำ (450): SARA AA is read by GSUB.
    /// Expected: HarfBuzz shaping each run, and the fonts' numbers.
    static let thaiFixtures: [(file: String, words: [String], widths: [(word: String, width: Int64)])] = [
        ("ThaiRules.ttf", ["ข่ง", "ก่า", "ขำ", "ขั", "ขํง", "ขe\u{301}", "กา", "ข่", "ง่ข", "ขง", "ก่ก"],
         [("ข่ง", 550 - 50 + 520), ("ก่า", 900), ("ขำ", 550 + 400), ("ขั", 550 + 130), ("ขํง", 550 - 50 + 520 + 100),
          ("ขe\u{301}", 550 + 560)]),
        ("ThaiMarkToBase.ttf", ["ก่", "ขก่", "ก"], [("ก่", 600 + 200)]),
        ("ThaiNoScript.ttf", ["ก่", "ข่ง", "ก"], [("ก่", 600 + 150)]),
        ("ThaiKernsMarks.ttf", ["ข่ง", "ขง", "ข่", "กก", "ขำ"],
         [("ข่ง", 550 - 30 + 520), ("ขง", 550 - 50 + 520), ("ขำ", 550 + 400)]),
        ("ThaiSaraAm.ttf", ["ขำ", "ข่ำง", "ขำง", "ำ", "กำ", "ขง"],
         [("ขำ", 550 - 40 + 400), ("ข่ำง", 550 - 40 + 400 - 20 + 520)]),
        ("ThaiSaraAaLiga.ttf", ["ขำ", "ข่ำ", "ข่", "ขข"], [("ขำ", 550 + 450), ("ข่ำ", 550 + 400)]),
        // The review's probes: a base beside a mark decomposed (Ω U+2126 → Ω U+03A9), and a mark GSUB
        // makes that a contextual positioning reads.
        ("ThaiSingleton.ttf", ["ก\u{2126}\u{E48}", "ก\u{212A}\u{E48}", "ก\u{2126}", "\u{2126}\u{E48}ก", "กก"],
         [("ก\u{2126}\u{E48}", 600 + 700), ("ก\u{212A}\u{E48}", 600 + 650), ("ก\u{2126}", 600 + 500)]),
        ("ThaiMadeMarkPositioned.ttf", ["ข่ง", "ขง", "ข่", "่่"], [("ข่ง", 550 + 520 + 100)]),
    ]

    /// The words whose width `nominal` measures otherwise than `shaped`, each asked twice (the second
    /// time from the width cache).
    static func differing(_ words: [String], _ nominal: Measurer, _ shaped: Measurer) -> [String] {
        var differing: [String] = []
        for word in words {
            let units = Array(word.utf16)
            for _ in 0..<2 where nominal.advance(units) != shaped.advance(units) { differing.append(word) }
        }
        return differing
    }

    @Test("Thai: rules of marks no other fixture reaches (built fonts, hand arithmetic)",
          arguments: NominalRunsTests.thaiFixtures)
    func thaiRulesNoOtherFixtureReaches(file: String, words: [String], widths: [(word: String, width: Int64)]) throws {
        let font = try Font(file: Fixtures.path(file), size: 16)
        let shaped = Measurer(font, nominal: false)
        for nominal in [Measurer(font, nominal: true), Measurer(font, nominal: true, readsKerning: false)] {
            let differing = NominalRunsTests.differing(words, nominal, shaped)
            #expect(differing.isEmpty, "\(file): \(differing)")
            #expect(!nominal.shaper.nominalRunsBroken)
            #expect(nominal.shaper.nominalRunsMeasured > 0, "\(file): the comparison is not vacuous")
        }
        for (word, width) in widths { #expect(shaped.advance(Array(word.utf16)).advance == width, "\(word)") }
    }

    /// Malformed layout tables HarfBuzz reads otherwise than their bytes say (the review of round 6;
    /// fixtures/fonts/build-hostile-layout-fonts.py): HostileKern.ttf's second PairPos subtable
    /// (X Z −200) has a truncated values array, which HarfBuzz's sanitizer empties in its own copy,
    /// so "XZ" is 600 + 620 while "XY" keeps its −100; HostileMaxp.ttf claims 2 glyphs in `maxp`
    /// while cmap and hmtx use 81, and its `liga` turns A C (g70 g72) into g1 (501 units).
    /// Expected: HarfBuzz shaping each run, and the font's own numbers.
    @Test("malformed layout tables: what HarfBuzz's sanitized copy and glyph count say")
    func malformedTables() throws {
        for (file, words) in [("HostileKern.ttf", ["XZ", "XY", "XYZ", "ZX", "XZX", "YXZ"]),
                              ("HostileMaxp.ttf", ["AC", "CA", "ACA", "LA", "AL", "A C"])] {
            let font = try Font(file: Fixtures.path(file), size: 16)
            let nominal = Measurer(font, nominal: true), shaped = Measurer(font, nominal: false)
            var differing: [String] = []
            for word in words {
                let units = Array(word.utf16)
                for _ in 0..<2 where nominal.advance(units) != shaped.advance(units) { differing.append(word) }
            }
            #expect(differing.isEmpty, "\(file): \(differing)")
            // Kern: X, Y and Z qualify, their pairs learnt; Maxp: every glyph past the count is shaped.
            #expect((nominal.shaper.nominalRunsMeasured > 0) == (file == "HostileKern.ttf"), "\(file)")
        }
        func width(_ file: String, _ word: String) throws -> Int64 {
            Measurer(try Font(file: Fixtures.path(file), size: 16), nominal: true).advance(Array(word.utf16)).advance
        }
        #expect(try width("HostileKern.ttf", "XZ") == 600 + 620)
        #expect(try width("HostileKern.ttf", "XY") == 600 - 100 + 610)
        #expect(try width("HostileMaxp.ttf", "AC") == 501)
    }
}
