import Glibc

/// A batch line of plain fields, read in one pass straight into what the measurement needs: the
/// text's UTF-16 units, the id as it is written back, and the case's other fields (its options)
/// as written, for `CaseSettings` to look up what they come to.
///
/// It answers nil for anything else (an escaped key, a duplicate id or text, an id that is not a
/// plain string or number, an option value that is not a number, a plain string, true, false,
/// null or an array of those, invalid UTF-8 or JSON): the plain path (`JSONReader`, `BatchCase`)
/// then reads the line and says what is wrong. So whatever it accepts, the plain path reads to the
/// same text and id: strict RFC 8259, the text decoded as `String(decoding:)` then `.utf16` would;
/// and what `BatchCase` makes of it depends on the option fields alone (id and text are valid).
struct ScannedCase {
    /// The id's JSON text as the output repeats it (`JSONValue.text`): bytes of the line scanned.
    var id: UnsafeBufferPointer<UInt8>?
    var utf16: [UInt16]
    /// The text's length in UTF-8 bytes, for `--max-bytes`.
    var utf8Count: Int

    /// The line's bytes must outlive the case (its id points into them). `options` gets the
    /// case's option fields (emptied first; a worker keeps one, so that no case allocates it);
    /// the layout says where the id's and text's values are.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, options: inout CaseOptionFields)
        -> (scanned: ScannedCase, layout: CaseLayout)? {
        var scanner = CaseScanner(bytes: bytes)
        options.removeAll()
        return scanner.scanCase(options: &options)
    }

    /// A line that is `template`'s line with another id and text: only those two values are read,
    /// the rest compared byte for byte. A scan of the line would accept it and find the same fields
    /// (it reads the same bytes the same way up to each value, and a value ends where its grammar
    /// says). Nil for any other line.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, like template: CaseTemplate) -> ScannedCase? {
        // The literal's ends first (the options of a golden file's case stand before or after its id
        // and text); then the values are read from a view that ends where the suffix begins, so that
        // the text's scratch room is no larger than the values (a suffix of options made it exceed
        // the stack's share and go to the heap, twelve million instructions over 20,000 cases).
        let literal = template.literal
        guard let line = bytes.baseAddress, let known = literal.baseAddress, bytes.count >= literal.count else { return nil }
        let last = template.second ?? template.first
        let suffix = literal.count - last
        guard memcmp(line, known, template.first) == 0,
              memcmp(line + bytes.count - suffix, known + last, suffix) == 0 else { return nil }
        var scanner = CaseScanner(bytes: UnsafeBufferPointer(rebasing: bytes[..<(bytes.count - suffix)]))
        return scanner.scanValues(like: template)
    }
}

/// The fields of a scanned case besides id and text: each key (between its quotes) and value
/// (its JSON text) as ranges of the line, in the case's order.
struct CaseOptionFields {
    /// Key, value, key, value, …
    private(set) var pieces: [Range<Int>] = []

    var isEmpty: Bool { pieces.isEmpty }

    /// Each field's key and value ranges.
    var keysAndValues: some Sequence<(key: Range<Int>, value: Range<Int>)> {
        stride(from: 0, to: pieces.count, by: 2).lazy.map { (pieces[$0], pieces[$0 + 1]) }
    }

    mutating func removeAll() {
        pieces.removeAll(keepingCapacity: true)
    }

    mutating func append(key: Range<Int>, value: Range<Int>) {
        pieces.append(key)
        pieces.append(value)
    }
}

/// Where a scanned line's id and text values are: the id's JSON text, and the text from after its
/// opening quote to after its closing quote. The bytes around them, the line's other fields as
/// written, are what the lines of a golden file repeat (`CaseTemplate`).
struct CaseLayout {
    var id: Range<Int>?
    var text: Range<Int>

    /// The values in line order, and whether the first is the text.
    var cuts: (first: Range<Int>, firstIsText: Bool, second: Range<Int>?) {
        guard let id else { return (text, true, nil) }
        return id.lowerBound < text.lowerBound ? (id, false, text) : (text, true, id)
    }

