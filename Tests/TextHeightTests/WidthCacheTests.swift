import Testing
@testable import TextHeight

/// The width cache against a dictionary: what it returns must be what was stored for exactly
/// those units, through growth, short (packed) and long (arena) keys, and emptying when full.
@Suite("WidthCache = a dictionary of what was stored")
struct WidthCacheTests {
    /// Random keys of 1–12 units from a small alphabet (many shared prefixes, equal packed values);
    /// `hashes` values of the hash only, so that keys collide and the key comparison decides.
    @Test("random keys against a dictionary", arguments: [0, 4])
    func againstDictionary(hashes: UInt64) {
        var generator = SplitMix(seed: 12)
        let cache = WidthCache(maxEntries: hashes == 0 ? 3_000 : 400, maxArenaUnits: 20_000)
        var model: [[UInt16]: Int64] = [:]
        var wrong = 0, emptied = 0
        for step in 0..<(hashes == 0 ? 40_000 : 8_000) {
            let length = 1 + Int(generator.next() % 12)
            // Units 0…3 and two high ones: keys like [0] and [0, 0] pack to the same integer, 0x1003 and 3
            // share a direct-mapped single slot.
            let key = (0..<length).map { _ in [0, 1, 2, 3, 0xFFFF, 0x1003][Int(generator.next() % 6)] as UInt16 }
            key.withUnsafeBufferPointer { units in
                let hash = hashes == 0 ? WidthCache.hash(units) : WidthCache.hash(units) % hashes
                let found = cache.lookup(units, hash: hash)
                if let found {
                    if model[key] != found.advance || found.missingGlyphs != Int32(length) { wrong += 1 }
                } else if model[key] != nil {
                    // Only a cache that emptied itself may forget (then it is stored again below).
                    emptied += 1
                }
                if found == nil {
                    cache.insert(units, hash: hash, advance: Int64(step), missingGlyphs: Int32(length),
                                 advancingGlyphs: 0)
                    model[key] = Int64(step)
                }
            }
        }
        #expect(wrong == 0)
        #expect(emptied >= 1)  // maxEntries was reached: the emptying path ran
    }
}

/// The packed layout: 16-byte slots holding the length and the values beside a key of up to four
/// units (longer keys in the arena), an overflow array for values that do not fit, and a front for
/// single units. Every field must come back exactly, whichever way it was stored.
@Suite("WidthCache keeps every field and every key apart")
struct WidthCachePackingTests {
    typealias Entry = WidthCache.Entry

    /// Values at and just beyond what a slot packs (advance Int32, missing glyphs 8 bits, advancing
    /// glyphs 16 bits) and the front (missing 8 bits, advancing below 255); the joins memo stores a
    /// Double's bit pattern.
    static let advances: [Int64] = [0, 1, -1, 1000, Int64(Int32.max), Int64(Int32.min), Int64(Int32.max) + 1,
                                    Int64(Int32.min) - 1, .max, .min, Int64(bitPattern: (-40.5).bitPattern)]
    static let missing: [Int32] = [0, 1, 254, 255, 256, -1, .max, .min]
    static let advancing: [Int32] = [0, 1, 253, 254, 255, 256, 0xFFFF, 0x10000, -1, .max, .min]

    /// Key lengths around the packed limit (4), the slot's length byte (255) and beyond.
    static let lengths = [0, 1, 2, 3, 4, 5, 8, 9, 12, 13, 254, 255, 256, 300]

    @Test("every value round-trips at and beyond the packing limits, through growth", arguments: [false, true])
    func valuesRoundTrip(colliding: Bool) {
        let cache = WidthCache()
        var model: [[UInt16]: Entry] = [:]
        var k = 0
        for length in Self.lengths {
            for advance in Self.advances {
                for missing in Self.missing {
                    for advancing in Self.advancing {
                        k += 1
                        // One probe chain for all, below the first growth (which places entries by
                        // their real hash): a 128th of the combinations.
                        if colliding && k % 128 != 0 { continue }
                        // Distinct keys of one length: the counter in the first units, the rest filled.
                        let key = (0..<length).map { i in i < 2 ? UInt16(truncatingIfNeeded: k >> (16 * i)) : UInt16(i) }
                        if model[key] != nil { continue }  // length 0 and 1 have few keys
                        let entry = Entry(advance: advance, missingGlyphs: missing, advancingGlyphs: advancing)
                        key.withUnsafeBufferPointer { units in
                            let hash = colliding ? 7 : WidthCache.hash(units)
                            #expect(cache.lookup(units, hash: hash) == nil)
                            cache.insert(units, hash: hash, advance: advance, missingGlyphs: missing,
                                         advancingGlyphs: advancing)
                            #expect(cache.lookup(units, hash: hash) == entry)
                        }
                        model[key] = entry
                    }
                }
            }
        }
        // After the table grew (and, for single units, the front was filled), twice: a hit on the
        // table refreshes the front.
        for _ in 0..<2 {
            var wrong = 0
            for (key, entry) in model {
                key.withUnsafeBufferPointer { units in
                    if cache.lookup(units, hash: colliding ? 7 : WidthCache.hash(units)) != entry { wrong += 1 }
                }
            }
            #expect(wrong == 0)
        }
    }

