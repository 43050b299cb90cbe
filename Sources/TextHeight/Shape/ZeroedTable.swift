import Glibc

/// Tables allocated zeroed by `calloc`: the kernel maps their pages on first touch, so a fresh
/// `Shaper` does not write the ~0.8 MB of per-character and per-cache tables it mostly never reads
/// (a new Shaper per message ran at 16 k msg/s with them filled eagerly, 23 k before they existed).
/// Every table using this is laid out so that all-zero bytes mean "empty" or "not looked up".
enum ZeroedTable {
    static func allocate<T>(_: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        if let raw = calloc(count, MemoryLayout<T>.stride) { return raw.assumingMemoryBound(to: T.self) }
        // Out of memory: Swift's allocator traps there as every other allocation would.
        let table = UnsafeMutablePointer<T>.allocate(capacity: count)
        UnsafeMutableRawPointer(table).initializeMemory(as: UInt8.self, repeating: 0,
                                                        count: count * MemoryLayout<T>.stride)
        return table
    }

    /// Frees a table from `allocate` (Swift's own allocator is `malloc` for these alignments).
    static func deallocate<T>(_ table: UnsafeMutablePointer<T>) { free(table) }
}
