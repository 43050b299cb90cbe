import CHarfBuzz

/// What HarfBuzz's API does not tell of a face's GSUB or GPOS lookups, read from the table's
/// bytes: each lookup's type (through Extension subtables), its flags, a PairPos subtable's value
/// formats, a subtable's Coverage. Every read is bounds-checked, so a malformed table never traps;
/// but these are the file's bytes, not the copy HarfBuzz shapes with (its sanitizer empties what
/// fails its checks), so a reader that must agree with HarfBuzz compares what it read with
/// HarfBuzz's own view (`pairGlyphsAgree`).
struct LayoutTable {
    private let blob: OpaquePointer
    private let bytes: UnsafeRawBufferPointer
    private let lookupList: Int
    /// The Extension lookup type (GSUB 7, GPOS 9): its subtables point at subtables of another type.
    private let extensionType: Int

    init?(_ face: OpaquePointer, tag: hb_tag_t) {
        guard let blob = hb_face_reference_table(face, tag) else { return nil }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length >= 10 else {
            hb_blob_destroy(blob)
            return nil
        }
        self.blob = blob
        bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
        extensionType = tag == FaceInstances.tag("GPOS") ? 9 : 7
        // The header's LookupList offset, at 8 in versions 1.0 and 1.1.
        lookupList = LayoutTable.u16(bytes, 8) ?? 0
        guard lookupList > 0 else {
            hb_blob_destroy(blob)
            return nil
        }
    }

    /// Releases the table's bytes; the value must not be read afterwards.
    func close() { hb_blob_destroy(blob) }

    struct Lookup {
        var type: Int
        var flags: Int
        /// Where each subtable starts in the table, Extension subtables followed.
        var subtables: [Int]
    }

    /// Lookup `index` of the LookupList (HarfBuzz's lookup indexes are these).
    func lookup(_ index: Int) -> Lookup? {
        guard let count = u16(lookupList), index < count, let relative = u16(lookupList + 2 + 2 * index),
              case let start = lookupList + relative, let type = u16(start), let flags = u16(start + 2),
              let subtableCount = u16(start + 4) else { return nil }
        var subtables: [Int] = []
        var resolved: Int?
        for k in 0..<subtableCount {
            guard let offset = u16(start + 6 + 2 * k) else { return nil }
            var subtable = start + offset, subtableType = type
            if type == extensionType {
                // ExtensionSubstFormat1 / ExtensionPosFormat1: format 1, the lookup type, an Offset32.
                guard u16(subtable) == 1, let inner = u16(subtable + 2), let far = u32(subtable + 4) else { return nil }
                subtableType = inner
                subtable += far
            }
            // The spec requires one type for all of a lookup's subtables; a font that mixes them is not read.
            if let resolved, resolved != subtableType { return nil }
            resolved = subtableType
            subtables.append(subtable)
        }
        return Lookup(type: resolved ?? type, flags: flags, subtables: subtables)
    }

    /// A PairPos subtable's (valueFormat1, valueFormat2): both formats keep them at 4 and 6.
    func pairValueFormats(_ subtable: Int) -> (first: Int, second: Int)? {
        guard let format = u16(subtable), format == 1 || format == 2, let first = u16(subtable + 4),
              let second = u16(subtable + 6) else { return nil }
        return (first, second)
    }

    /// Calls `body(first, last, index)` with the glyph ranges of the Coverage table the subtable's
    /// offset at 2 points at (every GSUB format but the contextual ones: the first glyph matched),
    /// `index` being the coverage index of `first`. False when the table is malformed or `body`
    /// returns false.
    func forEachCoveredRange(_ subtable: Int, _ body: (_ first: Int, _ last: Int, _ index: Int) -> Bool) -> Bool {
        guard let offset = u16(subtable + 2), case let coverage = subtable + offset,
              let format = u16(coverage), let count = u16(coverage + 2) else { return false }
        switch format {
        case 1:
            for k in 0..<count {
                guard let glyph = u16(coverage + 4 + 2 * k), body(glyph, glyph, k) else { return false }
            }
        case 2:
            for k in 0..<count {
                guard let first = u16(coverage + 4 + 6 * k), let last = u16(coverage + 6 + 6 * k),
                      let index = u16(coverage + 8 + 6 * k) else { return false }
                if first <= last, !body(first, last, index) { return false }
            }
        default:
            return false
        }
        return true
    }

