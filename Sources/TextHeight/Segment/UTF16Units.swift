/// A String's UTF-16 code units, decoded from its UTF-8 storage in one byte loop: `Array(text.utf16)`
/// steps a String index per unit and cost about 40 instructions per unit in the profile.
/// A Swift String always holds valid UTF-8, so every multi-byte sequence is complete.
enum UTF16Units {
    static func of(_ text: String) -> [UInt16] {
        var text = text
        return text.withUTF8 { bytes in
            // Never more UTF-16 units than UTF-8 bytes (a 4-byte sequence makes a surrogate pair).
            ScratchArray.make(UInt16.self, capacity: bytes.count) { units -> Int in
                var i = 0, n = 0
                while i < bytes.count {
                    let lead = UInt32(bytes[i])
                    if lead < 0x80 {
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
        }
    }
}
