import Glibc

/// A scanned line's bytes with its id's and text's values cut out: the lines of a golden file
/// differ in those two values alone, so that the next line is read by comparing the rest.
/// A class that owns its bytes: a batch reads every line through one, without a retain.
final class CaseTemplate: @unchecked Sendable {
    /// The line's bytes without the values.
    let literal: UnsafeMutableBufferPointer<UInt8>
    /// Where the first value was cut out of `literal`, and whether it was the text.
    let first: Int
    let firstIsText: Bool
    /// Where the second was (the text when the first was the id, and the other way); nil without an id.
    let second: Int?
    /// `CaseTemplate.hash` of the line.
    let hash: UInt64

    init(_ bytes: UnsafeBufferPointer<UInt8>, layout: CaseLayout, hash: UInt64) {
        let (before, between, after) = layout.segments(of: bytes)
        literal = .allocate(capacity: before.count + between.count + after.count)
        var to = 0
        for segment in [before, between, after] {  // once per distinct line: the array costs nothing here
            _ = UnsafeMutableBufferPointer(rebasing: literal[to..<to + segment.count]).initialize(from: segment)
            to += segment.count
        }
        first = before.count
        firstIsText = layout.cuts.firstIsText
        second = layout.id == nil ? nil : before.count + between.count
        self.hash = hash
    }

    deinit { literal.deallocate() }

    /// Whether the line's bytes around its values (`layout`) are this template's.
    func matches(_ bytes: UnsafeBufferPointer<UInt8>, layout: CaseLayout) -> Bool {
        let (before, between, after) = layout.segments(of: bytes)
        guard let known = UnsafePointer(literal.baseAddress), before.count == first, layout.cuts.firstIsText == firstIsText,
              (layout.id == nil) == (second == nil), (second ?? first) == first + between.count,
              literal.count == first + between.count + after.count else { return false }
        return CaseTemplate.same(before, known) && CaseTemplate.same(between, known + first)
            && CaseTemplate.same(after, known + first + between.count)
    }

    private static func same(_ segment: UnsafeBufferPointer<UInt8>, _ known: UnsafePointer<UInt8>) -> Bool {
        guard let base = segment.baseAddress else { return true }
        return memcmp(base, known, segment.count) == 0
    }

    /// The bytes around a line's values, eight at a time, multiplied and folded, each segment's length too.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, layout: CaseLayout) -> UInt64 {
        let (before, between, after) = layout.segments(of: bytes)
        var hash: UInt64 = 0x243F_6A88_85A3_08D3
        func mix(_ segment: UnsafeBufferPointer<UInt8>) {
            var tail = UInt64(segment.count) << 32
            if var p = segment.baseAddress {
                var left = segment.count
                while left >= 8 {
                    hash = (hash ^ UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
                    hash ^= hash >> 29
                    p += 8
                    left -= 8
                }
                for k in 0..<left { tail ^= UInt64(p[k]) << (8 * UInt64(k)) }
            }
            hash = (hash ^ tail) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
        }
        mix(before)
        mix(between)
        mix(after)
        return hash
    }
}
