import Glibc

/// Tables allocated zeroed: the kernel maps their pages on first touch, so a fresh `Shaper` does
/// not write the per-character and per-cache tables it mostly never reads (a new Shaper per message
/// ran at 16 k msg/s with them filled eagerly, 23 k before they existed). Tables of a megabyte or
/// more (the width caches' grown slots) are mapped (`mmap`): once a large block has been freed,
/// glibc raises its mmap threshold and serves the next one from the heap, which `calloc` must then
/// clear byte by byte. Smaller ones, made per Shaper, stay with `calloc`: a mapping and its page
/// faults cost a new Shaper per message more than clearing (9.7 k against 16–19 k msg/s).
/// Every table using this is laid out so that all-zero bytes mean "empty" or "not looked up".
enum ZeroedTable {
    /// From this size on, tables are mapped.
    private static let mappedBytes = 1 << 20

    static func allocate<T>(_: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        let bytes = count * MemoryLayout<T>.stride
        let raw = bytes >= mappedBytes
            ? mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0).flatMap { $0 == MAP_FAILED ? nil : $0 }
            : calloc(count, MemoryLayout<T>.stride)
        // Out of memory (tables are bounded, whatever the text): trap, as Swift's allocator does.
        guard let raw else { preconditionFailure("textheight: out of memory for a \(bytes)-byte table") }
        return raw.assumingMemoryBound(to: T.self)
    }

    /// Frees a table from `allocate` of the same `count`.
    static func deallocate<T>(_ table: UnsafeMutablePointer<T>, count: Int) {
        let bytes = count * MemoryLayout<T>.stride
        if bytes >= mappedBytes { munmap(table, bytes) } else { free(table) }
    }
}
