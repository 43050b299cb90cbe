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
///   would block every component). A single substitution (lookupFlag 0) whose glyph and substitute
///   no other lookup of the plan reads as input swaps the one for the other wherever it stands, before
///   GPOS (`substitutes`: Noto Sans CJK's `latn` `locl` for digits and "…"). Other lookups' input
///   glyphs, which hold their Coverage, are blocked whole.
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
///
/// Thai marks (`marks`, `substituted`) are the one place marks stand in a run: see `markRules`.
final class NominalGlyphs: @unchecked Sendable {
    let blocked: GlyphBits
    let kerning: GlyphBits
    /// First glyphs of ligatures, and `first << 16 | second` for each pair of their first two components.
    let ligatureStarts: GlyphBits
    let ligaturePairs: Set<UInt32>
    /// Glyphs a single substitution replaces whatever stands around them, and their substitutes.
    let substitutes: [UInt32: UInt32]
    /// Thai: the marks that may stand in a run (their advance is 0, no kerning sees them), nil where none may.
    let marks: GlyphBits?
    /// Thai: the glyphs some GSUB lookup of the face reads as input (ligature components included);
    /// none may stand in a run that holds a mark.
    let substituted: GlyphBits?
    /// GPOS, kept open for `kern`, and the PairPos subtables of each kerning lookup.
    private let pairTable: LayoutTable?
    private let pairLookups: [[Int]]

    init?(_ instance: FaceInstance, script: hb_script_t) {
        // No run that qualifies holds a fraction slash or a jamo: the features masked to those never reach it.
        guard let plan = PlanLookups(instance, script: script, admitting: PlanLookups.nominalScripts, withoutMasked: true),
              let blocked = hb_set_create(), let kerning = hb_set_create(), let starts = hb_set_create(),
              let positionBlocked = hb_set_create() else { return nil }
        defer {
            hb_set_destroy(blocked)
            hb_set_destroy(kerning)
            hb_set_destroy(starts)
            hb_set_destroy(positionBlocked)
        }
        var ligaturePairs: Set<UInt32> = []
        var substitutes: [UInt32: UInt32] = [:]
        guard NominalGlyphs.collectSubstituted(plan, blocked: blocked, ligatureStarts: starts,
                                               ligaturePairs: &ligaturePairs, substitutes: &substitutes),
              let positioned = NominalGlyphs.collectPositioned(plan, blocked: positionBlocked, kerning: kerning)
        else { return nil }
        hb_set_union(blocked, positionBlocked)
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
        self.substitutes = substitutes
        let markRules = script == HB_SCRIPT_THAI && positioned.pairsIgnoreMarks
            ? NominalGlyphs.markRules(plan, positionBlocked: positionBlocked, glyphCount: glyphCount) : nil
        marks = markRules?.marks
        substituted = markRules?.substituted
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
                                           ligaturePairs: inout Set<UInt32>, substitutes: inout [UInt32: UInt32]) -> Bool {
        guard !plan.gsub.isEmpty else { return true }
        guard let table = LayoutTable(plan.face, tag: PlanLookups.gsubTag) else { return false }
        defer { table.close() }
        // Real fonts visit a few thousand ligatures; a hostile table's shared offsets could ask for billions.
        var visited = 0, steps = maxLigatures * 4
        var singles: [UInt32] = []
        for index in plan.gsub {
            guard let lookup = table.lookup(Int(index)) else { return false }
            if lookup.type == singleSubstitution && lookup.flags == 0 {
                singles.append(index)
            } else if lookup.type == ligatureSubstitution {
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
        return singles.allSatisfy { collectSingle(plan, lookup: $0, blocked: blocked, substitutes: &substitutes) }
    }

    /// A single substitution `lookup` of the plan: each glyph it replaces goes to `substitutes` when no
    /// other lookup of the plan reads it or its substitute as input (ligature components, contexts and
    /// the lookups they call included), else to `blocked`. HarfBuzz applies a plan's GSUB lookups in
    /// order, each over the whole run (`hb_ot_map_t::apply`): whatever their order, the glyph then
    /// reaches GPOS as its substitute wherever it stands, and nothing else sees either. False when a
    /// set cannot be allocated.
    private static func collectSingle(_ plan: PlanLookups, lookup: UInt32, blocked: OpaquePointer,
                                      substitutes: inout [UInt32: UInt32]) -> Bool {
        guard let own = hb_set_create(), let elsewhere = hb_set_create(), let closure = hb_set_create() else { return false }
        defer {
            hb_set_destroy(own)
            hb_set_destroy(elsewhere)
            hb_set_destroy(closure)
        }
        for index in plan.gsub {
            hb_ot_layout_lookup_collect_glyphs(plan.face, PlanLookups.gsubTag, index, nil,
                                               index == lookup ? own : elsewhere, nil, nil)
        }
        guard hb_set_allocation_successful(own) != 0, hb_set_allocation_successful(elsewhere) != 0 else { return false }
        var glyph = UInt32.max  // HB_SET_VALUE_INVALID: start of the iteration
        while hb_set_next(own, &glyph) != 0 {
            // The glyph's substitute: the lookup's closure of the glyph alone is it and its substitute
            // (HarfBuzz 6's get_glyph_alternates answers for alternate substitutions only).
            hb_set_clear(closure)
            hb_set_add(closure, glyph)
            hb_ot_layout_lookup_substitute_closure(plan.face, lookup, closure)
            hb_set_del(closure, glyph)
            let substitute = hb_set_get_min(closure)
            if hb_set_get_population(closure) == 1 && hb_set_has(own, substitute) == 0
                && hb_set_has(elsewhere, glyph) == 0 && hb_set_has(elsewhere, substitute) == 0 {
                substitutes[glyph] = substitute
            } else {
                hb_set_add(blocked, glyph)
            }
        }
        return hb_set_allocation_successful(closure) != 0
    }

    /// GPOS: the glyphs of qualifying kerning pairs, and the input glyphs of every other lookup
    /// that can change an advance; the table (open) and the kerning lookups' subtables. nil when
    /// the table cannot be read.
    private static func collectPositioned(_ plan: PlanLookups, blocked: OpaquePointer, kerning: OpaquePointer)
        -> (table: LayoutTable?, pairLookups: [[Int]], agrees: Bool, pairsIgnoreMarks: Bool)? {
        guard !plan.gpos.isEmpty else { return (nil, [], true, true) }
        guard let table = LayoutTable(plan.face, tag: PlanLookups.gposTag) else { return nil }
        var pairLookups: [[Int]] = []
        var agrees = true, pairsIgnoreMarks = true
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
                pairsIgnoreMarks = pairsIgnoreMarks && lookup.flags & ignoresMarks != 0
                pairLookups.append(lookup.subtables)
                agrees = agrees && table.pairGlyphsAgree(plan.face, lookup: index, subtables: lookup.subtables,
                                                         records: &records)
            }
        }
        return (table, pairLookups, agrees, pairsIgnoreMarks)
    }

