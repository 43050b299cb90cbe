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

struct CaseScanner {
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
}
