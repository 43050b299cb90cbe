/// Writes one JSON object with keys in the order given: byte-stable output.
struct JSONObject {
    private var body = ""

    mutating func add(_ key: String, _ value: Double) { field(key, JSONObject.number(value)) }
    mutating func add(_ key: String, _ value: Double?) { if let value { add(key, value) } }
    mutating func add(_ key: String, _ value: Int) { field(key, String(value)) }
    mutating func add(_ key: String, _ value: Bool) { field(key, value ? "true" : "false") }
    mutating func add(_ key: String, _ value: String) { field(key, JSONObject.string(value)) }
    mutating func add(_ key: String, raw: String) { field(key, raw) }
    mutating func add(_ key: String, objects: [JSONObject]) {
        field(key, "[" + objects.map(\.text).joined(separator: ",") + "]")
    }

    var text: String { "{" + body + "}" }

    static func single(_ key: String, raw: String) -> JSONObject {
        var object = JSONObject()
        object.add(key, raw: raw)
        return object
    }

    private mutating func field(_ key: String, _ value: String) {
        if !body.isEmpty { body += "," }
        body += JSONObject.string(key) + ":" + value
    }

    /// Whole numbers without a fraction; others in Swift's shortest round-trip form.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }

    static func string(_ value: String) -> String {
        // Most strings need no escape: copy them whole instead of scalar by scalar.
        if !needsEscaping(value) { return "\"" + value + "\"" }
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16, uppercase: false)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
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
