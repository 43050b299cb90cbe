import CHarfBuzz

/// Which glyphs HarfBuzz leaves as they are in a run of one script, but for pair kerning: no
/// substitution can start at them and no positioning but a kerning pair changes their advance.
/// A run of such glyphs advances by the sum of their own advances and of the kerning between each
/// glyph and the next (`NominalRuns` computes it so, without shaping).
///
/// From the plan's lookups (`PlanLookups`):
/// - GSUB: a lookup only substitutes at a glyph its first Coverage holds. A ligature lookup's
///   Coverage is read from the table (`hb_ot_layout_lookup_collect_glyphs` would also give every
///   later component: `i` and `l` of Noto Sans CJK's fi and fl); other lookups' input glyphs,
///   which contain their Coverage, are taken whole.
/// - GPOS: mark attachment (MarkBase, MarkLig, MarkMark) only moves marks by offsets, never an
///   advance; pair kerning whose second value record is empty (valueFormat2 = 0: HarfBuzz then
///   goes on at the second glyph, so every neighbouring pair is visited) and that skips no base
///   glyph or ligature (lookupFlag bits 1 and 2) adds to the first glyph's advance a value that
///   depends on the pair alone: its glyphs are `kerning`. Every other positioning lookup (single,
///   cursive, contextual, or pairs outside those rules) blocks its input glyphs.
final class NominalGlyphs: @unchecked Sendable {
    let blocked: GlyphBits
    let kerning: GlyphBits

    init?(_ instance: FaceInstance, script: hb_script_t) {
        guard let plan = PlanLookups(instance, script: script),
              let blocked = hb_set_create(), let kerning = hb_set_create() else { return nil }
        defer {
            hb_set_destroy(blocked)
            hb_set_destroy(kerning)
        }
        guard NominalGlyphs.collectSubstituted(plan, into: blocked),
              NominalGlyphs.collectPositioned(plan, blocked: blocked, kerning: kerning),
              hb_set_allocation_successful(blocked) != 0, hb_set_allocation_successful(kerning) != 0 else { return nil }
        let glyphCount = Int(hb_face_get_glyph_count(plan.face))
        self.blocked = GlyphBits(blocked, glyphCount: glyphCount)
        self.kerning = GlyphBits(kerning, glyphCount: glyphCount)
    }

    /// GSUB: the glyphs a substitution can start at. False when the table cannot be read.
    private static func collectSubstituted(_ plan: PlanLookups, into blocked: OpaquePointer) -> Bool {
        guard !plan.gsub.isEmpty else { return true }
        guard let table = LayoutTable(plan.face, tag: PlanLookups.gsubTag) else { return false }
        defer { table.close() }
        for index in plan.gsub {
            guard let lookup = table.lookup(Int(index)) else { return false }
            if lookup.type == ligatureSubstitution {
                for subtable in lookup.subtables {
                    guard table.forEachCoveredRange(subtable, { hb_set_add_range(blocked, hb_codepoint_t($0), hb_codepoint_t($1)) })
                    else { return false }
                }
            } else {
                hb_ot_layout_lookup_collect_glyphs(plan.face, PlanLookups.gsubTag, index, nil, blocked, nil, nil)
            }
        }
        return true
    }

    /// GPOS: the glyphs of qualifying kerning pairs, and the input glyphs of every other lookup
    /// that can change an advance. False when the table cannot be read.
    private static func collectPositioned(_ plan: PlanLookups, blocked: OpaquePointer, kerning: OpaquePointer) -> Bool {
        guard !plan.gpos.isEmpty else { return true }
        guard let table = LayoutTable(plan.face, tag: PlanLookups.gposTag) else { return false }
        defer { table.close() }
        for index in plan.gpos {
            guard let lookup = table.lookup(Int(index)) else { return false }
            if markAttachments.contains(lookup.type) { continue }
            let isPlainPairs = lookup.type == pairAdjustment && lookup.flags & skipsBasesOrLigatures == 0
                && lookup.subtables.allSatisfy { table.pairValueFormats($0)?.second == 0 }
            hb_ot_layout_lookup_collect_glyphs(plan.face, PlanLookups.gposTag, index, nil,
                                               isPlainPairs ? kerning : blocked, nil, nil)
        }
        return true
    }

    private static let ligatureSubstitution = 4
    private static let pairAdjustment = 2
    private static let markAttachments: Set<Int> = [4, 5, 6]
    /// lookupFlag IGNORE_BASE_GLYPHS | IGNORE_LIGATURES.
    private static let skipsBasesOrLigatures = 0x0006
}
