/// Advance widths of shaped UTF-16 slices, in font units, keyed on the code units themselves.
///
/// Open addressing over a flat arena of code units: a lookup hashes the slice in place and
/// compares it with `memcmp`-like loops, never building a String (5× faster than String keys,
/// measured while designing). Memory is bounded: the cache empties itself when full.
final class WidthCache {
    struct Entry {
        var hash: UInt64
        var start: Int32
        var length: Int32
        var advance: Int64
        var missingGlyphs: Int32
        /// Glyphs with a non-zero advance: per-glyph tracking applies to these.
        var advancingGlyphs: Int32
    }

    private var slots: [Int32]
    private var entries: [Entry] = []
    private var arena: [UInt16] = []
    private var mask: Int
    private let maxArenaUnits: Int
    private let maxEntries: Int

    init(maxEntries: Int = 1 << 18, maxArenaUnits: Int = 1 << 22) {
        self.maxEntries = maxEntries
        self.maxArenaUnits = maxArenaUnits
        slots = [Int32](repeating: -1, count: 1024)
        mask = 1023
    }

    static func hash(_ units: UnsafeBufferPointer<UInt16>) -> UInt64 {
        // FNV-1a over code units.
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for unit in units {
            h = (h ^ UInt64(unit)) &* 0x0000_0100_0000_01B3
        }
        return h
    }

    func lookup(_ units: UnsafeBufferPointer<UInt16>, hash: UInt64) -> Entry? {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = slots[slot]
            if index < 0 { return nil }
            let entry = entries[Int(index)]
            if entry.hash == hash && Int(entry.length) == units.count && matches(entry, units) {
                return entry
            }
            slot = (slot + 1) & mask
        }
    }

    func insert(_ units: UnsafeBufferPointer<UInt16>, hash: UInt64, advance: Int64, missingGlyphs: Int32,
                advancingGlyphs: Int32) {
        if entries.count >= maxEntries || arena.count + units.count > maxArenaUnits {
            removeAll()
            if units.count > maxArenaUnits { return }
        }
        if (entries.count + 1) * 2 > slots.count { grow() }
        let entry = Entry(hash: hash, start: Int32(arena.count), length: Int32(units.count),
                          advance: advance, missingGlyphs: missingGlyphs, advancingGlyphs: advancingGlyphs)
        arena.append(contentsOf: units)
        place(Int32(entries.count), hash: hash)
        entries.append(entry)
    }

    private func matches(_ entry: Entry, _ units: UnsafeBufferPointer<UInt16>) -> Bool {
        arena.withUnsafeBufferPointer { stored in
            let start = Int(entry.start)
            for i in 0..<units.count where stored[start + i] != units[i] { return false }
            return true
        }
    }

    private func place(_ index: Int32, hash: UInt64) {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = index
    }

    private func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        mask = slots.count - 1
        for (index, entry) in entries.enumerated() { place(Int32(index), hash: entry.hash) }
    }

    private func removeAll() {
        entries.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
        for i in slots.indices { slots[i] = -1 }
    }
}
