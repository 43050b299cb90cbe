import Glibc

// `--limits FILE`: a JSON object from string keys (shell globs: `*`, `?`, `[…]`, fnmatch(3)) to
// options under their batch names (`{"compose.hint*": {"width": 280, "maxLines": 1}}`). Every
// pattern that matches a key applies, in file order, a later one's fields replacing an earlier
// one's; they replace the command line's, and an XLIFF unit's own limits replace theirs.

struct StringLimits {
    struct Rule {
        var pattern: String
        var flags: [(name: String, value: String)]
    }

    var rules: [Rule] = []
    /// The file's name, for `limitFrom`.
    var file: String?

    /// Reads and checks the file: JSON errors name its line and column (exit 2); a field that is
    /// not a measurement option, or a value its flag refuses, is a usage error naming the pattern.
    static func load(_ path: String, defaults: ParsedArguments) throws(Failure) -> StringLimits {
        let bytes = try CatalogFiles.bytes(of: path)
        let root: LocatedJSON
        do { root = try LocatedJSON.parse(bytes) } catch { throw Failure(code: .usage, message: error.located(in: path)) }
        let r = JSONCatalogReader(bytes: bytes)
        var limits = StringLimits(file: path)
        let members: [(key: String, value: LocatedJSON)]
        do { members = try r.members(root, "the limits file") } catch { throw Failure(code: .usage, message: error.located(in: path)) }
        for (pattern, value) in members {
            let place = { (message: String) -> Failure in Failure(code: .usage, message: r.fail(value, message).located(in: path)) }
            guard case .object(let fields) = value.value else {
                throw place("'\(pattern)' must map to an object of options, got \(value.value.typeName)")
            }
            var flags: [(name: String, value: String)] = []
            var seen: Set<String> = []
            for (key, field) in fields {
                do throws(UsageError) {
                    switch try BatchCase.field(key, field, seen: &seen) {
                    case .flags(let more): flags += more
                    default: throw UsageError("'\(key)' is not a measurement option")
                    }
                } catch {
                    throw place("'\(pattern)': \(error.message)")
                }
            }
            // The options must make a measurement over the command line's (a bad value fails here, once).
            do { _ = try MeasureOptions(BatchCase.arguments(flags, over: defaults)) } catch {
                throw place("'\(pattern)': \(error.message)")
            }
            limits.rules.append(Rule(pattern: pattern, flags: flags))
        }
        return limits
    }

    /// The rules matching `key`, in file order.
    func matching(_ key: String) -> [Rule] {
        rules.filter { fnmatch($0.pattern, key, 0) == 0 }
    }

    /// The flags of every matching rule, later ones replacing earlier ones by name.
    static func merged(_ rules: [Rule]) -> [(name: String, value: String)] {
        var flags: [(name: String, value: String)] = []
        for rule in rules {
            let names = Set(rule.flags.map(\.name))
            flags = flags.filter { !names.contains($0.name) } + rule.flags
        }
        return flags
    }

    /// An XLIFF unit's limits as flags.
    static func flags(_ limits: FileLimits) -> [(name: String, value: String)] {
        var flags: [(name: String, value: String)] = []
        if let width = limits.width { flags.append(("width", JSONObject.number(width))) }
        if let height = limits.maxHeight { flags.append(("max-height", JSONObject.number(height))) }
        if let lines = limits.maxLines { flags.append(("max-lines", String(lines))) }
        return flags
    }
}
