import CHarfBuzz

/// The characters whose glyph no OpenType lookup of one shape plan can reach: HarfBuzz shapes a
/// run of them as their nominal glyphs at their own advances, so two of them side by side shape
/// exactly as they do apart. Most joins between break segments are such pairs (two ideographs:
/// the plan Noto Sans CJK SC gets for Han reaches 14,003 of its 65,535 glyphs, kana, Latin and
/// punctuation among them, but no ideograph), and `PreparedText.measureJoins` skips them instead
/// of shaping or looking the pair up.
///
/// The plan is the one `hb_shape` builds for a run of the script (`hb_shape_plan_create_cached2`
/// with the segment properties `hb_buffer_guess_segment_properties` gives, the instance's features
/// and variation coordinates); its lookups (`hb_ot_shape_plan_collect_lookups`, GSUB and GPOS) give
/// every glyph they match, look back or ahead at, or output (`hb_ot_layout_lookup_collect_glyphs`).
/// A face whose shaping can go beyond those lookups (AAT `morx`/`mort`/`kerx`, a legacy `kern`
/// table, `trak`) gets no set, and neither does a script with its own shaper (Arabic, Indic, Thai,
/// …): only scripts HarfBuzz shapes with its default or Hangul shaper qualify.
final class InertGlyphs: @unchecked Sendable {
    private let hbFont: OpaquePointer
    /// One bit per glyph id that some lookup of the plan reaches. Only read after `init`, so every
    /// thread's Shapers share it (`FaceInstance.inertGlyphs`); each memo keeps its own verdicts per
    /// character (`StackMemo.areInert`).
    private let touched: [UInt64]

    init?(_ instance: FaceInstance, script: hb_script_t) {
        guard InertGlyphs.scripts.contains(script), let face = hb_font_get_face(instance.hbFont),
              !InertGlyphs.shapesBeyondLookups(face) else { return nil }
        // The segment properties hb_shape sees for a run of `script` (direction and the default language).
        guard let buffer = hb_buffer_create() else { return nil }
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_set_script(buffer, script)
        hb_buffer_guess_segment_properties(buffer)
        var properties = hb_segment_properties_t()
        hb_buffer_get_segment_properties(buffer, &properties)
        var coordinateCount: UInt32 = 0
        let coordinates = hb_font_get_var_coords_normalized(instance.hbFont, &coordinateCount)
        let plan = instance.features.withUnsafeBufferPointer { features in
            hb_shape_plan_create_cached2(face, &properties, features.baseAddress, UInt32(features.count),
                                         coordinates, coordinateCount, nil)
        }
        guard let plan, let glyphs = hb_set_create() else { return nil }
        defer {
            hb_shape_plan_destroy(plan)
            hb_set_destroy(glyphs)
        }
        for table in [InertGlyphs.gsub, InertGlyphs.gpos] {
            guard let lookups = hb_set_create() else { return nil }
            hb_ot_shape_plan_collect_lookups(plan, table, lookups)
            var lookup = UInt32.max  // HB_SET_VALUE_INVALID: start of the iteration
            while hb_set_next(lookups, &lookup) != 0 {
                hb_ot_layout_lookup_collect_glyphs(face, table, lookup, glyphs, glyphs, glyphs, glyphs)
            }
            hb_set_destroy(lookups)
        }
        guard hb_set_allocation_successful(glyphs) != 0 else { return nil }
        // Our own bits: an hb_set_t caches its last page on every look-up, so threads cannot share one.
        var bits = [UInt64](repeating: 0, count: (Int(hb_face_get_glyph_count(face)) + 64) / 64)
        var glyph = UInt32.max
        while hb_set_next(glyphs, &glyph) != 0 && Int(glyph) < bits.count * 64 {
            bits[Int(glyph) >> 6] |= 1 << UInt64(glyph & 63)
        }
        touched = bits
        hbFont = hb_font_reference(instance.hbFont)
    }

    deinit { hb_font_destroy(hbFont) }

    /// Whether `unit` (a BMP character) has a glyph in the font that no lookup of the plan reaches.
    func isInert(_ unit: UInt16) -> Bool {
        var glyph: hb_codepoint_t = 0
        guard unit & 0xF800 != 0xD800, hb_font_get_nominal_glyph(hbFont, hb_codepoint_t(unit), &glyph) != 0,
              glyph != 0 else { return false }
        return Int(glyph) < touched.count * 64 && touched[Int(glyph) >> 6] & (1 << UInt64(glyph & 63)) == 0
    }

    /// HarfBuzz's default shaper (and the Hangul one, which leaves precomposed syllables alone):
    /// nothing but the plan's lookups acts between two base characters.
    private static let scripts: Set<hb_script_t> = [HB_SCRIPT_HAN, HB_SCRIPT_HANGUL, HB_SCRIPT_HIRAGANA,
                                                    HB_SCRIPT_KATAKANA, HB_SCRIPT_BOPOMOFO, HB_SCRIPT_LATIN,
                                                    HB_SCRIPT_CYRILLIC, HB_SCRIPT_GREEK]

    private static let gsub = FaceInstances.tag("GSUB"), gpos = FaceInstances.tag("GPOS")

    /// AAT shaping, legacy `kern` kerning (applied when GPOS has none) and `trak` act outside the lookups.
    private static func shapesBeyondLookups(_ face: OpaquePointer) -> Bool {
        ["morx", "mort", "kerx", "kern", "trak"].contains { name in
            guard let blob = hb_face_reference_table(face, FaceInstances.tag(name)) else { return false }
            defer { hb_blob_destroy(blob) }
            return hb_blob_get_length(blob) > 0
        }
    }
}