    /// Thai: which marks may stand in a run, and which glyphs may not stand beside them; nil when none may.
    /// What HarfBuzz 6.0 does to a Thai run's marks (hb-ot-shaper-thai.cc, hb-ot-shape.cc), and the rule kept:
    /// - PUA forms (`do_thai_pua_shaping`) replace marks, and a base before a below mark, only when GSUB
    ///   has no Thai script (`found_script[0]`): marks qualify only where it has one.
    /// - Marks are zeroed by GDEF class after GPOS (`HB_OT_SHAPE_ZERO_WIDTH_MARKS_BY_GDEF_LATE`; `zero_marks`
    ///   holds without `kern`/`kerx`, which `PlanLookups` leaves out): a GDEF mark adds nothing, whatever GSUB
    ///   made of it, so long as it stays a mark.
    /// - GSUB may change marks (Noto Sans Thai's ccmp narrows them after tall consonants and joins a tone mark
    ///   with NIKHAHIT), never a base: a glyph some GSUB lookup of the face reads as input (`substituted`;
    ///   every lookup, nested ones too, so a ligature's components and a context's glyphs are in it) may not
    ///   stand in a run with a mark, nor a glyph some positioning other than kerning or mark attachment reads.
    ///   The glyphs of such a run are then bases no lookup reads and marks, and every substitution starts at
    ///   a mark: each lookup that reads a mark must make marks of it (`substitutesMarksOnly`), so the run's
    ///   glyphs stay bases no lookup reads and marks, whatever order the lookups fire in.
    /// - Kerning lookups must ignore marks (lookupFlag IgnoreMarks: `skippy_iter` steps over every mark), so a
    ///   base kerns with the next base across marks (the caller checks this before).
    /// Normalization reorders marks by combining class (`_hb_ot_shape_normalize`): no base moves.
    private static func markRules(_ plan: PlanLookups, positionBlocked: OpaquePointer, glyphCount: Int)
        -> (marks: GlyphBits, substituted: GlyphBits)? {
        var scriptCount: UInt32 = 3, languageCount: UInt32 = 0
        var scriptTags = [hb_tag_t](repeating: 0, count: 3)
        hb_ot_tags_from_script_and_language(HB_SCRIPT_THAI, nil, &scriptCount, &scriptTags, &languageCount, nil)
        var scriptIndex: UInt32 = 0
        guard hb_ot_layout_table_select_script(plan.face, PlanLookups.gsubTag, scriptCount, &scriptTags,
                                               &scriptIndex, nil) != 0,
              let marks = hb_set_create(), let substituted = hb_set_create() else { return nil }
        defer {
            hb_set_destroy(marks)
            hb_set_destroy(substituted)
        }
        hb_ot_layout_get_glyphs_in_class(plan.face, HB_OT_LAYOUT_GLYPH_CLASS_MARK, marks)
        // Before the substitutions are checked: a mark GSUB makes must itself be free of positioning
        // other than kerning and mark attachment (collecting a GPOS lookup's glyphs does not follow the
        // lookups it calls, so a contextual positioning at the made mark could widen the next base).
        hb_set_subtract(marks, positionBlocked)
        guard substitutesMarksOnly(plan.face, marks: marks, substituted: substituted) else { return nil }
        guard hb_set_has(marks, 0) == 0, hb_set_allocation_successful(marks) != 0,
              hb_set_allocation_successful(substituted) != 0 else { return nil }
        return (GlyphBits(marks, glyphCount: glyphCount), GlyphBits(substituted, glyphCount: glyphCount))
    }

