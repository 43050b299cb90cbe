/// Arrays built in zeroed scratch memory and copied once by `Array(UnsafeBufferPointer)`.
///
/// `Array(repeating:count:)` and `Array(unsafeUninitializedCapacity:)` look their storage type up at
/// run time on this toolchain (getContiguousArrayStorageType, about 650 instructions a call in the
/// callgrind profiles); the copy from a buffer allocates through specialized code. For the few
/// arrays made per text this was 2–4 % of preparing one.
enum ScratchArray {
    /// `body` fills up to `capacity` zeroed elements and returns how many the array keeps.
    static func make<T: BitwiseCopyable>(_: T.Type, capacity: Int,
                                          _ body: (UnsafeMutableBufferPointer<T>) -> Int) -> [T] {
        let scratch = UnsafeMutableBufferPointer<T>.allocate(capacity: max(capacity, 1))
        defer { scratch.deallocate() }
        UnsafeMutableRawBufferPointer(scratch).initializeMemory(as: UInt8.self, repeating: 0)
        let count = min(body(UnsafeMutableBufferPointer(rebasing: scratch[0..<capacity])), capacity)
        return Array(UnsafeBufferPointer(rebasing: scratch[0..<count]))
    }
}
