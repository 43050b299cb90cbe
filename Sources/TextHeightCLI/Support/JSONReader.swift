/// A JSON value as batch and golden files need it: numbers keep their source text, so a width
/// written `343.5` reaches the flag parser exactly as typed.
/// Sendable said, not inferred: the compiler's inference through `(String, JSONValue)` is a cycle.
indirect enum JSONValue: Equatable, Sendable {
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)), (.number(let x), .number(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    subscript(key: String) -> JSONValue? {
        guard case .object(let fields) = self else { return nil }
        return fields.last { $0.0 == key }?.1
    }

    var typeName: String {
        switch self {
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Serializes back; strings re-escaped, numbers as written.
    var text: String {
        switch self {
        case .string(let s): return JSONObject.string(s)
        case .number(let n): return n
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let fields):
            return "{" + fields.map { JSONObject.string($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }
}

struct JSONSyntaxError: Error {
    let message: String
    /// The byte the error is at (`strings` turns it into a line and column).
    var offset = 0
}

/// A strict RFC 8259 parser over UTF-8 bytes. Lone surrogate escapes are errors, not U+FFFD:
/// a golden file must never measure a different text than it shows.
struct JSONReader {
    private let bytes: [UInt8]
    private var i = 0
    private var depth = 0
    /// With `parse(_:offsets:)`: the byte offset of every value, in document (pre-)order.
    private var offsets: [Int]?

    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        reader.skipSpace()
        let value = try reader.value()
        reader.skipSpace()
        guard reader.i == bytes.count else { throw reader.fail("unexpected text after the value") }
        return value
    }

    /// `parse`, also giving where each value starts: `offsets[k]` is the byte offset of the k-th value
    /// met in document order (an object or array before its members; keys are not values).
    static func parse(_ bytes: [UInt8], offsets: inout [Int]) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        reader.offsets = []
        defer { offsets = reader.offsets ?? [] }
        reader.skipSpace()
        let value = try reader.value()
        reader.skipSpace()
        guard reader.i == bytes.count else { throw reader.fail("unexpected text after the value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func fail(_ what: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(message: "invalid JSON at byte \(offset ?? i): \(what)", offset: offset ?? i)
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard i < bytes.count else { throw fail("unexpected end") }
        offsets?.append(i)
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard i + expected.count <= bytes.count, bytes[i..<i + expected.count].elementsEqual(expected) else {
            throw fail("unexpected word")
        }
        i += expected.count
    }

    private mutating func nest() throws(JSONSyntaxError) {
        depth += 1
        if depth > 64 { throw fail("nested deeper than 64 levels") }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try nest()
        defer { depth -= 1 }
        i += 1
        var fields: [(String, JSONValue)] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a key") }
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            i += 1
            skipSpace()
            fields.append((key, try value()))
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end in an object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
            throw fail("expected ',' or '}'")
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try nest()
        defer { depth -= 1 }
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try value())
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end in an array") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw fail("expected ',' or ']'")
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> String {
        let start = i
        func digits(_ r: inout JSONReader) -> Int {
            let s = r.i
            while r.i < r.bytes.count, r.bytes[r.i] >= 0x30 && r.bytes[r.i] <= 0x39 { r.i += 1 }
            return r.i - s
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        let intStart = i
        guard digits(&self) > 0 else { throw fail("a number needs digits") }
        if bytes[intStart] == UInt8(ascii: "0") && i - intStart > 1 { throw fail("leading zero in a number") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits(&self) > 0 else { throw fail("digits must follow '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw fail("digits must follow the exponent") }
        }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        i += 1
        // UTF-8 bytes, decoded once at the end: a string without escapes is one copy (batch
        // reads a text per line; scalar by scalar this was a tenth of a batch's time).
        var utf8: [UInt8] = []
        var escaped = false
        var runStart = i
        while true {
            guard i < bytes.count else { throw fail("unterminated string") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                defer { i += 1 }
                if !escaped { return String(decoding: bytes[runStart..<i], as: UTF8.self) }
                utf8.append(contentsOf: bytes[runStart..<i])
                return String(decoding: utf8, as: UTF8.self)
            }
            if b < 0x20 { throw fail("control character in a string (escape it)") }
            if b != UInt8(ascii: "\\") { i += 1; continue }
            escaped = true
            utf8.append(contentsOf: bytes[runStart..<i])
            let escapeStart = i
            i += 1
            guard i < bytes.count else { throw fail("unterminated escape") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): utf8.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): utf8.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): utf8.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                let unit = try hex4()
                if unit >= 0xD800 && unit < 0xDC00 {
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw fail("lone surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string", at: escapeStart)
                    }
                    i += 2
                    let low = try hex4()
                    guard low >= 0xDC00 && low < 0xE000 else {
                        throw fail("lone surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string", at: escapeStart)
                    }
                    let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    if let scalar = Unicode.Scalar(value) { utf8.append(contentsOf: String(scalar).utf8) }
                } else if unit >= 0xDC00 && unit < 0xE000 {
                    throw fail("lone surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string", at: escapeStart)
                } else if let scalar = Unicode.Scalar(unit) {
                    utf8.append(contentsOf: String(scalar).utf8)
                }
            default: throw fail("unknown escape")
            }
            runStart = i
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = JSONHex.digit(bytes[i]) else { throw fail("bad hex digit in \\u escape") }
            value = value << 4 | digit
            i += 1
        }
        return value
    }
}

/// JSON's `\uXXXX` digits (RFC 8259 §7), for both readers of batch lines.
enum JSONHex {
    @inline(__always)
    static func digit(_ b: UInt8) -> UInt32? {
        switch b {
        case 0x30...0x39: return UInt32(b - 0x30)
        case 0x41...0x46: return UInt32(b - 0x41 + 10)
        case 0x61...0x66: return UInt32(b - 0x61 + 10)
        default: return nil
        }
    }
}