    /// Whether every GSUB lookup of the face makes marks of the marks it reads; `substituted` gets every
    /// lookup's input glyphs. Single, multiple, alternate and ligature lookups are asked what they make of
    /// their marks (`hb_ot_layout_lookup_substitute_closure` from those marks alone: a ligature needs all its
    /// components, and a base component never stands beside a mark); a reverse chaining one, all it outputs;
    /// contextual ones make nothing themselves (the lookups they call are lookups of the face, checked too).
    private static func substitutesMarksOnly(_ face: OpaquePointer, marks: OpaquePointer,
                                             substituted: OpaquePointer) -> Bool {
        guard let table = LayoutTable(face, tag: PlanLookups.gsubTag) else {
            return hb_ot_layout_table_get_lookup_count(face, PlanLookups.gsubTag) == 0
        }
        defer { table.close() }
        guard let input = hb_set_create(), let made = hb_set_create() else { return false }
        defer {
            hb_set_destroy(input)
            hb_set_destroy(made)
        }
        for index in 0..<hb_ot_layout_table_get_lookup_count(face, PlanLookups.gsubTag) {
            guard let lookup = table.lookup(Int(index)) else { return false }
            hb_set_clear(input)
            hb_set_clear(made)
            hb_ot_layout_lookup_collect_glyphs(face, PlanLookups.gsubTag, index, nil, input, nil, made)
            hb_set_union(substituted, input)
            hb_set_intersect(input, marks)
            guard hb_set_is_empty(input) == 0 else { continue }
            switch lookup.type {
            case 1, 2, 3, 4:
                hb_set_clear(made)
                hb_set_union(made, input)
                hb_ot_layout_lookup_substitute_closure(face, index, made)
            case 8: break
            case 5, 6: continue
            default: return false
            }
            hb_set_subtract(made, marks)
            guard hb_set_is_empty(made) != 0 else { return false }
        }
        return hb_set_allocation_successful(input) != 0 && hb_set_allocation_successful(made) != 0
    }

    private static let maxLigatures = 1 << 20
    private static let singleSubstitution = 1, ligatureSubstitution = 4
    private static let pairAdjustment = 2
    private static let markAttachments: Set<Int> = [4, 5, 6]
    /// lookupFlag IGNORE_BASE_GLYPHS | IGNORE_LIGATURES, and IGNORE_BASE_GLYPHS.
    private static let skipsBasesOrLigatures = 0x0006, skipsBaseGlyphs = 0x0002
    /// lookupFlag IGNORE_MARKS.
    private static let ignoresMarks = 0x0008
}
