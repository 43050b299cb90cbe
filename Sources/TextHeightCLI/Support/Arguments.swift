/// A bad command line or batch field: exit code 2, one line on stderr.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// One flag: `--name VALUE`, or `--name` alone when `value` is nil. The single definition `--help`,
/// the man page, the shell completions and the batch keys are all generated from.
struct OptionSpec {
    let name: String
    let value: String?
    let help: String
    var repeatable = false
    /// What the value is, for shell completion.
    var kind = ValueKind.text

    /// A flag's value as a shell completes it: free text, one of fixed words, a file or a directory.
    enum ValueKind: Equatable {
        case text
        case choices([String])
        case file
        case directory

        /// The words of an enumeration the parser accepts (`Value.choice`), so completion cannot drift.
        static func of<T: RawRepresentable & CaseIterable>(_: T.Type) -> ValueKind where T.RawValue == String {
            .choices(T.allCases.map(\.rawValue))
        }
    }

    var flag: String { "--" + name }

    /// The batch JSONL key: the flag in camelCase (`--max-lines` → `maxLines`).
    var jsonKey: String {
        var key = ""
        var upper = false
        for c in name {
            if c == "-" { upper = true; continue }
            key += upper ? c.uppercased() : String(c)
            upper = false
        }
        return key
    }
}

/// A group of related flags that parses its own values (HarfBuzz's font-options/text-options).
protocol OptionGroup {
    static var title: String { get }
    static var options: [OptionSpec] { get }
    init()
    /// Takes one flag's value ("" for a flag without one).
    mutating func apply(_ name: String, _ value: String) throws(UsageError)
}

extension OptionGroup {
    /// Applies the parsed flags this group knows, in command-line order.
    mutating func apply(_ parsed: ParsedArguments) throws(UsageError) {
        try apply(flags: parsed.options.filter { option in Self.options.contains { $0.name == option.name } })
    }

    /// Applies flags of this group, in order.
    mutating func apply(flags: [(name: String, value: String)]) throws(UsageError) {
        for (name, value) in flags { try apply(name, value) }
    }
}

struct ParsedArguments {
    var options: [(name: String, value: String)] = []
    var positionals: [String] = []
}

/// Splits `arguments` into known flags and positionals. `--name=value` and `--name value` both work;
/// `--` ends the flags; a lone `-` is a positional (stdin).
func parseArguments(_ arguments: [String], specs: [OptionSpec]) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var seen: Set<String> = []
    var i = 0
    var flagsEnded = false
    while i < arguments.count {
        let argument = arguments[i]
        i += 1
        if flagsEnded || argument == "-" || !argument.hasPrefix("-") {
            parsed.positionals.append(argument)
            continue
        }
        if argument == "--" {
            flagsEnded = true
            continue
        }
        // Two dashes exactly: `---width` is no flag of ours.
        var name = String(argument.dropFirst(2))
        var inlineValue: String?
        // The first "=" scalar, not Character: a combining mark after it ("=\u{301}") makes one Character.
        let scalars = name.unicodeScalars
        if let equals = scalars.firstIndex(of: "=") {
            inlineValue = String(scalars[scalars.index(after: equals)...])
            name = String(scalars[..<equals])
        }
        guard argument.hasPrefix("--"), let spec = specs.first(where: { $0.name == name }) else {
            let shown = argument.unicodeScalars.firstIndex(of: "=").map { String(argument.unicodeScalars[..<$0]) } ?? argument
            throw UsageError("unknown option '\(shown)'")
        }
        if !spec.repeatable {
            guard seen.insert(name).inserted else { throw UsageError("\(spec.flag) is given more than once") }
        }
        if spec.value == nil {
            guard inlineValue == nil else { throw UsageError("\(spec.flag) takes no value") }
            parsed.options.append((name, ""))
            continue
        }
        if let inlineValue {
            parsed.options.append((name, inlineValue))
        } else {
            guard i < arguments.count else { throw UsageError("\(spec.flag) needs a value \(spec.value ?? "")") }
            parsed.options.append((name, arguments[i]))
            i += 1
        }
    }
    return parsed
}

/// Value parsers that name the flag and the value in their errors.
enum Value {
    static func number(_ text: String, flag: String, atLeast minimum: Double = 0, above: Bool = false,
                       atMost maximum: Double = 1e6) throws(UsageError) -> Double {
        guard let value = Double(text), value.isFinite, above ? value > minimum : value >= minimum,
              value <= maximum
        else {
            let bound = above ? "> \(JSONObject.number(minimum))" : "≥ \(JSONObject.number(minimum))"
            throw UsageError("\(flag) must be a finite number \(bound) and ≤ \(JSONObject.number(maximum)), got '\(text)'")
        }
        return value
    }

    static func count(_ text: String, flag: String, atMost maximum: Int = 1_000_000) throws(UsageError) -> Int {
        guard let value = Int(text), value >= 0, value <= maximum else {
            throw UsageError("\(flag) must be a whole number from 0 to \(maximum), got '\(text)'")
        }
        return value
    }

    static func bool(_ text: String, flag: String) throws(UsageError) -> Bool {
        switch text {
        case "true": return true
        case "false": return false
        default: throw UsageError("\(flag) must be true or false, got '\(text)'")
        }
    }

    static func choice<T: RawRepresentable & CaseIterable>(_ text: String, flag: String, as: T.Type) throws(UsageError) -> T
    where T.RawValue == String {
        guard let value = T(rawValue: text) else {
            let names = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("\(flag) must be one of \(names), got '\(text)'")
        }
        return value
    }
}
