/// Writes one JSON object with keys in the order given: byte-stable output.
///
/// The object is kept as UTF-8 bytes: a batch writes one per case, and building it from String
/// concatenations cost more than parsing the case (BENCHMARKS.md, issue 12).
struct JSONObject {
    private var body: [UInt8] = []

    mutating func add(_ key: String, _ value: Double) { field(key, JSONObject.number(value)) }
    mutating func add(_ key: String, _ value: Double?) { if let value { add(key, value) } }
    mutating func add(_ key: String, _ value: Int) { field(key, String(value)) }
    mutating func add(_ key: String, _ value: Bool) { field(key, value ? "true" : "false") }
    mutating func add(_ key: String, _ value: String) {
        self.key(key)
        JSONObject.appendString(value, to: &body)
    }
    mutating func add(_ key: String, raw: String) { field(key, raw) }
    mutating func add(_ key: String, objects: [JSONObject]) {
        field(key, "[" + objects.map(\.text).joined(separator: ",") + "]")
    }

    var text: String {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(body.count + 2)
        bytes.append(contentsOf: body)
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    static func single(_ key: String, raw: String) -> JSONObject {
        var object = JSONObject()
        object.add(key, raw: raw)
        return object
    }

    private mutating func key(_ key: String) {
        if !body.isEmpty { body.append(UInt8(ascii: ",")) }
        JSONObject.appendString(key, to: &body)
        body.append(UInt8(ascii: ":"))
    }

    private mutating func field(_ key: String, _ value: String) {
        self.key(key)
        body.append(contentsOf: value.utf8)
    }

    /// Whole numbers without a fraction; others in Swift's shortest round-trip form.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }

    static func string(_ value: String) -> String {
        var bytes: [UInt8] = []
        appendString(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value` quoted and escaped, appended as UTF-8.
    private static func appendString(_ value: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        defer { bytes.append(UInt8(ascii: "\"")) }
        // Most strings need no escape: copy them whole instead of scalar by scalar.
        if !needsEscaping(value) {
            bytes.append(contentsOf: value.utf8)
            return
        }
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

    private static func needsEscaping(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { bytes in
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
}
