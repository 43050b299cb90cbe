/// Field-by-field differences between an expected and an actual result, as readable lines.
enum Comparison {
    static func differences(_ expected: JSONValue, _ actual: JSONValue, tolerance: Double, path: String = "") -> [String] {
        switch (expected, actual) {
        case (.object(let old), .object(let new)):
            var lines: [String] = []
            var keys = old.map(\.0)
            for (key, _) in new where !keys.contains(key) { keys.append(key) }
            for key in keys {
                let a = old.last { $0.0 == key }?.1
                let b = new.last { $0.0 == key }?.1
                let name = path.isEmpty ? key : path + "." + key
                switch (a, b) {
                case (let a?, let b?): lines += differences(a, b, tolerance: tolerance, path: name)
                case (let a?, nil): lines.append("\(name): \(Display.value(a)) → (absent)")
                case (nil, let b?): lines.append("\(name): (absent) → \(Display.value(b))")
                default: break
                }
            }
            return lines
        case (.array(let old), .array(let new)) where old.count == new.count && !isLeafList(old):
            return zip(old, new).enumerated().flatMap { index, pair in
                differences(pair.0, pair.1, tolerance: tolerance, path: "\(path)[\(index)]")
            }
        case (.number(let a), .number(let b)):
            guard let x = Double(a), let y = Double(b) else { return a == b ? [] : ["\(path): \(a) → \(b)"] }
            // Equal first: two numbers past Double's range (1e999) are both infinite, and ∞ − ∞ is NaN.
            return x == y || abs(x - y) <= tolerance ? [] : ["\(path): \(a) → \(b)"]
        default:
            return expected == actual ? [] : ["\(path): \(Display.value(expected)) → \(Display.value(actual))"]
        }
    }

    private static func isLeafList(_ items: [JSONValue]) -> Bool {
        items.allSatisfy { if case .object = $0 { return false } else { return true } }
    }
}

/// Short, visible renderings for reports: invisibles shown, long texts cut.
enum Display {
    static func shortened(_ text: String, limit: Int = 48) -> String {
        var out = ""
        var count = 0
        for c in text {
            if count == limit { out += "…"; break }
            switch c {
            case "\n", "\r\n": out += "␊"
            case "\r": out += "␍"
            case "\t": out += "␉"
            default: out.append(c)
            }
            count += 1
        }
        // Trailing spaces are invisible in a terminal: show them.
        var trailing = 0
        while out.hasSuffix(" ") { out.removeLast(); trailing += 1 }
        return "\"" + out + String(repeating: "·", count: trailing) + "\""
    }

    static func value(_ value: JSONValue) -> String {
        let text = value.text
        return text.count <= 80 ? text : String(text.prefix(77)) + "…"
    }
}