    /// Calls `body(first, second)` with each ligature of a LigatureSubstFormat1 subtable: its first
    /// glyph and its second component's (nil for a ligature of one component). False when the table
    /// is malformed, `body` returns false, or `steps` (covered glyphs visited, shared by the
    /// caller's calls) runs out: overlapping ranges and shared sets could ask for billions.
    func forEachLigature(_ subtable: Int, steps: inout Int, _ body: (_ first: Int, _ second: Int?) -> Bool) -> Bool {
        guard u16(subtable) == 1, let setCount = u16(subtable + 4) else { return false }
        return forEachCoveredRange(subtable) { first, last, startIndex in
            for glyph in first...last {
                let index = startIndex + glyph - first
                steps -= 1
                guard steps >= 0, index < setCount, let setOffset = u16(subtable + 6 + 2 * index),
                      case let set = subtable + setOffset, let count = u16(set) else { return false }
                for l in 0..<count {
                    guard let ligatureOffset = u16(set + 2 + 2 * l), case let ligature = set + ligatureOffset,
                          let componentCount = u16(ligature + 2), componentCount >= 1 else { return false }
                    let second = componentCount > 1 ? u16(ligature + 4) : nil
                    guard componentCount == 1 || second != nil, body(glyph, second) else { return false }
                }
            }
            return true
        }
    }

    /// Whether HarfBuzz sees the PairPos lookup `index` as read here: the glyphs it collects for
    /// it (`hb_ot_layout_lookup_collect_glyphs`, from its sanitized copy) are the ones these bytes
    /// give (`PairPosFormat1/2::collect_glyphs`: the Coverage, and the second glyphs of format 1's
    /// pair sets or format 2's glyphs of a non-zero ClassDef2 class). A subtable, pair set or class
    /// table HarfBuzz's sanitizer emptied drops its glyphs from HarfBuzz's side only.
    /// `records` bounds the pair records read over the caller's calls (pair sets may share their bytes).
    func pairGlyphsAgree(_ face: OpaquePointer, lookup index: UInt32, subtables: [Int], records: inout Int) -> Bool {
        guard let ours = hb_set_create(), let theirs = hb_set_create() else { return false }
        defer {
            hb_set_destroy(ours)
            hb_set_destroy(theirs)
        }
        hb_ot_layout_lookup_collect_glyphs(face, FaceInstances.tag("GPOS"), index, nil, theirs, nil, nil)
        for subtable in subtables {
            guard forEachCoveredRange(subtable, { first, last, _ in
                hb_set_add_range(ours, hb_codepoint_t(first), hb_codepoint_t(last))
                return true
            }), let format = u16(subtable), let format1 = u16(subtable + 4), let format2 = u16(subtable + 6)
            else { return false }
            if format == 1 {
                let recordSize = 2 + 2 * (format1.nonzeroBitCount + format2.nonzeroBitCount)
                guard let setCount = u16(subtable + 8) else { return false }
                for k in 0..<setCount {
                    guard let setOffset = u16(subtable + 10 + 2 * k), let count = u16(subtable + setOffset) else { return false }
                    records -= count
                    guard records >= 0 else { return false }
                    for r in 0..<count {
                        guard let second = u16(subtable + setOffset + 2 + r * recordSize) else { return false }
                        hb_set_add(ours, hb_codepoint_t(second))
                    }
                }
            } else {
                guard let classDef2 = u16(subtable + 10), forEachClassedRange(subtable + classDef2, { first, last in
                    hb_set_add_range(ours, hb_codepoint_t(first), hb_codepoint_t(last))
                }) else { return false }
            }
        }
        return hb_set_allocation_successful(ours) != 0 && hb_set_is_equal(ours, theirs) != 0
    }

    /// The glyph ranges of a ClassDef table with a non-zero class. False when malformed.
    private func forEachClassedRange(_ classDef: Int, _ body: (Int, Int) -> Void) -> Bool {
        guard let format = u16(classDef) else { return false }
        switch format {
        case 1:
            guard let start = u16(classDef + 2), let count = u16(classDef + 4) else { return false }
            for k in 0..<count {
                guard let value = u16(classDef + 6 + 2 * k) else { return false }
                if value != 0 { body(start + k, start + k) }
            }
        case 2:
            guard let count = u16(classDef + 2) else { return false }
            for k in 0..<count {
                guard let first = u16(classDef + 4 + 6 * k), let last = u16(classDef + 6 + 6 * k),
                      let value = u16(classDef + 8 + 6 * k) else { return false }
                if value != 0 && first <= last { body(first, last) }
            }
        default:
            return false
        }
        return true
    }

    /// What a PairPos subtable (format 1 or 2) adds to `first`'s advance when `second` follows:
    /// `.notApplied` when the subtable does not apply to the pair (HarfBuzz then tries the next
    /// subtable), `.applied(0)` when it applies without moving the advance; `.unreadable` when a read
    /// falls outside the table.
    /// HarfBuzz's rules (OT::Layout::GPOS_impl::PairPosFormat1/2::apply): format 1 applies when the
    /// pair is listed in the first glyph's PairSet; format 2 whenever the first glyph is covered
    /// and both classes are in range.
    enum PairAdjustment: Equatable {
        case notApplied, applied(Int), unreadable
    }

