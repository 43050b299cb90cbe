import CHarfBuzz

/// The OpenType lookups HarfBuzz applies to a run of one script in one face instance: those of the
/// plan `hb_shape` builds for such a run (`hb_shape_plan_create_cached2` with the segment
/// properties `hb_buffer_guess_segment_properties` gives, the instance's features and variation
/// coordinates), GSUB's and GPOS's as `hb_ot_shape_plan_collect_lookups` lists them.
///
/// nil where shaping can go beyond those lookups: a face with AAT `morx`/`mort`/`kerx`, a legacy
/// `kern` table (applied when GPOS has none) or `trak`; a script with its own shaper (Arabic,
/// Indic, …), unless the caller admits it (`admitting`). `scripts`, the default, are those HarfBuzz
/// shapes with its default or Hangul shaper: nothing but the plan's lookups acts between two base
/// characters there. `nominalScripts` adds what `NominalRuns` handles besides:
/// - `HB_SCRIPT_INVALID`, what `hb_buffer_guess_segment_properties` leaves for a run of Common and
///   Inherited characters only (digits, punctuation), shaped with the default shaper, left to right;
/// - Hebrew: HarfBuzz's Hebrew shaper is the default one but for marks (`compose_hebrew`,
///   `reorder_marks_hebrew`, fallback mark positioning), and it runs right to left;
/// - Thai: HarfBuzz's Thai shaper (hb-ot-shaper-thai.cc) is the default one but for its preprocessing
///   (SARA AM decomposed and reordered, whatever the font; PUA forms for marks when GSUB has no Thai
///   script) and marks zeroed by GDEF class after GPOS: `NominalGlyphs.marks` and `NominalRuns.classify`
///   keep to what that leaves alone.
struct PlanLookups {
    let face: OpaquePointer
    let gsub: [UInt32]
    let gpos: [UInt32]

    /// `withoutMasked`: leave out the features HarfBuzz masks to characters a `NominalRuns` run never holds
    /// (`maskedFeatures`), whose lookups the plan lists all the same.
    init?(_ instance: FaceInstance, script: hb_script_t, admitting admitted: Set<hb_script_t> = PlanLookups.scripts,
          withoutMasked: Bool = false) {
        guard admitted.contains(script), let face = hb_font_get_face(instance.hbFont),
              !PlanLookups.shapesBeyondLookups(face) else { return nil }
        // The segment properties hb_shape sees for a run of `script` (direction and the default language).
        guard let buffer = hb_buffer_create() else { return nil }
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_set_script(buffer, script)
        hb_buffer_guess_segment_properties(buffer)
        var properties = hb_segment_properties_t()
        hb_buffer_get_segment_properties(buffer, &properties)
        var coordinateCount: UInt32 = 0
        let coordinates = hb_font_get_var_coords_normalized(instance.hbFont, &coordinateCount)
        let features = withoutMasked ? instance.features + PlanLookups.maskedFeatures : instance.features
        let plan = features.withUnsafeBufferPointer { features in
            hb_shape_plan_create_cached2(face, &properties, features.baseAddress, UInt32(features.count),
                                         coordinates, coordinateCount, nil)
        }
        guard let plan else { return nil }
        defer { hb_shape_plan_destroy(plan) }
        func lookups(_ table: hb_tag_t) -> [UInt32]? {
            guard let set = hb_set_create() else { return nil }
            defer { hb_set_destroy(set) }
            hb_ot_shape_plan_collect_lookups(plan, table, set)
            guard hb_set_allocation_successful(set) != 0 else { return nil }
            var indexes: [UInt32] = []
            var lookup = UInt32.max  // HB_SET_VALUE_INVALID: start of the iteration
            while hb_set_next(set, &lookup) != 0 { indexes.append(lookup) }
            return indexes
        }
        guard let gsub = lookups(PlanLookups.gsubTag), var gpos = lookups(PlanLookups.gposTag) else { return nil }
        // The Hebrew shaper applies GPOS only where it has a 'hebr' script (hb-ot-shaper-hebrew.cc's
        // gpos_tag, hb-ot-shape.cc's disable_gpos), though the plan lists the DFLT script's lookups.
        if script == HB_SCRIPT_HEBREW
            && hb_ot_layout_table_find_script(face, PlanLookups.gposTag, FaceInstances.tag("hebr"), nil) == 0 {
            gpos = []
        }
        self.face = face
        self.gsub = gsub
        self.gpos = gpos
    }

