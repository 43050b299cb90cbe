import CHarfBuzz

/// Which glyphs HarfBuzz leaves as they are in a run of one script, but for pair kerning: no
/// substitution can start at them and no positioning but a kerning pair changes their advance.
/// A run of such glyphs advances by the sum of their own advances and of the kerning between each
/// glyph and the next (`NominalRuns` computes it so, without shaping).
///
/// From the plan's lookups (`PlanLookups`):
/// - GSUB: a lookup only substitutes at a glyph its first Coverage holds. A ligature of two or
///   more components only forms where its second component follows the first (no marks, nothing
///   skipped in a qualifying run), so ligature lookups are read from the table: their first
///   glyphs with each one's possible second components (`ligaturePairs`: Noto Sans CJK's f
///   before f, i or l, its m before a combining grave or macron; `hb_ot_layout_lookup_collect_glyphs`
///   would block every component). Other lookups' input glyphs, which hold their Coverage, are
///   blocked whole.
/// - GPOS: mark attachment (MarkBase, MarkLig, MarkMark) only moves marks by offsets, never an
///   advance; pair kerning whose second value record is empty (valueFormat2 = 0: HarfBuzz then
///   goes on at the second glyph, so every neighbouring pair is visited) and that skips no base
///   glyph or ligature (lookupFlag bits 1 and 2) adds to the first glyph's advance a value that
///   depends on the pair alone: its glyphs are `kerning`. Every other positioning lookup (single,
///   cursive, contextual, or pairs outside those rules) blocks its input glyphs.
///
/// A pair's kerning is read from those lookups' PairPos subtables (`kern`), as HarfBuzz applies
/// them; where they cannot be read (device deltas at variation coordinates, a table or subtable
/// HarfBuzz's sanitizer emptied: `LayoutTable.pairGlyphsAgree`), `NominalRuns` learns it from the
/// runs HarfBuzz shapes instead.
final class NominalGlyphs: @unchecked Sendable {
    let blocked: GlyphBits
    let kerning: GlyphBits
    /// First glyphs of ligatures, and `first << 16 | second` for each pair of their first two components.
    let ligatureStarts: GlyphBits
    let ligaturePairs: Set<UInt32>
    /// GPOS, kept open for `kern`, and the PairPos subtables of each kerning lookup.
    private let pairTable: LayoutTable?
    private let pairLookups: [[Int]]

    init?(_ instance: FaceInstance, script: hb_script_t) {
        guard let plan = PlanLookups(instance, script: script, allowingNeutral: true, allowingHebrew: true),
              let blocked = hb_set_create(), let kerning = hb_set_create(), let starts = hb_set_create() else { return nil }
        defer {
            hb_set_destroy(blocked)
            hb_set_destroy(kerning)
            hb_set_destroy(starts)
        }
        var ligaturePairs: Set<UInt32> = []
        guard NominalGlyphs.collectSubstituted(plan, blocked: blocked, ligatureStarts: starts,
                                               ligaturePairs: &ligaturePairs),
              let positioned = NominalGlyphs.collectPositioned(plan, blocked: blocked, kerning: kerning) else { return nil }
        var coordinateCount: UInt32 = 0
        _ = hb_font_get_var_coords_normalized(instance.hbFont, &coordinateCount)
        let readable = positioned.table.map { table in
            // HarfBuzz applies XAdvDevice deltas only with a ppem (never set here) or variation coordinates.
            let deviceFree = coordinateCount == 0 || positioned.pairLookups.joined()
                .allSatisfy { (table.pairValueFormats($0)?.first ?? 0x40) & 0x40 == 0 }
            return positioned.agrees && deviceFree
        } ?? true
        guard [blocked, kerning, starts].allSatisfy({ hb_set_allocation_successful($0) != 0 }) else {
            positioned.table?.close()
            return nil
        }
        if !readable { positioned.table?.close() }
        pairTable = readable ? positioned.table : nil
        pairLookups = readable ? positioned.pairLookups : []
        let glyphCount = Int(hb_face_get_glyph_count(plan.face))
        self.blocked = GlyphBits(blocked, glyphCount: glyphCount)
        self.kerning = GlyphBits(kerning, glyphCount: glyphCount)
        ligatureStarts = GlyphBits(starts, glyphCount: glyphCount)
        self.ligaturePairs = ligaturePairs
    }