    /// The bytes before the first value, between the two, and after the last.
    func segments(of bytes: UnsafeBufferPointer<UInt8>)
        -> (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) {
        let (first, _, second) = cuts
        let last = second ?? first
        let between = second.map { first.upperBound..<$0.lowerBound } ?? first.upperBound..<first.upperBound
        return (UnsafeBufferPointer(rebasing: bytes[..<first.lowerBound]), UnsafeBufferPointer(rebasing: bytes[between]),
                UnsafeBufferPointer(rebasing: bytes[last.upperBound...]))
    }
}

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

private struct CaseScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func scanCase(options: inout CaseOptionFields) -> (scanned: ScannedCase, layout: CaseLayout)? {
        var id: Range<Int>?
        var text: (utf16: [UInt16], utf8Count: Int)?
        var textRange = 0..<0
        skipSpace()
        guard take(UInt8(ascii: "{")) else { return nil }
        while true {
            skipSpace()
            guard let key = plainKey() else { return nil }
            skipSpace()
            guard take(UInt8(ascii: ":")) else { return nil }
            skipSpace()
            switch key {
            case .id:
                guard id == nil, let range = idValue() else { return nil }
                id = range
            case .text:
                guard text == nil, take(UInt8(ascii: "\"")) else { return nil }
                let start = i
                guard let decoded = textValue() else { return nil }
                text = decoded
                textRange = start..<i
            case .option(let name):
                guard let value = optionValue() else { return nil }
                options.append(key: name, value: value)
            }
            skipSpace()
            if take(UInt8(ascii: ",")) { continue }
            guard take(UInt8(ascii: "}")) else { return nil }
            break
        }
        skipSpace()
        guard i == bytes.count, let text else { return nil }
        return (ScannedCase(id: id.map { UnsafeBufferPointer(rebasing: bytes[$0]) }, utf16: text.utf16,
                            utf8Count: text.utf8Count),
                CaseLayout(id: id, text: textRange))
    }

    /// `ScannedCase.scan(_:like:)` after the literal's ends matched, over the line up to its suffix:
    /// each value and the literal between them, the last value ending where the view does.
    mutating func scanValues(like template: CaseTemplate) -> ScannedCase? {
        guard let line = bytes.baseAddress, let known = UnsafePointer(template.literal.baseAddress) else { return nil }
        var id: Range<Int>?
        var text: (utf16: [UInt16], utf8Count: Int)?
        i = template.first
        if template.firstIsText { text = textValue() } else { id = idValue() }
        if let second = template.second {
            let between = second - template.first
            guard id != nil || text != nil, bytes.count - i >= between,
                  memcmp(line + i, known + template.first, between) == 0 else { return nil }
            i += between
            if template.firstIsText { id = idValue() } else { text = textValue() }
        }
        guard i == bytes.count, let text, template.second == nil || id != nil else { return nil }
        return ScannedCase(id: id.map { UnsafeBufferPointer(rebasing: bytes[$0]) }, utf16: text.utf16,
                           utf8Count: text.utf8Count)
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard i < bytes.count, bytes[i] == byte else { return false }
        i += 1
        return true
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    enum Key {
        case id, text
        /// Any other key of ASCII letters and digits (the options' camelCase names): the range between its quotes.
        case option(Range<Int>)
    }

    /// `"id"`, `"text"` or another key of ASCII letters and digits, written without escapes.
    private mutating func plainKey() -> Key? {
        let rest = bytes.count - i
        if rest >= 4, bytes[i] == 0x22, bytes[i + 1] == UInt8(ascii: "i"), bytes[i + 2] == UInt8(ascii: "d"),
           bytes[i + 3] == 0x22 {
            i += 4
            return .id
        }
        if rest >= 6, bytes[i] == 0x22, bytes[i + 1] == UInt8(ascii: "t"), bytes[i + 2] == UInt8(ascii: "e"),
           bytes[i + 3] == UInt8(ascii: "x"), bytes[i + 4] == UInt8(ascii: "t"), bytes[i + 5] == 0x22 {
            i += 6
            return .text
        }
        guard rest >= 3, bytes[i] == 0x22 else { return nil }
        let start = i + 1
        var j = start
        while j < bytes.count, CaseScanner.isKeyByte(bytes[j]) { j += 1 }
        guard j > start, j < bytes.count, bytes[j] == 0x22 else { return nil }
        i = j + 1
        return .option(start..<j)
    }

    private static func isKeyByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A)
    }

    /// An option's value as `BatchCase` may take it: a number, a plain string, true, false, null,
    /// or an array of those (one level); the range of its JSON text.
    private mutating func optionValue() -> Range<Int>? {
        let start = i
        guard take(UInt8(ascii: "[")) else { return scalar() ? start..<i : nil }
        skipSpace()
        if take(UInt8(ascii: "]")) { return start..<i }
        while true {
            guard scalar() else { return nil }
            skipSpace()
            if take(UInt8(ascii: "]")) { return start..<i }
            guard take(UInt8(ascii: ",")) else { return nil }
            skipSpace()
        }
    }

    private mutating func scalar() -> Bool {
        guard i < bytes.count else { return false }
        switch bytes[i] {
        case 0x22:
            i += 1
            return plainString()
        case UInt8(ascii: "t"): return word("true")
        case UInt8(ascii: "f"): return word("false")
        case UInt8(ascii: "n"): return word("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        default: return false
        }
    }

    private mutating func word(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count - i >= count else { return false }
        for k in 0..<count where bytes[i + k] != text.utf8Start[k] { return false }
        i += count
        return true
    }

    /// A string without escapes or controls, its UTF-8 well-formed, after its opening quote; `i` past
    /// its closing quote. Font paths are most of a case's option bytes: eight at a time while ASCII.
    private mutating func plainString() -> Bool {
        guard let source = bytes.baseAddress else { return false }
        let end = bytes.count
        while i < end {
            while end &- i >= 8 {
                let others = CaseScanner.notPlainASCII(UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self))
                if others != 0 {
                    i &+= others.trailingZeroBitCount &>> 3
                    break
                }
                i &+= 8
            }
            guard i < end else { return false }
            let b = source[i]
            if b == 0x22 {
                i += 1
                return true
            }
            if b < 0x20 || b == 0x5C { return false }
            if b < 0x80 {
                i += 1
                continue
            }
            guard let (_, length) = utf8Scalar(at: i) else { return false }
            i += length
        }
        return false
    }

    /// A string that `JSONObject` writes back byte for byte (no escape in it, none needed: no
    /// DEL, U+2028 or U+2029), or a number (kept as written); the range of its JSON text.
    private mutating func idValue() -> Range<Int>? {
        let start = i
        guard i < bytes.count else { return nil }
        if bytes[i] == 0x22 {
            i += 1
            while i < bytes.count {
                let b = bytes[i]
                if b == 0x22 {
                    i += 1
                    return start..<i
                }
                if b < 0x20 || b == 0x5C || b == 0x7F { return nil }
                if b < 0x80 {
                    i += 1
                    continue
                }
                guard let (scalar, length) = utf8Scalar(at: i), scalar != 0x2028, scalar != 0x2029 else { return nil }
                i += length
            }
            return nil
        }
        return number() ? start..<i : nil
    }

    /// RFC 8259's number grammar, as `JSONReader` checks it.
    private mutating func number() -> Bool {
        _ = take(UInt8(ascii: "-"))
        let intStart = i
        guard digits() > 0 else { return false }
        if bytes[intStart] == UInt8(ascii: "0") && i - intStart > 1 { return false }
        if take(UInt8(ascii: ".")) { guard digits() > 0 else { return false } }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            guard digits() > 0 else { return false }
        }
        return true
    }

    private mutating func digits() -> Int {
        let start = i
        while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 { i += 1 }
        return i - start
    }

    /// The string after its opening quote, as UTF-16 units and its decoded length in UTF-8.
    private mutating func textValue() -> (utf16: [UInt16], utf8Count: Int)? {
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
    private func utf8Scalar(at: Int) -> (UInt32, Int)? {
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