    static let gsubTag = FaceInstances.tag("GSUB"), gposTag = FaceInstances.tag("GPOS")

    /// Features every plan (or Hangul's) lists but HarfBuzz 6.0 applies only where it sets their mask, switched
    /// off (a user feature of value 0 drops a feature from the plan): `frac`, `numr`, `dnom` around a FRACTION
    /// SLASH (hb_ot_shape_setup_masks_fraction), `ljmo`, `vjmo`, `tjmo` on conjoining jamo (the Hangul shaper's
    /// setup_masks). (`rtlm` is not one of them for a run that qualifies: hb_ot_rotate_chars masks every
    /// character of a right-to-left run but those it swaps for their mirror, and mirrored ones never qualify.)
    static let maskedFeatures = ["frac", "numr", "dnom", "ljmo", "vjmo", "tjmo"].map {
        hb_feature_t(tag: FaceInstances.tag($0), value: 0, start: 0, end: UInt32.max)
    }

    /// Scripts of HarfBuzz's default shaper, and Hangul (its shaper leaves precomposed syllables alone).
    static let scripts: Set<hb_script_t> = [HB_SCRIPT_HAN, HB_SCRIPT_HANGUL, HB_SCRIPT_HIRAGANA,
                                            HB_SCRIPT_KATAKANA, HB_SCRIPT_BOPOMOFO, HB_SCRIPT_LATIN,
                                            HB_SCRIPT_CYRILLIC, HB_SCRIPT_GREEK]
    /// `scripts` and the runs `NominalRuns` also measures (see above).
    static let nominalScripts = scripts.union([HB_SCRIPT_INVALID, HB_SCRIPT_HEBREW, HB_SCRIPT_THAI])

    /// AAT shaping, legacy `kern` kerning (applied when GPOS has none) and `trak` act outside the lookups.
    private static func shapesBeyondLookups(_ face: OpaquePointer) -> Bool {
        ["morx", "mort", "kerx", "kern", "trak"].contains { name in
            guard let blob = hb_face_reference_table(face, FaceInstances.tag(name)) else { return false }
            defer { hb_blob_destroy(blob) }
            return hb_blob_get_length(blob) > 0
        }
    }
}

/// One bit per glyph id, readable by every thread once made (an `hb_set_t` caches its last page
/// on every look-up, so threads cannot share one).
struct GlyphBits {
    private let words: [UInt64]
    /// The face's glyph count (`maxp`): a glyph id at or past it is outside every set, though
    /// HarfBuzz still shapes it (cmap and hmtx do not check it), so callers treat it as unknown.
    let glyphCount: Int

    init(_ set: OpaquePointer, glyphCount: Int) {
        var words = [UInt64](repeating: 0, count: (glyphCount + 64) / 64)
        // Range by range, a word at a time: Noto Sans CJK's plans reach tens of thousands of glyphs,
        // mostly in runs (bit by bit, the seven sets of the mixed workload cost 6 M instructions).
        var first = UInt32.max, last = UInt32.max
        while hb_set_next_range(set, &first, &last) != 0 && Int(first) < words.count * 64 {
            let low = Int(first), high = min(Int(last), words.count * 64 - 1)
            let lowWord = low >> 6, highWord = high >> 6
            let fromLow = UInt64.max << UInt64(low & 63), toHigh = UInt64.max >> UInt64(63 - high & 63)
            if lowWord == highWord {
                words[lowWord] |= fromLow & toHigh
            } else {
                words[lowWord] |= fromLow
                for word in (lowWord + 1)..<highWord { words[word] = .max }
                words[highWord] |= toHigh
            }
        }
        self.words = words
        self.glyphCount = glyphCount
    }

    func contains(_ glyph: UInt32) -> Bool {
        Int(glyph) < words.count * 64 && words[Int(glyph) >> 6] & (1 << UInt64(glyph & 63)) != 0
    }
}
