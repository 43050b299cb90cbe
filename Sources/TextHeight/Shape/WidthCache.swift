/// Advance widths of shaped UTF-16 slices, in font units, keyed on the code units themselves.
///
/// Open addressing with the entries in the table itself: a hit reads one 16-byte slot (a short
/// key, up to four units, is stored in the slot; a longer one in an arena of units). The table is
/// probed for every measured run and outgrows the CPU caches on real workloads, so a probe that
/// touches one cache line instead of three (slot, entry, arena) is what a hit costs in wall time
/// (perf: the lookup was the hottest function of the mixed workload with slots → entries → arena).
/// Slots of 16 bytes instead of 32 halve the table (the primary font's 24,756 entries over the
/// 20,000 mixed texts: 1 MB instead of 2 MB); cache-simulated callgrind (48 KB D1, 2 MB last level)
/// counted the lookup's read misses to memory 128 k → 61 k, `grow`'s 49 k → 20 k. In wall time no
/// change was measurable (perf: the lookup's share stayed ~12 %, half of it on the slot's load): on
/// the shared 2-vCPU machine measured, a table probe waited ~50 ns on average whatever the table's
/// size (512 KB to 2 MB) or page size. Tried and dropped for that reason: keys of 5…12 units in
/// 32-byte slots (the wait moved from the arena to the slot), a front for keys up to four units,
/// 2 MB pages for the table.
/// Lookups hash the slice in place and never build a String. Memory is bounded: the cache empties
/// itself when full. The storage is reached through one `let` pointer: Swift arrays held in a class
/// would cost an exclusivity check and a retain per probe.
final class WidthCache {
    /// What a look-up returns: exactly what was inserted.
    struct Entry: Equatable {
        var advance: Int64
        var missingGlyphs: Int32
        /// Glyphs with a non-zero advance: per-glyph tracking applies to these.
        var advancingGlyphs: Int32
    }

    /// 16 bytes, four to a cache line. `meta` is 0 for an empty slot; else its low byte is the
    /// key's length (1…255) with the values packed above it (`inline`), or 0 with an index into
    /// `overflow` above for what does not fit. `key` holds up to four units packed, else the
    /// hash's upper half over the key's offset in the arena.
    private struct Slot {
        var key: UInt64
        var meta: UInt64
    }

    /// An entry whose length or values do not fit a slot's `meta` (the joins memo stores a
    /// Double's bit pattern for joins that change the width; advances and glyph counts of real
    /// runs fit: none of the 20,000 mixed texts' measured runs overflowed).
    private struct Overflow {
        var length: Int
        var entry: Entry
    }

    /// One UTF-16 unit's entry (a CJK character, a space: most look-ups), direct-mapped in front of
    /// the table in 32 KB that stay in the CPU caches.
    private struct Single {
        var unit: UInt16
        var missingGlyphs: UInt8
        /// `advancingGlyphs + 1`: 0 marks an empty slot (zeroed memory).
        var advancingPlusOne: UInt8
        var advance: Int32
    }
    private static let singleSlots = 4096

    /// `entry` as a front slot for `unit`, nil when a value does not fit.
    @inline(__always)
    private static func single(_ unit: UInt16, _ entry: Entry) -> Single? {
        guard let advance = Int32(exactly: entry.advance), let missing = UInt8(exactly: entry.missingGlyphs),
              (0..<0xFF).contains(entry.advancingGlyphs) else { return nil }
        return Single(unit: unit, missingGlyphs: missing, advancingPlusOne: UInt8(entry.advancingGlyphs + 1),
                      advance: advance)
    }

    private struct Storage {
        /// Allocated at the first single unit stored (the joins and cluster memos never store one).
        var singles: UnsafeMutablePointer<Single>?
        var slots: UnsafeMutablePointer<Slot>
        var mask: Int
        var count = 0
        var arena: UnsafeMutablePointer<UInt16>
        var arenaCount = 0
        var arenaCapacity: Int
        var overflow: UnsafeMutablePointer<Overflow>?
        var overflowCount = 0
        var overflowCapacity = 0
    }
    private let storage: UnsafeMutablePointer<Storage>
    private let maxArenaUnits: Int
    private let maxEntries: Int
    private static let initialSlots = 256

