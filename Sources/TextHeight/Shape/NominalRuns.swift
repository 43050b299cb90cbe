import CHarfBuzz

/// Measures a run without HarfBuzz when its characters qualify (`NominalGlyphs`): their advances
/// plus the kerning of each neighbouring pair, read from the font's kerning lookups (or, where
/// those cannot be read, learnt from the runs HarfBuzz shapes: a word seen for the first time
/// mostly consists of pairs seen before). The width cache's misses of Latin, Cyrillic, Greek and
/// kana text then stop costing a shaping each (Noto Sans CJK SC shapes a Latin character in about
/// 1,450 instructions, its kerning lookup alone 800).
///
/// One per Shaper, face instance and script: the plain runs of `Shaper.advance(of:hash:cache:instance:)`,
/// shaped with the instance's features, no language and the script HarfBuzz guesses.
final class NominalRuns {
    private let hbFont: OpaquePointer
    private let glyphs: NominalGlyphs
    private let script: hb_script_t
    /// Hebrew: HarfBuzz shapes the run right to left, mirroring characters such as parentheses
    /// (`hb_ot_mirror_chars`, or the `rtlm` feature where the font lacks the mirror) and handing the
    /// glyphs back in visual order. Lookups still apply in logical order (the buffer is reversed
    /// after positioning), so a pair's kerning is read as for a left-to-right run.
    private let isRightToLeft: Bool
    /// Thai: HarfBuzz's Thai shaper decomposes SARA AM whatever the font (`classifySaraAm`), and marks may
    /// qualify (`NominalGlyphs.marks`).
    private let isThai: Bool
    /// Per BMP character, in pages of 256 made at first use: 0 until classified, else
    /// `state | startsLigature | glyph << 8 | advance << 32`. (One 512 KB table, zeroed, would cost
    /// a fresh Shaper a clearing per script once glibc serves it from the heap; a script's text
    /// touches few pages.)
    private let pages: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>?>
    /// Kerning per pair of neighbouring characters whose first one kerns: `pair << 32 | kern`
    /// (the kern's 32-bit pattern); 0 for an empty slot (no pair starts with U+0000: it never qualifies).
    private var pairs: UnsafeMutablePointer<UInt64>
    private var pairMask: Int
    private var pairCount = 0
    private static let maxPairs = 1 << 20
    /// Set when HarfBuzz shaped a qualifying run otherwise than the pair rule says: nothing more
    /// is computed (a safeguard; no font of the tests or the benchmark sets it).
    private(set) var isBroken = false

    private static let unknown: UInt64 = 0, excluded: UInt64 = 1, plain: UInt64 = 2, kerns: UInt64 = 3
    private static let stateBits: UInt64 = 3, startsLigature: UInt64 = 4
    /// Thai: a mark of `NominalGlyphs.marks` (advance 0, no kerning), and a base some GSUB lookup reads
    /// (`NominalGlyphs.substituted`: it may not stand beside a mark).
    private static let isMark: UInt64 = 8, substituted: UInt64 = 16
    /// Thai: SARA AM, measured as SARA AA with a NIKHAHIT mark before it (`classifySaraAm`).
    private static let holdsMark: UInt64 = 32

    init?(_ instance: FaceInstance, script: hb_script_t) {
        guard let glyphs = instance.nominalGlyphs(script: script) else { return nil }
        self.glyphs = glyphs
        self.script = script
        isRightToLeft = hb_script_get_horizontal_direction(script) == HB_DIRECTION_RTL
        isThai = script == HB_SCRIPT_THAI
        hbFont = hb_font_reference(instance.hbFont)
        pages = ZeroedTable.allocate(UnsafeMutablePointer<UInt64>?.self, count: 256)
        pairMask = 1023
        pairs = ZeroedTable.allocate(UInt64.self, count: pairMask + 1)
    }

    deinit {
        for page in 0..<256 { if let table = pages[page] { ZeroedTable.deallocate(table, count: 256) } }
        ZeroedTable.deallocate(pages, count: 256)
        ZeroedTable.deallocate(pairs, count: pairMask + 1)
        hb_font_destroy(hbFont)
    }