    /// Prefixes of one word and variants that differ only in the last unit, in one probe chain when
    /// the hashes collide: the length and every unit must tell them apart. [0], [0, 0] … pack to
    /// the same integer.
    @Test("keys sharing a prefix, a packed value or a hash stay apart", arguments: [false, true])
    func keysStayApart(colliding: Bool) {
        let word: [UInt16] = Array("internationalization".utf16)
        var keys: [[UInt16]] = []
        for length in 1...word.count {
            keys.append(Array(word[0..<length]))
            keys.append(Array(word[0..<length - 1]) + [word[length - 1] &+ 1])
            keys.append([UInt16](repeating: 0, count: length))
        }
        keys.append(Array("interprets".utf16))  // shares "inter" and the length of "internatio"
        let cache = WidthCache()
        func hash(_ units: UnsafeBufferPointer<UInt16>) -> UInt64 { colliding ? 0xFFFF_FFFF_0000_0000 : WidthCache.hash(units) }
        for (i, key) in keys.enumerated() {
            key.withUnsafeBufferPointer { units in
                cache.insert(units, hash: hash(units), advance: Int64(i), missingGlyphs: Int32(i % 3),
                             advancingGlyphs: Int32(i))
            }
        }
        for (i, key) in keys.enumerated() {
            key.withUnsafeBufferPointer { units in
                #expect(cache.lookup(units, hash: hash(units))
                        == Entry(advance: Int64(i), missingGlyphs: Int32(i % 3), advancingGlyphs: Int32(i)))
            }
        }
        // Never stored: one unit longer, or differing in the first unit only.
        for key in [word + [0], [word[0] &+ 1] + Array(word[1..<5]), [word[0] &+ 1] + Array(word[1..<9])] {
            key.withUnsafeBufferPointer { units in #expect(cache.lookup(units, hash: hash(units)) == nil) }
        }
    }

    /// A cache that reached `maxEntries` (or its arena bound) forgets everything, the front and the
    /// overflow included, and then holds the entry that did not fit.
    @Test("a full cache empties itself, front and overflow included", arguments: [false, true])
    func emptiesWhenFull(arenaBound: Bool) {
        let cache = arenaBound ? WidthCache(maxEntries: 1000, maxArenaUnits: 100) : WidthCache(maxEntries: 60)
        var stored: [[UInt16]] = []
        // Singles (front), short keys, long keys (arena), values that overflow, alternately.
        var i = 0
        while stored.count < 60 {
            let length = arenaBound ? 5 : [1, 3, 6][i % 3]
            let key = (0..<length).map { UInt16(truncatingIfNeeded: i &* 7 &+ $0) }
            i += 1
            if stored.contains(key) { continue }
            if arenaBound && (stored.count + 1) * 5 > 100 { break }
            key.withUnsafeBufferPointer { units in
                cache.insert(units, hash: WidthCache.hash(units), advance: i % 2 == 0 ? 5 : .max, missingGlyphs: 1,
                             advancingGlyphs: 1)
            }
            stored.append(key)
        }
        for key in stored {
            key.withUnsafeBufferPointer { units in #expect(cache.lookup(units, hash: WidthCache.hash(units)) != nil) }
        }
        let last: [UInt16] = arenaBound ? [9, 9, 9, 9, 9] : [9]
        last.withUnsafeBufferPointer { units in
            cache.insert(units, hash: WidthCache.hash(units), advance: 3, missingGlyphs: 0, advancingGlyphs: 1)
        }
        var kept = 0
        for key in stored {
            key.withUnsafeBufferPointer { units in if cache.lookup(units, hash: WidthCache.hash(units)) != nil { kept += 1 } }
        }
        #expect(kept == 0)
        last.withUnsafeBufferPointer { units in
            #expect(cache.lookup(units, hash: WidthCache.hash(units)) == Entry(advance: 3, missingGlyphs: 0, advancingGlyphs: 1))
        }
    }
}
