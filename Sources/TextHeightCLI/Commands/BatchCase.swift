import TextHeight

/// One JSONL case: `"text"`, an optional `"id"`, and any measurement flag under its camelCase
/// name with the value as written on the command line (`"maxLines": 3`, `"inset": "8,5,8,5"`,
/// `"width": [320, 375]`, `"lines": true`). `"expect"` is the golden result that `check` compares.
struct BatchCase {
    var id: JSONValue?
    var text: String
    var options: [(name: String, value: String)] = []
    var expect: JSONValue?
    /// The case's own fields as read, for rewriting golden files.
    var fields: [(String, JSONValue)]

    static let reservedKeys: Set<String> = ["id", "text", "expect"]
    /// Each measurement flag by its JSONL key (the first flag of a key, as a search in order finds it).
    static let specsByKey: [String: OptionSpec] = Dictionary(MeasureOptions.specs.map { ($0.jsonKey, $0) },
                                                            uniquingKeysWith: { first, _ in first })

    init(_ value: JSONValue) throws(UsageError) {
        guard case .object(let fields) = value else {
            throw UsageError("a case must be a JSON object, got \(value.typeName)")
        }
        self.fields = fields
        var text: String?
        var seen: Set<String> = []
        for (key, value) in fields {
            switch try BatchCase.field(key, value, seen: &seen) {
            case .id: id = value
            case .expect: expect = value
            case .text(let s): text = s
            case .flags(let flags): options += flags
            }
        }
        guard let text else { throw UsageError("the case has no 'text' field") }
        self.text = text
    }

    /// What one field of a case is.
    enum Field {
        case id, expect
        case text(String)
        /// A measurement flag's values, as `--name value` on the command line.
        case flags([(name: String, value: String)])
    }

    /// One field of a case, in its turn (`seen`: the keys before it): refused when it repeats a key,
    /// is not a flag, or holds a value its flag does not take. Batch's one-pass reader takes the
    /// fields besides id and text through here too (`CaseSettings`).
    static func field(_ key: String, _ value: JSONValue, seen: inout Set<String>) throws(UsageError) -> Field {
        guard seen.insert(key).inserted else { throw UsageError("field '\(key)' appears twice") }
        switch key {
        case "id": return .id
        case "expect": return .expect
        case "text":
            guard case .string(let s) = value else { throw UsageError("field 'text' must be a string, got \(value.typeName)") }
            return .text(s)
        case "textFile":
            // Measuring "text" while a file was named would be a confident wrong height.
            throw UsageError("field 'textFile' does not apply to a case: its text is its 'text' field")
        default:
            guard let spec = BatchCase.specsByKey[key] else { throw UsageError("unknown field '\(key)'") }
            return .flags(try BatchCase.flagValues(value, spec: spec, key: key))
        }
    }

    /// A field's value as the flag parser reads it from a command line.
    private static func flagValues(_ field: JSONValue, spec: OptionSpec, key: String) throws(UsageError)
        -> [(name: String, value: String)] {
        switch field {
        case .null:
            return []
        case .bool(let on) where spec.value == nil:
            return on ? [(spec.name, "")] : []
        case .string(let s) where spec.value != nil:
            return [(spec.name, s)]
        case .number(let n) where spec.value != nil:
            return [(spec.name, n)]
        case .array(let items) where spec.value != nil:
            var parts: [String] = []
            for item in items {
                switch item {
                case .number(let n): parts.append(n)
                case .string(let s): parts.append(s)
                default: throw UsageError("field '\(key)' takes numbers or strings in its array, got \(item.typeName)")
                }
            }
            if spec.repeatable { return parts.map { (spec.name, $0) } }
            return [(spec.name, parts.joined(separator: ","))]
        default:
            let wanted = spec.value == nil ? "true or false" : "a number, a string or an array"
            throw UsageError("field '\(key)' must be \(wanted), got \(field.typeName)")
        }
    }

    /// The case's flags over the command line's defaults: a case field replaces its flag.
    func arguments(over defaults: ParsedArguments) -> ParsedArguments {
        BatchCase.arguments(options, over: defaults)
    }

    static func arguments(_ options: [(name: String, value: String)], over defaults: ParsedArguments) -> ParsedArguments {
        var merged = ParsedArguments()
        if defaults.options.isEmpty {  // the case's flags alone: no set of their names to make
            merged.options = options
            return merged
        }
        let own = Set(options.map(\.name))
        merged.options = defaults.options.filter { !own.contains($0.name) } + options
        return merged
    }
}