    enum Measured {
        case advance(Int64, advancingGlyphs: Int32)
        /// Every character qualifies but some pair has not been seen: shape, then `learn`.
        case unknownPairs
        case notNominal
    }

    func measure(_ text: UnsafeBufferPointer<UInt16>) -> Measured {
        guard !isBroken, let first = text.first else { return .notNominal }
        var advance: Int64 = 0
        var advancing: Int32 = 0
        var unknownPairs = false
        var flags: UInt64 = 0
        // A run may start with a mark: HarfBuzz inserts a dotted circle before it only when the buffer has
        // HB_BUFFER_FLAG_BOT (hb_insert_dotted_circle), which `Shaper` never sets.
        var entry = classified(first)
        for k in 0..<text.count {
            let state = entry & NominalRuns.stateBits
            if state == NominalRuns.excluded { return .notNominal }
            flags |= entry
            if entry & NominalRuns.isMark != 0 {
                // Its hmtx advance is not added: HarfBuzz zeroes GDEF marks after GPOS, whatever GSUB made of them.
                entry = k + 1 < text.count ? classified(text[k + 1]) : 0
                continue
            }
            var glyphAdvance = Int64(Int32(truncatingIfNeeded: entry >> 32))
            let next = k + 1 < text.count ? classified(text[k + 1]) : 0
            if entry & NominalRuns.startsLigature != 0 && k + 1 < text.count
                && glyphs.ligaturePairs.contains(UInt32(truncatingIfNeeded: entry >> 8 & 0xFFFF) << 16
                                                 | UInt32(truncatingIfNeeded: next >> 8 & 0xFFFF)) {
                return .notNominal
            }
            if state == NominalRuns.kerns && k + 1 < text.count {
                // Kerning lookups ignore marks where marks qualify: the pair is the next base's.
                var j = k + 1, second = next
                while second & NominalRuns.isMark != 0 && j + 1 < text.count {
                    j += 1
                    second = classified(text[j])
                }
                let pair = UInt32(text[k]) << 16 | UInt32(text[j])
                if second & NominalRuns.isMark == 0 {
                    if let kern = pairKern(pair) ?? readKern(pair, entry, second) {
                        glyphAdvance += Int64(kern)
                    } else {
                        unknownPairs = true
                    }
                }
            }
            advance += glyphAdvance
            if glyphAdvance != 0 { advancing += 1 }
            entry = next
        }
        if flags & (NominalRuns.isMark | NominalRuns.holdsMark) != 0 && flags & NominalRuns.substituted != 0 {
            return .notNominal
        }
        return unknownPairs ? .unknownPairs : .advance(advance, advancingGlyphs: advancing)
    }

