/// The case scanner's strings: decoded straight into UTF-16 with their UTF-8 length, eight plain ASCII
/// bytes at a time; anything the plain path must judge (an odd escape, invalid UTF-8) answers nil.
extension CaseScanner {
    /// The string after its opening quote, as UTF-16 units and its decoded length in UTF-8.
    mutating func textValue() -> (utf16: [UInt16], utf8Count: Int)? {
        let start = i
        // Each UTF-8 byte gives at most one UTF-16 unit (a 4-byte scalar gives two, an escape fewer).
        // Decoded on the stack, then copied into an array of its size: that allocation is specialized,
        // where Array(unsafeUninitializedCapacity:) looks its type up at run time
        // (getContiguousArrayStorageType, about 500 instructions).
        let decoded = withUnsafeTemporaryAllocation(of: UInt16.self, capacity: bytes.count - i) { out in
            decodeString(into: out).map { (Array(UnsafeBufferPointer(rebasing: out[..<$0.units])), $0.escapeAdjustment) }
        }
        guard let (units, escapeAdjustment) = decoded else { return nil }
        // The decoded length differs from the raw one only by escapes (`\n` is 2 bytes, 1 decoded).
        let utf8Count = i - start + escapeAdjustment
        i += 1
        return (units, utf8Count)
    }

    /// Decodes up to the closing quote (left at `i`): the units written, and the decoded UTF-8
    /// length minus the raw one; nil where the plain path must read the string.
    private mutating func decodeString(into out: UnsafeMutableBufferPointer<UInt16>)
        -> (units: Int, escapeAdjustment: Int)? {
        // Locals, not the stored buffers: the loop then keeps them in registers.
        guard let source = bytes.baseAddress, let target = out.baseAddress else { return nil }
        let end = bytes.count
        var n = 0
        var escapeAdjustment = 0
        var j = i
        defer { i = j }
        while j < end {
            // Printable ASCII but the quote and the backslash: one unit each, the common case.
            let b = source[j]
            if b >= 0x20 && b < 0x80 && b != 0x22 && b != 0x5C {
                guard end &- j >= 8 else {
                    target[n] = UInt16(b)
                    n &+= 1
                    j &+= 1
                    continue
                }
                // Then eight bytes at a time: all eight written, those up to the first other byte
                // kept (the units past it are written over or never copied out).
                while end &- j >= 8 {
                    let word = UnsafeRawPointer(source + j).loadUnaligned(as: UInt64.self)
                    (target + n).storeBytes(widening: word)
                    let others = CaseScanner.notPlainASCII(word)
                    let plain = others == 0 ? 8 : others.trailingZeroBitCount &>> 3
                    n &+= plain
                    j &+= plain
                    if plain < 8 { break }
                }
                continue
            }
            if b >= 0xC2 && b < 0xF0 {
                // Two- and three-byte sequences one after another (CJK, Cyrillic, Arabic, Devanagari), in
                // a loop of their own: about 8 instructions a character fewer than the steps below. Anything
                // else (ASCII, four bytes, a malformed sequence) goes back to them as it stands.
                let first = j
                repeat {
                    let lead = source[j]
                    if lead >= 0xE0 {
                        guard lead < 0xF0, end &- j >= 3 else { break }
                        let c1 = source[j &+ 1], c2 = source[j &+ 2]
                        guard c1 & 0xC0 == 0x80, c2 & 0xC0 == 0x80 else { break }
                        let unit = UInt16(lead & 0x0F) &<< 12 | UInt16(c1 & 0x3F) &<< 6 | UInt16(c2 & 0x3F)
                        // No overlong form, no surrogate (Unicode Table 3-7), as `utf8Scalar` checks.
                        guard unit >= 0x800, unit & 0xF800 != 0xD800 else { break }
                        target[n] = unit
                        j &+= 3
                    } else {
                        guard lead >= 0xC2, end &- j >= 2 else { break }
                        let c1 = source[j &+ 1]
                        guard c1 & 0xC0 == 0x80 else { break }
                        target[n] = UInt16(lead & 0x1F) &<< 6 | UInt16(c1 & 0x3F)
                        j &+= 2
                    }
                    n &+= 1
                } while j < end
                // A malformed first sequence: the steps below reject it.
                if j != first { continue }
            }
            if b == 0x22 { return (n, escapeAdjustment) }
            if b < 0x20 { return nil }
            let scalar: UInt32
            if b == 0x5C {
                i = j
                guard let escaped = escape() else { return nil }
                escapeAdjustment += UTF8.width(escaped) - (i - j)
                j = i
                scalar = escaped.value
            } else {
                guard let (decoded, length) = utf8Scalar(at: j) else { return nil }
                j += length
                scalar = decoded
            }
            if scalar < 0x10000 {
                target[n] = UInt16(scalar)
                n += 1
            } else {
                target[n] = UInt16(0xD800 + ((scalar - 0x10000) >> 10))
                target[n + 1] = UInt16(0xDC00 + ((scalar - 0x10000) & 0x3FF))
                n += 2
            }
        }
        return nil
    }

