import CHarfBuzz

/// The characters whose glyph no OpenType lookup of one shape plan can reach: HarfBuzz shapes a
/// run of them as their nominal glyphs at their own advances, so two of them side by side shape
/// exactly as they do apart. Most joins between break segments are such pairs (two ideographs:
/// the plan Noto Sans CJK SC gets for Han reaches 14,003 of its 65,535 glyphs, kana, Latin and
/// punctuation among them, but no ideograph), and `PreparedText.measureJoins` skips them instead
/// of shaping or looking the pair up.
///
/// The plan's lookups (`PlanLookups`; none for faces and scripts where shaping goes beyond them)
/// give every glyph they match, look back or ahead at, or output (`hb_ot_layout_lookup_collect_glyphs`).
final class InertGlyphs: @unchecked Sendable {
    private let hbFont: OpaquePointer
    /// The glyphs some lookup of the plan reaches. Only read after `init`, so every thread's
    /// Shapers share it (`FaceInstance.inertGlyphs`); each memo keeps its own verdicts per
    /// character (`StackMemo.areInert`).
    private let touched: GlyphBits

    init?(_ instance: FaceInstance, script: hb_script_t) {
        guard let plan = PlanLookups(instance, script: script), let glyphs = hb_set_create() else { return nil }
        defer { hb_set_destroy(glyphs) }
        for (table, lookups) in [(PlanLookups.gsubTag, plan.gsub), (PlanLookups.gposTag, plan.gpos)] {
            for lookup in lookups {
                hb_ot_layout_lookup_collect_glyphs(plan.face, table, lookup, glyphs, glyphs, glyphs, glyphs)
            }
        }
        guard hb_set_allocation_successful(glyphs) != 0 else { return nil }
        touched = GlyphBits(glyphs, glyphCount: Int(hb_face_get_glyph_count(plan.face)))
        hbFont = hb_font_reference(instance.hbFont)
    }

    deinit { hb_font_destroy(hbFont) }

    /// Whether `unit` (a BMP character) has a glyph in the font that no lookup of the plan reaches.
    func isInert(_ unit: UInt16) -> Bool {
        var glyph: hb_codepoint_t = 0
        guard unit & 0xF800 != 0xD800, hb_font_get_nominal_glyph(hbFont, hb_codepoint_t(unit), &glyph) != 0,
              glyph != 0 else { return false }
        return Int(glyph) < touched.glyphCount && !touched.contains(glyph)
    }
}
