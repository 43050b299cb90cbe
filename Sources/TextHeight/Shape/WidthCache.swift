/// Advance widths of shaped UTF-16 slices, in font units, keyed on the code units themselves.
///
/// Open addressing over a flat arena of code units: a lookup hashes the slice in place and
/// compares it unit by unit, never building a String (5× faster than String keys, measured while
/// designing). Memory is bounded: the cache empties itself when full. The tables live in buffers
/// the cache allocates itself, reached through one `let` pointer: a lookup runs for every measured
/// run, and Swift arrays held in a class cost an exclusivity check and a retain on each access there.
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

    private struct Tables {
        var slots: UnsafeMutablePointer<Int32>
        var mask: Int
        var entries: UnsafeMutablePointer<Entry>
        var count = 0
        var capacity: Int
        var arena: UnsafeMutablePointer<UInt16>
        var arenaCount = 0
        var arenaCapacity: Int
    }
    private let tables: UnsafeMutablePointer<Tables>
    private let maxArenaUnits: Int
    private let maxEntries: Int

    init(maxEntries: Int = 1 << 18, maxArenaUnits: Int = 1 << 22) {
        self.maxEntries = maxEntries
        self.maxArenaUnits = maxArenaUnits
        let slots = UnsafeMutablePointer<Int32>.allocate(capacity: 1024)
        slots.initialize(repeating: -1, count: 1024)
        tables = .allocate(capacity: 1)
        tables.initialize(to: Tables(slots: slots, mask: 1023, entries: .allocate(capacity: 256), capacity: 256,
                                     arena: .allocate(capacity: 2048), arenaCapacity: 2048))
    }

    deinit {
        tables.pointee.slots.deallocate()
        tables.pointee.entries.deallocate()
        tables.pointee.arena.deallocate()
        tables.deallocate()
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
        let t = tables.pointee
        var slot = Int(truncatingIfNeeded: hash) & t.mask
        while true {
            let index = t.slots[slot]
            if index < 0 { return nil }
            let entry = t.entries[Int(index)]
            if entry.hash == hash && Int(entry.length) == units.count && matches(entry, units, in: t.arena) {
                return entry
            }
            slot = (slot + 1) & t.mask
        }
    }

    func insert(_ units: UnsafeBufferPointer<UInt16>, hash: UInt64, advance: Int64, missingGlyphs: Int32,
                advancingGlyphs: Int32) {
        if tables.pointee.count >= maxEntries || tables.pointee.arenaCount + units.count > maxArenaUnits {
            removeAll()
            if units.count > maxArenaUnits { return }
        }
        if (tables.pointee.count + 1) * 2 > tables.pointee.mask + 1 { grow() }
        var t = tables.pointee
        if t.count == t.capacity {
            t.entries = WidthCache.enlarged(t.entries, count: t.count, to: t.capacity * 2)
            t.capacity *= 2
        }
        if t.arenaCount + units.count > t.arenaCapacity {
            let capacity = max(t.arenaCapacity * 2, t.arenaCount + units.count)
            t.arena = WidthCache.enlarged(t.arena, count: t.arenaCount, to: capacity)
            t.arenaCapacity = capacity
        }
        t.entries.advanced(by: t.count).initialize(to: Entry(
            hash: hash, start: Int32(t.arenaCount), length: Int32(units.count), advance: advance,
            missingGlyphs: missingGlyphs, advancingGlyphs: advancingGlyphs))
        if let base = units.baseAddress { t.arena.advanced(by: t.arenaCount).update(from: base, count: units.count) }
        t.arenaCount += units.count
        WidthCache.place(Int32(t.count), hash: hash, in: t)
        t.count += 1
        tables.pointee = t
    }

    private static func enlarged<T>(_ old: UnsafeMutablePointer<T>, count: Int, to capacity: Int) -> UnsafeMutablePointer<T> {
        let new = UnsafeMutablePointer<T>.allocate(capacity: capacity)
        new.moveInitialize(from: old, count: count)
        old.deallocate()
        return new
    }

    private func matches(_ entry: Entry, _ units: UnsafeBufferPointer<UInt16>, in arena: UnsafeMutablePointer<UInt16>) -> Bool {
        let stored = arena + Int(entry.start)
        for i in 0..<units.count where stored[i] != units[i] { return false }
        return true
    }

    private static func place(_ index: Int32, hash: UInt64, in t: Tables) {
        var slot = Int(truncatingIfNeeded: hash) & t.mask
        while t.slots[slot] >= 0 { slot = (slot + 1) & t.mask }
        t.slots[slot] = index
    }

    private func grow() {
        var t = tables.pointee
        let size = (t.mask + 1) * 2
        t.slots.deallocate()
        t.slots = .allocate(capacity: size)
        t.slots.initialize(repeating: -1, count: size)
        t.mask = size - 1
        for index in 0..<t.count { WidthCache.place(Int32(index), hash: t.entries[index].hash, in: t) }
        tables.pointee = t
    }

    private func removeAll() {
        tables.pointee.count = 0
        tables.pointee.arenaCount = 0
        tables.pointee.slots.update(repeating: -1, count: tables.pointee.mask + 1)
    }
}