    deinit { pairTable?.close() }

    /// What HarfBuzz adds to `first`'s advance when `second` follows it: each kerning lookup's
    /// first subtable that applies to the pair, summed over the lookups. nil when unreadable.
    func kern(_ first: Int, _ second: Int) -> Int32? {
        guard let pairTable else { return nil }
        var total = 0
        for subtables in pairLookups {
            search: for subtable in subtables {
                switch pairTable.pairAdjustment(subtable, first: first, second: second) {
                case .notApplied: continue
                case .applied(let value):
                    total += value
                    break search
                case .unreadable: return nil
                }
            }
        }
        return Int32(truncatingIfNeeded: total)
    }

    /// GSUB: the glyphs a substitution can start at; for ligatures, the pairs they can start with.
    /// False when the table cannot be read.
    private static func collectSubstituted(_ plan: PlanLookups, blocked: OpaquePointer, ligatureStarts: OpaquePointer,
                                           ligaturePairs: inout Set<UInt32>) -> Bool {
        guard !plan.gsub.isEmpty else { return true }
        guard let table = LayoutTable(plan.face, tag: PlanLookups.gsubTag) else { return false }
        defer { table.close() }
        // Real fonts visit a few thousand ligatures; a hostile table's shared offsets could ask for billions.
        var visited = 0, steps = maxLigatures * 4
        for index in plan.gsub {
            guard let lookup = table.lookup(Int(index)) else { return false }
            if lookup.type == ligatureSubstitution {
                // Skipping base glyphs, a ligature's components need not be neighbours.
                let adjacent = lookup.flags & skipsBaseGlyphs == 0
                for subtable in lookup.subtables {
                    let read = table.forEachLigature(subtable, steps: &steps) { first, second in
                        if let second, adjacent {
                            hb_set_add(ligatureStarts, hb_codepoint_t(first))
                            ligaturePairs.insert(UInt32(first) << 16 | UInt32(second))
                        } else {
                            hb_set_add(blocked, hb_codepoint_t(first))
                        }
                        visited += 1
                        return visited <= maxLigatures
                    }
                    guard read else { return false }
                }
            } else {
                hb_ot_layout_lookup_collect_glyphs(plan.face, PlanLookups.gsubTag, index, nil, blocked, nil, nil)
            }
        }
        return true
    }

    /// GPOS: the glyphs of qualifying kerning pairs, and the input glyphs of every other lookup
    /// that can change an advance; the table (open) and the kerning lookups' subtables. nil when
    /// the table cannot be read.
    private static func collectPositioned(_ plan: PlanLookups, blocked: OpaquePointer, kerning: OpaquePointer)
        -> (table: LayoutTable?, pairLookups: [[Int]], agrees: Bool)? {
        guard !plan.gpos.isEmpty else { return (nil, [], true) }
        guard let table = LayoutTable(plan.face, tag: PlanLookups.gposTag) else { return nil }
        var pairLookups: [[Int]] = []
        var agrees = true
        var records = 1 << 22  // pair records read (real fonts: tens of thousands)
        for index in plan.gpos {
            guard let lookup = table.lookup(Int(index)) else {
                table.close()
                return nil
            }
            if markAttachments.contains(lookup.type) { continue }
            let isPlainPairs = lookup.type == pairAdjustment && lookup.flags & skipsBasesOrLigatures == 0
                && lookup.subtables.allSatisfy { table.pairValueFormats($0)?.second == 0 }
            hb_ot_layout_lookup_collect_glyphs(plan.face, PlanLookups.gposTag, index, nil,
                                               isPlainPairs ? kerning : blocked, nil, nil)
            if isPlainPairs {
                pairLookups.append(lookup.subtables)
                agrees = agrees && table.pairGlyphsAgree(plan.face, lookup: index, subtables: lookup.subtables,
                                                         records: &records)
            }
        }
        return (table, pairLookups, agrees)
    }

    private static let maxLigatures = 1 << 20
    private static let ligatureSubstitution = 4
    private static let pairAdjustment = 2
    private static let markAttachments: Set<Int> = [4, 5, 6]
    /// lookupFlag IGNORE_BASE_GLYPHS | IGNORE_LIGATURES, and IGNORE_BASE_GLYPHS.
    private static let skipsBasesOrLigatures = 0x0006, skipsBaseGlyphs = 0x0002
}