    /// Learns the kerning of `text`'s pairs from HarfBuzz's glyphs for it (`buffer` just shaped
    /// it): each glyph's advance beyond its own is the kerning with the next.
    func learn(_ text: UnsafeBufferPointer<UInt16>, shapedIn buffer: OpaquePointer) {
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return }
        if isThai && text.contains(where: { classified($0) & (NominalRuns.isMark | NominalRuns.holdsMark) != 0 }) {
            return learnAcrossMarks(text, infos, positions, glyphCount: Int(count))
        }
        guard Int(count) == text.count else {
            isBroken = true
            return
        }
        for k in 0..<text.count {
            let entry = classified(text[k])
            // A right-to-left run's glyphs come back in visual order: character k's is counted from the end.
            let g = isRightToLeft ? text.count - 1 - k : k
            let kern = positions[g].x_advance &- Int32(truncatingIfNeeded: entry >> 32)
            let mayKern = entry & NominalRuns.stateBits == NominalRuns.kerns && k + 1 < text.count
            guard infos[g].codepoint == UInt32(entry >> 8 & 0xFFFF), infos[g].cluster == UInt32(k),
                  kern == 0 || mayKern else {
                isBroken = true
                return
            }
            if mayKern { insertPair(UInt32(text[k]) << 16 | UInt32(text[k + 1]), kern: kern) }
        }
    }

    /// `learn` for a Thai run with marks: GSUB may have changed, joined or reordered its marks, never its
    /// bases (`NominalGlyphs.markRules`), so the glyphs that are not GDEF marks are its base characters
    /// in order, and every mark glyph has advance 0. SARA AM's base is its SARA AA, whose cluster HarfBuzz
    /// merges with the glyphs before it (`classifySaraAm`).
    private func learnAcrossMarks(_ text: UnsafeBufferPointer<UInt16>, _ infos: UnsafeMutablePointer<hb_glyph_info_t>,
                                  _ positions: UnsafeMutablePointer<hb_glyph_position_t>, glyphCount: Int) {
        guard let face = hb_font_get_face(hbFont) else { return }
        let bases = text.indices.filter { classified(text[$0]) & NominalRuns.isMark == 0 }
        var baseGlyphs: [Int] = []
        for g in 0..<glyphCount {
            if hb_ot_layout_get_glyph_class(face, infos[g].codepoint) != HB_OT_LAYOUT_GLYPH_CLASS_MARK {
                baseGlyphs.append(g)
            } else if positions[g].x_advance != 0 {
                isBroken = true
                return
            }
        }
        guard bases.count == baseGlyphs.count else {
            isBroken = true
            return
        }
        for (i, k) in bases.enumerated() {
            let entry = classified(text[k]), g = baseGlyphs[i]
            let kern = positions[g].x_advance &- Int32(truncatingIfNeeded: entry >> 32)
            let mayKern = entry & NominalRuns.stateBits == NominalRuns.kerns && i + 1 < bases.count
            let cluster = infos[g].cluster
            guard infos[g].codepoint == UInt32(entry >> 8 & 0xFFFF),
                  cluster == UInt32(k) || (entry & NominalRuns.holdsMark != 0 && cluster < UInt32(k)),
                  kern == 0 || mayKern else {
                isBroken = true
                return
            }
            if mayKern { insertPair(UInt32(text[k]) << 16 | UInt32(text[bases[i + 1]]), kern: kern) }
        }
    }

    /// The pair's kerning from the font's kerning lookups (`NominalGlyphs.kern`), kept; nil where
    /// they cannot be read (or `readsKerning` is off) and the pair must be learnt.
    private func readKern(_ pair: UInt32, _ first: UInt64, _ second: UInt64) -> Int32? {
        guard readsKerning, second & NominalRuns.stateBits != NominalRuns.excluded,
              let kern = glyphs.kern(Int(first >> 8 & 0xFFFF), Int(second >> 8 & 0xFFFF)) else { return nil }
        insertPair(pair, kern: kern)
        return kern
    }

    /// Read kerning from the tables; off only for the tests of learning it.
    var readsKerning = true

    /// `unit`'s entry, classified at its first use.
    @inline(__always)
    private func classified(_ unit: UInt16) -> UInt64 {
        if let page = pages[Int(unit >> 8)] {
            let known = page[Int(unit & 0xFF)]
            if known != NominalRuns.unknown { return known }
        }
        return classifyAndKeep(unit)
    }

    private func classifyAndKeep(_ unit: UInt16) -> UInt64 {
        let page: UnsafeMutablePointer<UInt64>
        if let made = pages[Int(unit >> 8)] {
            page = made
        } else {
            page = ZeroedTable.allocate(UInt64.self, count: 256)
            pages[Int(unit >> 8)] = page
        }
        let entry = classify(unit)
        page[Int(unit & 0xFF)] = entry
        return entry
    }

    /// A character qualifies when HarfBuzz keeps it as its own nominal glyph at its own advance:
    /// not a mark, a format or control character, a default ignorable (hidden), the fraction
    /// slashes (they start HarfBuzz's fraction forms) or a conjoining Hangul jamo (the Hangul
    /// shaper composes L V T into the font's syllable, whatever its lookups), or, right to left,
    /// a character with a mirror (HarfBuzz swaps it for its mirror's glyph); a glyph that is not
    /// `.notdef`, not a mark, ligature or component in GDEF (lookup flags skip those), whose form
    /// GPOS sees no lookup blocks. A precomposed character the font has stays as it is: the default
    /// shaper's normalizer short-circuits on a glyph for the whole cluster (`decompose_current_character`;
    /// only the Indic, Khmer, Myanmar and USE shapers decompose first, and `PlanLookups` leaves
    /// their scripts out); the Hangul shaper's mode short-circuits the same way.
    private func classify(_ unit: UInt16) -> UInt64 {
        let code = hb_codepoint_t(unit)
        var glyph: hb_codepoint_t = 0
        if isThai {
            if unit == 0x0E33 { return classifySaraAm() }
            // Lao SARA AM (decomposed the same way) in a Thai run: shaped.
            if unit == 0x0EB3 { return NominalRuns.excluded }
            // Thai marks only: no canonical composition holds one, while HarfBuzz's normalizer composes
            // other marks with the letter before them where the font has the result (e + U+0301 as é).
            if let marks = glyphs.marks, unit >> 7 == 0x0E00 >> 7,
               hb_unicode_general_category(hb_unicode_funcs_get_default(), code)
                   == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK,
               hb_font_get_nominal_glyph(hbFont, code, &glyph) != 0, glyph != 0, marks.contains(glyph) {
                let advance = hb_font_get_glyph_h_advance(hbFont, glyph)
                return NominalRuns.plain | NominalRuns.isMark | UInt64(glyph) << 8
                    | UInt64(UInt32(bitPattern: advance)) << 32
            }
        }
        guard unit & 0xF800 != 0xD800,
              !NominalRuns.excludedCategories.contains(hb_unicode_general_category(hb_unicode_funcs_get_default(), code)),
              !NominalRuns.isDefaultIgnorableLetter(unit),
              !NominalRuns.isConjoiningJamo(unit), unit != 0x2044, unit != 0x2215,
              !isRightToLeft || hb_unicode_mirroring(hb_unicode_funcs_get_default(), code) == code,
              hb_font_get_nominal_glyph(hbFont, code, &glyph) != 0, glyph != 0,
              let face = hb_font_get_face(hbFont) else { return NominalRuns.excluded }
        // What GPOS sees: the glyph, or what a single substitution makes of it anywhere (`NominalGlyphs.substitutes`).
        let shown = glyphs.substitutes[glyph] ?? glyph
        // The sets are read at both: an id at or past maxp's count is in none of them (GlyphBits), though
        // HarfBuzz shapes it. Only `shown` need be unblocked: a glyph with a substitute is read by no other GSUB
        // lookup (`NominalGlyphs.collectSingle`), and GPOS never sees it (every lookup of the plan read applies
        // to every character that qualifies: `PlanLookups.maskedFeatures`).
        guard shown != 0, Int(max(glyph, shown)) < glyphs.blocked.glyphCount,
              [glyph, shown].allSatisfy({ NominalRuns.baseClasses.contains(hb_ot_layout_get_glyph_class(face, $0)) }),
              !glyphs.blocked.contains(shown) else { return NominalRuns.excluded }
        let advance = hb_font_get_glyph_h_advance(hbFont, shown)
        let state = (glyphs.kerning.contains(shown) ? NominalRuns.kerns : NominalRuns.plain)
            | (glyphs.ligatureStarts.contains(shown) ? NominalRuns.startsLigature : 0)
            | (glyphs.substituted?.contains(glyph) == true || (isThai && NominalRuns.decomposes(code))
               ? NominalRuns.substituted : 0)
        return state | UInt64(shown) << 8 | UInt64(UInt32(bitPattern: advance)) << 32
    }

    /// Whether `code` has a canonical decomposition. A base with marks after it is a cluster of several
    /// characters, which HarfBuzz's normalizer decomposes without the short circuit a lone character gets
    /// (`decompose_multi_char_cluster`): Ω U+2126 becomes Ω U+03A9 there, so it may not stand beside a mark.
    private static func decomposes(_ code: hb_codepoint_t) -> Bool {
        var first: hb_codepoint_t = 0, second: hb_codepoint_t = 0
        return hb_unicode_decompose(hb_unicode_funcs_get_default(), code, &first, &second) != 0
    }

    /// SARA AM (U+0E33). HarfBuzz 6.0's `preprocess_text_thai` (hb-ot-shaper-thai.cc), for any font, before
    /// normalization and GSUB:
    /// - replaces it with NIKHAHIT (U+0E4D, general category Mn) and SARA AA (U+0E32), each mapped to the
    ///   font's nominal glyph (.notdef where it has none: excluded here);
    /// - moves that NIKHAHIT back before the above-base marks just before it (U+0E31, U+0E34–0E37,
    ///   U+0E47–0E4E): marks only, so the bases keep their order and kerning (which ignores marks, a rule of
    ///   any run with a mark) stays (previous base, SARA AA) and (SARA AA, next base);
    /// - merges the clusters of those glyphs with the ones before (`merge_out_clusters`), which `learn` allows.
    /// So SARA AM is measured as SARA AA, where NIKHAHIT qualifies as a mark (zero advance however GSUB
    /// changes it) and SARA AA as a base; `holdsMark` subjects the run to the rules of runs with a mark
    /// (no base some GSUB lookup reads, SARA AA included). The PUA forms (no Thai GSUB script) apply only
    /// where no mark qualifies.
    private func classifySaraAm() -> UInt64 {
        guard classified(0x0E4D) & NominalRuns.isMark != 0 else { return NominalRuns.excluded }
        // SARA AA's entry: excluded where it does not qualify, `substituted` where some GSUB lookup reads it.
        return classified(0x0E32) | NominalRuns.holdsMark
    }

    /// Hangul Jamo, Jamo Extended-A and -B: what HarfBuzz's Hangul shaper composes.
    private static func isConjoiningJamo(_ unit: UInt16) -> Bool {
        (0x1100...0x11FF).contains(unit) || (0xA960...0xA97F).contains(unit) || (0xD7B0...0xD7FF).contains(unit)
    }

    /// GDEF classes lookup flags never skip.
    private static let baseClasses = [HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED, HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH]

    private static let excludedCategories: Set<hb_unicode_general_category_t> = [
        HB_UNICODE_GENERAL_CATEGORY_CONTROL, HB_UNICODE_GENERAL_CATEGORY_FORMAT,
        HB_UNICODE_GENERAL_CATEGORY_UNASSIGNED, HB_UNICODE_GENERAL_CATEGORY_PRIVATE_USE,
        HB_UNICODE_GENERAL_CATEGORY_SURROGATE, HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK,
        HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK, HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK,
        HB_UNICODE_GENERAL_CATEGORY_LINE_SEPARATOR, HB_UNICODE_GENERAL_CATEGORY_PARAGRAPH_SEPARATOR,
    ]

    /// Default ignorables HarfBuzz hides that are letters (the Hangul fillers; the others are
    /// marks or format characters).
    private static func isDefaultIgnorableLetter(_ unit: UInt16) -> Bool {
        unit == 0x115F || unit == 0x1160 || unit == 0x3164 || unit == 0xFFA0
    }

    /// Where `pair`'s probe starts (Fibonacci hashing: the multiply's high bits).
    @inline(__always)
    private func home(_ pair: UInt64) -> Int { Int(truncatingIfNeeded: (pair &* 0x9E37_79B9_7F4A_7C15) >> 40) & pairMask }

    @inline(__always)
    private func pairKern(_ pair: UInt32) -> Int32? {
        var slot = home(UInt64(pair))
        while true {
            let stored = pairs[slot]
            if stored == 0 { return nil }
            if UInt32(truncatingIfNeeded: stored >> 32) == pair { return Int32(truncatingIfNeeded: stored) }
            slot = (slot + 1) & pairMask
        }
    }

    private func insertPair(_ pair: UInt32, kern: Int32) {
        guard pairKern(pair) == nil, pairCount < NominalRuns.maxPairs else { return }
        if (pairCount + 1) * 2 > pairMask + 1 { growPairs() }
        var slot = home(UInt64(pair))
        while pairs[slot] != 0 { slot = (slot + 1) & pairMask }
        pairs[slot] = UInt64(pair) << 32 | UInt64(UInt32(bitPattern: kern))
        pairCount += 1
    }

    private func growPairs() {
        let old = pairs, oldCount = pairMask + 1
        pairMask = oldCount * 2 - 1
        pairs = ZeroedTable.allocate(UInt64.self, count: pairMask + 1)
        for k in 0..<oldCount where old[k] != 0 {
            var slot = home(old[k] >> 32)
            while pairs[slot] != 0 { slot = (slot + 1) & pairMask }
            pairs[slot] = old[k]
        }
        ZeroedTable.deallocate(old, count: oldCount)
    }
}