    func pairAdjustment(_ subtable: Int, first: Int, second: Int) -> PairAdjustment {
        guard let format = u16(subtable), let coverage = u16(subtable + 2), let format1 = u16(subtable + 4),
              let format2 = u16(subtable + 6) else { return .unreadable }
        guard let index = coverageIndex(subtable + coverage, glyph: first) else {
            return coverageReadable(subtable + coverage) ? .notApplied : .unreadable
        }
        let length1 = format1.nonzeroBitCount, length2 = format2.nonzeroBitCount
        // XAdvance (bit 2) follows XPlacement and YPlacement when they are present.
        let advanceField = format1 & 4 == 0 ? nil : 2 * (format1 & 3).nonzeroBitCount
        func advance(_ record: Int) -> PairAdjustment {
            guard let advanceField else { return .applied(0) }
            guard let value = u16(record + advanceField) else { return .unreadable }
            return .applied(Int(Int16(truncatingIfNeeded: value)))
        }
        switch format {
        case 1:
            guard let setCount = u16(subtable + 8), index < setCount, let setOffset = u16(subtable + 10 + 2 * index),
                  case let set = subtable + setOffset, let count = u16(set) else { return .unreadable }
            let recordSize = 2 + 2 * (length1 + length2)
            var low = 0, high = count - 1
            while low <= high {
                let middle = (low + high) / 2, record = set + 2 + middle * recordSize
                guard let glyph = u16(record) else { return .unreadable }
                if glyph == second { return advance(record + 2) }
                if glyph < second { low = middle + 1 } else { high = middle - 1 }
            }
            return .notApplied
        case 2:
            guard let classDef1 = u16(subtable + 8), let classDef2 = u16(subtable + 10),
                  let class1Count = u16(subtable + 12), let class2Count = u16(subtable + 14),
                  let class1 = glyphClass(subtable + classDef1, glyph: first),
                  let class2 = glyphClass(subtable + classDef2, glyph: second) else { return .unreadable }
            guard class1 < class1Count, class2 < class2Count else { return .notApplied }
            let recordSize = 2 * (length1 + length2)
            return advance(subtable + 16 + (class1 * class2Count + class2) * recordSize)
        default:
            return .unreadable
        }
    }

    /// `glyph`'s index in the Coverage table at `coverage` (binary search: both formats are sorted).
    private func coverageIndex(_ coverage: Int, glyph: Int) -> Int? {
        guard let format = u16(coverage), let count = u16(coverage + 2) else { return nil }
        var low = 0, high = count - 1
        while low <= high {
            let middle = (low + high) / 2
            switch format {
            case 1:
                guard let covered = u16(coverage + 4 + 2 * middle) else { return nil }
                if covered == glyph { return middle }
                if covered < glyph { low = middle + 1 } else { high = middle - 1 }
            case 2:
                guard let start = u16(coverage + 4 + 6 * middle), let end = u16(coverage + 6 + 6 * middle),
                      let index = u16(coverage + 8 + 6 * middle) else { return nil }
                if glyph < start {
                    high = middle - 1
                } else if glyph > end {
                    low = middle + 1
                } else {
                    return index + glyph - start
                }
            default:
                return nil
            }
        }
        return nil
    }

    private func coverageReadable(_ coverage: Int) -> Bool {
        guard let format = u16(coverage), let count = u16(coverage + 2) else { return false }
        return (format == 1 || format == 2) && u16(coverage + 2 + (format == 1 ? 2 : 6) * count) != nil
    }

    /// `glyph`'s class in the ClassDef table at `classDef` (0 when it is not listed), nil when malformed.
    private func glyphClass(_ classDef: Int, glyph: Int) -> Int? {
        guard let format = u16(classDef) else { return nil }
        switch format {
        case 1:
            guard let start = u16(classDef + 2), let count = u16(classDef + 4) else { return nil }
            guard glyph >= start, glyph < start + count else { return 0 }
            return u16(classDef + 6 + 2 * (glyph - start))
        case 2:
            guard let count = u16(classDef + 2) else { return nil }
            var low = 0, high = count - 1
            while low <= high {
                let middle = (low + high) / 2
                guard let start = u16(classDef + 4 + 6 * middle), let end = u16(classDef + 6 + 6 * middle) else {
                    return nil
                }
                if glyph < start {
                    high = middle - 1
                } else if glyph > end {
                    low = middle + 1
                } else {
                    return u16(classDef + 8 + 6 * middle)
                }
            }
            return 0
        default:
            return nil
        }
    }

    private func u16(_ offset: Int) -> Int? { LayoutTable.u16(bytes, offset) }

    private static func u16(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> Int? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    private func u32(_ offset: Int) -> Int? {
        guard let high = u16(offset), let low = u16(offset + 2) else { return nil }
        return high << 16 | low
    }
}
