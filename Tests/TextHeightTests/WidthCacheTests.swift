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