    init(maxEntries: Int = 1 << 18, maxArenaUnits: Int = 1 << 22) {
        // Arena offsets and overflow indexes are stored in 32 bits.
        self.maxEntries = min(maxEntries, Int(UInt32.max))
        self.maxArenaUnits = min(maxArenaUnits, Int(UInt32.max))
        storage = .allocate(capacity: 1)
        storage.initialize(to: Storage(singles: nil, slots: ZeroedTable.allocate(Slot.self, count: WidthCache.initialSlots),
                                       mask: WidthCache.initialSlots - 1, arena: .allocate(capacity: 2048),
                                       arenaCapacity: 2048))
    }

    deinit {
        if let singles = storage.pointee.singles { ZeroedTable.deallocate(singles, count: WidthCache.singleSlots) }
        ZeroedTable.deallocate(storage.pointee.slots, count: storage.pointee.mask + 1)
        storage.pointee.arena.deallocate()
        storage.pointee.overflow?.deallocate()
        storage.deallocate()
    }

    static func hash(_ units: UnsafeBufferPointer<UInt16>) -> UInt64 {
        var h = hashSeed
        for unit in units { h = hash(h, unit) }
        return h
    }

    /// FNV-1a over code units, a unit at a time, for callers that hash while they scan (`Itemization.singleRun`).
    static let hashSeed: UInt64 = 0xcbf2_9ce4_8422_2325
    @inline(__always)
    static func hash(_ h: UInt64, _ unit: UInt16) -> UInt64 { (h ^ UInt64(unit)) &* 0x0000_0100_0000_01B3 }

    /// The upper half of the hash, stored beside a long key's arena offset.
    private static func tag(_ hash: UInt64) -> UInt64 { hash >> 32 }

    /// Up to four units in one integer: two loads that may overlap, the units shifted into place
    /// (a unit at a time, the loop's shift checks cost 10 instructions a unit).
    @inline(__always)
    private static func packed(_ units: UnsafeBufferPointer<UInt16>) -> UInt64 {
        guard let base = units.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        switch units.count {
        case 0: return 0
        case 1: return UInt64(base[0])
        case 2: return UInt64(raw.loadUnaligned(as: UInt32.self))
        case 3: return UInt64(raw.loadUnaligned(as: UInt32.self)) | UInt64(base[2]) &<< 32
        default: return raw.loadUnaligned(as: UInt64.self)
        }
    }

    /// `meta` of a slot holding the values themselves, or nil when one does not fit.
    @inline(__always)
    private static func inlineMeta(length: Int, _ entry: Entry) -> UInt64? {
        guard (1...0xFF).contains(length), (0...0xFF).contains(entry.missingGlyphs),
              (0...0xFFFF).contains(entry.advancingGlyphs), let advance = Int32(exactly: entry.advance) else { return nil }
        return UInt64(length) | UInt64(entry.missingGlyphs) << 8 | UInt64(entry.advancingGlyphs) << 16
            | UInt64(UInt32(bitPattern: advance)) << 32
    }

    /// The low byte 0 (no inline length) and bit 8 set (never 0, which is empty).
    private static func overflowMeta(index: Int) -> UInt64 { 0x100 | UInt64(index) << 32 }