    /// The top bit of the first byte of `word` (little-endian) that is not printable ASCII or is the
    /// quote or the backslash is set, none below it; 0 when there is none. Bytes under 0x20 and
    /// bytes 0x22 and 0x5C get their top bit from the subtractions, those above 0x7F have it: the
    /// "has less than" and "has zero byte" tests of Bit Twiddling Hacks, where a borrow only
    /// sets bits above the first byte it flags.
    @inline(__always)
    static func notPlainASCII(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let control = word &- ones &* 0x20
        let quote = (word ^ (ones &* 0x22)) &- ones
        let backslash = (word ^ (ones &* 0x5C)) &- ones
        return (word | ((control | quote | backslash) & ~word)) & highs
    }

    /// One escape at `i` (a backslash); nil for a lone surrogate or an unknown escape.
    private mutating func escape() -> Unicode.Scalar? {
        guard i + 1 < bytes.count else { return nil }
        let e = bytes[i + 1]
        i += 2
        switch e {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            guard let unit = hex4() else { return nil }
            if unit >= 0xD800 && unit < 0xDC00 {
                guard i + 1 < bytes.count, bytes[i] == 0x5C, bytes[i + 1] == UInt8(ascii: "u") else { return nil }
                i += 2
                guard let low = hex4(), low >= 0xDC00 && low < 0xE000 else { return nil }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            }
            return Unicode.Scalar(unit)
        default: return nil
        }
    }

    private mutating func hex4() -> UInt32? {
        guard i + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = JSONHex.digit(bytes[i]) else { return nil }
            value = value << 4 | digit
            i += 1
        }
        return value
    }

    /// The scalar of a well-formed multi-byte UTF-8 sequence at `at`, and its length: continuation
    /// bytes 10xxxxxx, no overlong form, no surrogate, nothing above U+10FFFF (Unicode Table 3-7,
    /// what `UTF8Text.firstInvalidOffset` accepts), checked on the decoded value.
    @inline(__always)
    func utf8Scalar(at: Int) -> (UInt32, Int)? {
        let lead = UInt32(bytes[at])
        let rest = bytes.count - at
        if lead < 0xE0 {
            guard lead >= 0xC2, rest >= 2 else { return nil }
            let c1 = UInt32(bytes[at + 1])
            guard c1 & 0xC0 == 0x80 else { return nil }
            return ((lead & 0x1F) << 6 | (c1 & 0x3F), 2)
        }
        if lead < 0xF0 {
            guard rest >= 3 else { return nil }
            let c1 = UInt32(bytes[at + 1]), c2 = UInt32(bytes[at + 2])
            guard c1 & 0xC0 == 0x80, c2 & 0xC0 == 0x80 else { return nil }
            let scalar = (lead & 0x0F) << 12 | (c1 & 0x3F) << 6 | (c2 & 0x3F)
            guard scalar >= 0x800, scalar & 0xF800 != 0xD800 else { return nil }
            return (scalar, 3)
        }
        guard lead <= 0xF4, rest >= 4 else { return nil }
        let c1 = UInt32(bytes[at + 1]), c2 = UInt32(bytes[at + 2]), c3 = UInt32(bytes[at + 3])
        guard c1 & 0xC0 == 0x80, c2 & 0xC0 == 0x80, c3 & 0xC0 == 0x80 else { return nil }
        let scalar = (lead & 0x07) << 18 | (c1 & 0x3F) << 12 | (c2 & 0x3F) << 6 | (c3 & 0x3F)
        guard scalar >= 0x10000, scalar <= 0x10FFFF else { return nil }
        return (scalar, 4)
    }
}

extension UnsafeMutablePointer<UInt16> {
    /// The eight bytes of `word` (little-endian: the first byte lowest) as eight UTF-16 units.
    @inline(__always)
    fileprivate func storeBytes(widening word: UInt64) {
        let bytes = unsafeBitCast(word, to: SIMD8<UInt8>.self)
        UnsafeMutableRawPointer(self).storeBytes(of: SIMD8<UInt16>(truncatingIfNeeded: bytes), as: SIMD8<UInt16>.self)
    }
}
