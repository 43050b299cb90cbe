/// A String's UTF-16 code units, decoded from its UTF-8 storage in one byte loop: `Array(text.utf16)`
/// steps a String index per unit and cost about 40 instructions per unit in the profile.
/// A Swift String always holds valid UTF-8, so every multi-byte sequence is complete.
enum UTF16Units {
    /// With a `shaper`, decoded into its buffer, kept from text to text, and copied out once: no
    /// scratch allocated, zeroed and freed per text (`ScratchArray`).
    static func of(_ text: String, shaper: Shaper? = nil) -> [UInt16] {
        var text = text
        return text.withUTF8 { bytes in
            // Never more UTF-16 units than UTF-8 bytes (a 4-byte sequence makes a surrogate pair).
            guard let shaper else { return ScratchArray.make(UInt16.self, capacity: bytes.count) { decode(bytes, into: $0) } }
            // Taken out while in use, as `Shaper.forEachGrapheme`'s buffer.
            var buffer: [UInt16] = []
            swap(&buffer, &shaper.utf16Buffer)
            // Array(repeating:) looks its storage type up at run time (ScratchArray): rarely here.
            if buffer.count < bytes.count { buffer = Array(repeating: 0, count: max(bytes.count, 1024)) }
            let units = buffer.withUnsafeMutableBufferPointer { units in
                Array(UnsafeBufferPointer(rebasing: units[0..<decode(bytes, into: units)]))
            }
            swap(&buffer, &shaper.utf16Buffer)
            return units
        }
    }

    /// Decodes `bytes` into `units` (room for `bytes.count`), returning how many units it wrote.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into units: UnsafeMutableBufferPointer<UInt16>) -> Int {
        guard let source = bytes.baseAddress, let target = units.baseAddress else { return 0 }
        var i = 0, n = 0
        while i < bytes.count {
            let lead = UInt32(bytes[i])
            if lead < 0x80 {
                // Eight ASCII bytes at once, widened in two words (most of the mixed corpus's
                // units are ASCII). Room enough: n ≤ i, so n + 8 ≤ bytes.count ≤ units.count.
                if i + 8 <= bytes.count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self))
                    if word & 0x8080_8080_8080_8080 == 0 {
                        let out = UnsafeMutableRawPointer(target + n)
                        out.storeBytes(of: widened(word & 0xFFFF_FFFF).littleEndian, as: UInt64.self)
                        out.storeBytes(of: widened(word >> 32).littleEndian, toByteOffset: 8, as: UInt64.self)
                        n += 8
                        i += 8
                        continue
                    }
                }
                units[n] = UInt16(lead)
                n += 1
                i += 1
                continue
            }
            let scalar: UInt32
            if lead < 0xE0 {
                scalar = (lead & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
                i += 2
            } else if lead < 0xF0 {
                scalar = (lead & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
                i += 3
            } else {
                scalar = (lead & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12
                    | UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F)
                i += 4
            }
            if scalar >= 0x10000 {
                units[n] = UInt16(0xD800 + ((scalar - 0x10000) >> 10))
                units[n + 1] = UInt16(0xDC00 + ((scalar - 0x10000) & 0x3FF))
                n += 2
            } else {
                units[n] = UInt16(scalar)
                n += 1
            }
        }
        return n
    }

    /// Four bytes (the low 32 bits) spread to four 16-bit lanes.
    @inline(__always)
    private static func widened(_ x: UInt64) -> UInt64 {
        let pairs = (x | x << 16) & 0x0000_FFFF_0000_FFFF
        return (pairs | pairs << 8) & 0x00FF_00FF_00FF_00FF
    }
}