    func lookup(_ units: UnsafeBufferPointer<UInt16>, hash: UInt64) -> Entry? {
        let s = storage.pointee
        if units.count == 1, let singles = s.singles {
            let single = singles[Int(units[0]) & (WidthCache.singleSlots - 1)]
            if single.unit == units[0] && single.advancingPlusOne != 0 {
                return Entry(advance: Int64(single.advance), missingGlyphs: Int32(single.missingGlyphs),
                             advancingGlyphs: Int32(single.advancingPlusOne) - 1)
            }
        }
        let short = units.count <= 4
        let key = short ? WidthCache.packed(units) : WidthCache.tag(hash)
        let length = units.count <= 0xFF ? UInt64(units.count) : 0
        var slot = Int(truncatingIfNeeded: hash) & s.mask
        while true {
            let entry = s.slots[slot]
            if entry.meta == 0 { return nil }
            let stored = entry.meta & 0xFF
            if stored == length && stored != 0 {
                if short ? entry.key == key : entry.key >> 32 == key && WidthCache.matches(entry.key, s.arena, units) {
                    let found = Entry(advance: Int64(Int32(truncatingIfNeeded: entry.meta >> 32)),
                                      missingGlyphs: Int32(truncatingIfNeeded: entry.meta >> 8 & 0xFF),
                                      advancingGlyphs: Int32(truncatingIfNeeded: entry.meta >> 16 & 0xFFFF))
                    // The front keeps the unit last found: first stored, first kept sent 40 % of the
                    // primary font's single-unit look-ups (CJK characters sharing low bits; 110 k of
                    // 271 k over the 20,000 mixed texts) to the table. The lookup's first-level read
                    // misses fell 7 % (cache-simulated).
                    if units.count == 1, let singles = s.singles, let single = WidthCache.single(units[0], found) {
                        singles[Int(units[0]) & (WidthCache.singleSlots - 1)] = single
                    }
                    return found
                }
            } else if stored == 0, let overflow = s.overflow {
                let other = overflow[Int(truncatingIfNeeded: entry.meta >> 32)]
                if other.length == units.count
                    && (short ? entry.key == key : entry.key >> 32 == key && WidthCache.matches(entry.key, s.arena, units)) {
                    return other.entry
                }
            }
            slot = (slot + 1) & s.mask
        }
    }

    func insert(_ units: UnsafeBufferPointer<UInt16>, hash: UInt64, advance: Int64, missingGlyphs: Int32,
                advancingGlyphs: Int32) {
        let short = units.count <= 4
        if storage.pointee.count >= maxEntries || (!short && storage.pointee.arenaCount + units.count > maxArenaUnits) {
            removeAll()
            if units.count > maxArenaUnits { return }
        }
        // Grows at three quarters full, not half: the table is half the size, so more of it stays in
        // the CPU caches (cache-simulated callgrind, 20,000 mixed texts, 2 MB last level: read misses
        // 618 k → 488 k in all, the lookup's 348 k → 306 k, grow's 122 k → 44 k). Hits, the ~95 %
        // case, probe about one slot more on average, in the same or the next cache line.
        if (storage.pointee.count + 1) * 4 > (storage.pointee.mask + 1) * 3 { grow() }
        var s = storage.pointee
        var key: UInt64
        if short {
            key = WidthCache.packed(units)
        } else {
            if s.arenaCount + units.count > s.arenaCapacity {
                let capacity = max(s.arenaCapacity * 2, s.arenaCount + units.count)
                let arena = UnsafeMutablePointer<UInt16>.allocate(capacity: capacity)
                arena.moveInitialize(from: s.arena, count: s.arenaCount)
                s.arena.deallocate()
                s.arena = arena
                s.arenaCapacity = capacity
            }
            key = WidthCache.tag(hash) << 32 | UInt64(s.arenaCount)
            if let base = units.baseAddress { s.arena.advanced(by: s.arenaCount).update(from: base, count: units.count) }
            s.arenaCount += units.count
        }
        let entry = Entry(advance: advance, missingGlyphs: missingGlyphs, advancingGlyphs: advancingGlyphs)
        var meta: UInt64
        if let inline = WidthCache.inlineMeta(length: units.count, entry) {
            meta = inline
        } else {
            if s.overflowCount == s.overflowCapacity {
                let capacity = max(16, s.overflowCapacity * 2)
                let overflow = UnsafeMutablePointer<Overflow>.allocate(capacity: capacity)
                if let old = s.overflow {
                    overflow.moveInitialize(from: old, count: s.overflowCount)
                    old.deallocate()
                }
                s.overflow = overflow
                s.overflowCapacity = capacity
            }
            s.overflow.map { ($0 + s.overflowCount).initialize(to: Overflow(length: units.count, entry: entry)) }
            meta = WidthCache.overflowMeta(index: s.overflowCount)
            s.overflowCount += 1
        }
        WidthCache.place(Slot(key: key, meta: meta), hash: hash, in: s.slots, mask: s.mask)
        s.count += 1
        if units.count == 1, let single = WidthCache.single(units[0], entry) {
            let singles = s.singles ?? ZeroedTable.allocate(Single.self, count: WidthCache.singleSlots)
            s.singles = singles
            singles[Int(units[0]) & (WidthCache.singleSlots - 1)] = single
        }
        storage.pointee = s
    }

