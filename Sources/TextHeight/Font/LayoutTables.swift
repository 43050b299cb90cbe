import CHarfBuzz

/// What HarfBuzz's API does not tell of a face's GSUB or GPOS lookups, read from the table's
/// bytes: each lookup's type (through Extension subtables), its flags, a PairPos subtable's value
/// formats, a subtable's Coverage. Every read is bounds-checked: a malformed table reads as nil,
/// never as a trap.
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

    /// Calls `body(first, components)` with each ligature of a LigatureSubstFormat1 subtable: its
    /// first glyph and the glyphs of its later components. False when the table is malformed (or
    /// lists more than a million ligature starts: a real font has a few thousand at most).
    func forEachLigature(_ subtable: Int, _ body: (_ first: Int, _ components: [Int]) -> Void) -> Bool {
        guard u16(subtable) == 1, let setCount = u16(subtable + 4) else { return false }
        var visited = 0
        return forEachCoveredRange(subtable) { first, last, startIndex in
            for glyph in first...last {
                visited += 1
                let index = startIndex + glyph - first
                guard visited < 1 << 20, index < setCount, let setOffset = u16(subtable + 6 + 2 * index),
                      case let set = subtable + setOffset, let count = u16(set) else { return false }
                for l in 0..<count {
                    guard let ligatureOffset = u16(set + 2 + 2 * l), case let ligature = set + ligatureOffset,
                          let componentCount = u16(ligature + 2), componentCount >= 1 else { return false }
                    var components: [Int] = []
                    for c in 0..<componentCount - 1 {
                        guard let component = u16(ligature + 4 + 2 * c) else { return false }
                        components.append(component)
                    }
                    body(glyph, components)
                }
            }
            return true
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
