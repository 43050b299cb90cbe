/// Writes one JSON object with keys in the order given: byte-stable output.
///
/// The object is kept as UTF-8 bytes and numbers are written as digits without an intermediate
/// String: a batch writes one object per case (BENCHMARKS.md, issue 12).
struct JSONObject {
    private var body: [UInt8] = []

    mutating func add(_ key: StaticString, _ value: Double) {
        self.key(key)
        JSONObject.appendNumber(value, to: &body)
    }
    mutating func add(_ key: StaticString, _ value: Double?) { if let value { add(key, value) } }
    mutating func add(_ key: StaticString, _ value: Int) {
        self.key(key)
        JSONObject.appendInteger(Int64(value), to: &body)
    }
    mutating func add(_ key: StaticString, _ value: Bool) { field(key, value ? "true" : "false") }
    mutating func add(_ key: StaticString, _ value: String) {
        self.key(key)
        JSONObject.appendString(value, to: &body)
    }
    mutating func add(_ key: StaticString, raw: String) { field(key, raw) }
    /// A value already serialized, as UTF-8 bytes.
    mutating func add(_ key: StaticString, raw: some Collection<UInt8>) {
        self.key(key)
        body.append(contentsOf: raw)
    }
    mutating func add(_ key: StaticString, objects: [JSONObject]) {
        self.key(key)
        body.append(UInt8(ascii: "["))
        for (i, object) in objects.enumerated() {
            if i > 0 { body.append(UInt8(ascii: ",")) }
            object.append(to: &body)
        }
        body.append(UInt8(ascii: "]"))
    }
    /// Fields serialized elsewhere (`"a":1,"b":2`, no braces), appended after the fields so far.
    mutating func add(fields: [UInt8]) {
        guard !fields.isEmpty else { return }
        if !body.isEmpty { body.append(UInt8(ascii: ",")) }
        body.append(contentsOf: fields)
    }

    /// The fields without the braces.
    var fields: [UInt8] { body }

    var text: String {
        var bytes: [UInt8] = []
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The object, braces included, appended to `bytes`.
    func append(to bytes: inout [UInt8]) {
        bytes.reserveCapacity(bytes.count + body.count + 2)
        bytes.append(UInt8(ascii: "{"))
        bytes.append(contentsOf: body)
        bytes.append(UInt8(ascii: "}"))
    }

    static func single(_ key: StaticString, raw: String) -> JSONObject {
        var object = JSONObject()
        object.add(key, raw: raw)
        return object
    }

    /// A key that is not a literal (a variation axis tag), escaped as any string.
    mutating func add(key: String, _ value: Double) {
        separate()
        JSONObject.appendString(key, to: &body)
        body.append(UInt8(ascii: ":"))
        JSONObject.appendNumber(value, to: &body)
    }

    private mutating func separate() {
        if body.isEmpty {
            body.reserveCapacity(256)
        } else {
            body.append(UInt8(ascii: ","))
        }
    }

    /// Keys are literals of this program, plain ASCII names: copied without an escape check.
    private mutating func key(_ key: StaticString) {
        separate()
        body.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { body.append(contentsOf: $0) }
        body.append(UInt8(ascii: "\""))
        body.append(UInt8(ascii: ":"))
    }

    private mutating func field(_ key: StaticString, _ value: String) {
        self.key(key)
        JSONObject.appendUTF8(value, to: &body)
    }

    /// Whole numbers without a fraction; others in Swift's shortest round-trip form.
    static func number(_ value: Double) -> String {
        var bytes: [UInt8] = []
        appendNumber(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
        guard value.isFinite else { return appendUTF8("null", to: &bytes) }
        if value == value.rounded(), abs(value) < 1e15 { return appendInteger(Int64(value), to: &bytes) }
        appendUTF8(value.description, to: &bytes)
    }

    /// Decimal digits, as `String(value)` writes them.
    static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // Any UInt64 has at most 20 digits: written backwards into 24 bytes on the stack.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var i = buffer.count
            repeat {
                i -= 1
                buffer[i] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[i...]))
        }
    }

    static func string(_ value: String) -> String {
        var bytes: [UInt8] = []
        appendString(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendUTF8(_ value: String, to bytes: inout [UInt8]) {
        var value = value
        value.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// `value` quoted and escaped, appended as UTF-8.
    static func appendString(_ value: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        defer { bytes.append(UInt8(ascii: "\"")) }
        var value = value
        // Most strings need no escape: copy them whole instead of scalar by scalar.
        let copied = value.withUTF8 { utf8 in
            guard !needsEscaping(utf8) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if copied { return }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": bytes.append(contentsOf: "\\\"".utf8)
            case "\\": bytes.append(contentsOf: "\\\\".utf8)
            case "\n": bytes.append(contentsOf: "\\n".utf8)
            case "\r": bytes.append(contentsOf: "\\r".utf8)
            case "\t": bytes.append(contentsOf: "\\t".utf8)
            case "\u{0}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16, uppercase: false)
                bytes.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default:
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
    }

    /// Whether valid UTF-8 `bytes` hold a character that `appendString` escapes.
    static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x20 || b == 0x22 || b == 0x5C || b == 0x7F { return true }
            // U+2028 and U+2029 (E2 80 A8/A9) are escaped for JavaScript consumers.
            if b == 0xE2 && i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9) {
                return true
            }
            i += 1
        }
        return false
    }
}