    /// Whether a long key's arena units (`key`'s lower half is their offset) are `units`.
    private static func matches(_ key: UInt64, _ arena: UnsafeMutablePointer<UInt16>,
                                _ units: UnsafeBufferPointer<UInt16>) -> Bool {
        guard let base = units.baseAddress else { return true }
        let stored = UnsafeRawPointer(arena + Int(truncatingIfNeeded: key & 0xFFFF_FFFF)), given = UnsafeRawPointer(base)
        // Four units at a time, then the last four (overlapping): long keys hold at least five.
        let bytes = units.count &* 2
        var offset = 0
        while offset &+ 8 < bytes {
            if stored.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != given.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset &+= 8
        }
        return stored.loadUnaligned(fromByteOffset: bytes &- 8, as: UInt64.self)
            == given.loadUnaligned(fromByteOffset: bytes &- 8, as: UInt64.self)
    }

    private static func place(_ entry: Slot, hash: UInt64, in slots: UnsafeMutablePointer<Slot>, mask: Int) {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot].meta != 0 { slot = (slot + 1) & mask }
        slots[slot] = entry
    }

    /// Twice the slots; every entry goes to its slot again, found from the hash of its key.
    private func grow() {
        var s = storage.pointee
        let size = (s.mask + 1) * 2
        let slots = ZeroedTable.allocate(Slot.self, count: size)
        for index in 0...s.mask where s.slots[index].meta != 0 {
            let entry = s.slots[index]
            var length = Int(entry.meta & 0xFF)
            if length == 0, let overflow = s.overflow { length = overflow[Int(truncatingIfNeeded: entry.meta >> 32)].length }
            let hash = length <= 4
                ? WidthCache.hash(unpacked: entry.key, count: length)
                : WidthCache.hash(UnsafeBufferPointer(start: s.arena + Int(truncatingIfNeeded: entry.key & 0xFFFF_FFFF),
                                                      count: length))
            WidthCache.place(entry, hash: hash, in: slots, mask: size - 1)
        }
        ZeroedTable.deallocate(s.slots, count: s.mask + 1)
        s.slots = slots
        s.mask = size - 1
        storage.pointee = s
    }

    private static func hash(unpacked key: UInt64, count: Int) -> UInt64 {
        var units: (UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &units) { raw in
            let buffer = raw.bindMemory(to: UInt16.self)
            for k in 0..<count { buffer[k] = UInt16(truncatingIfNeeded: key >> (16 * UInt64(k))) }
            return hash(UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    private func removeAll() {
        storage.pointee.singles?.update(repeating: Single(unit: 0, missingGlyphs: 0, advancingPlusOne: 0, advance: 0),
                                        count: WidthCache.singleSlots)
        storage.pointee.count = 0
        storage.pointee.arenaCount = 0
        storage.pointee.overflowCount = 0
        storage.pointee.slots.update(repeating: Slot(key: 0, meta: 0), count: storage.pointee.mask + 1)
    }
}
