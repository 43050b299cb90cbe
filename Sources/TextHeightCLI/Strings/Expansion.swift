// A catalog entry expanded into the texts that are measured, one per variant: every plural
// category the locale uses (with a number ICU puts in it) and every exact `=N` branch, every
// select and device branch, nested choices multiplied out (formatjs's hoistSelectors: whole
// sentences), and placeholders filled from the file's examples or a stated default per type.
// Each variant says which sample filled which placeholder.

/// One text to measure.
struct Variant: Equatable {
    /// The choices taken, `selector:key` joined by commas (`count:few`, `device:ipad,plural:one`);
    /// empty for a string without choices.
    var name: String
    var text: String
    var samples: [Sample]
    /// Placeholders the format does not know, kept as written.
    var unknownPlaceholders: [String] = []
    /// A category the text lacks, measured with its `other` text (what the platforms show).
    var fallbacks: [String] = []
}

/// What filled one placeholder.
struct Sample: Equatable {
    var placeholder: String
    var value: String
    /// `plural few`, `=0`, `select`, `example`, `default`.
    var source: String
}

/// The values placeholders get when the file gives no example: stated in the README.
enum PlaceholderDefaults {
    static let string = "Alexandra"
    static let integer = 42.0
    static let float = 3.14
    static let character = "A"
    static let boolean = "true"
    static let date = "2024-01-31"
}

struct Expansion {
    /// Variants of one string beyond this many are not measured (the rest is reported).
    static let maxVariants = 64

    var variants: [Variant] = []
    /// Branches not measured (a category the locale does not use) and the cap, when reached.
    var notes: [String] = []

    /// The variants of `entry` in its locale. `examples` and `types` are the entry's own over those
    /// of the same key in the source locale (ARB metadata lives in the template file).
    static func expand(_ entry: CatalogEntry, examples: [String: String], types: [String: String]) -> Expansion {
        var expander = Expander(locale: entry.locale, syntax: entry.placeholderSyntax)
        let partials = expander.expand(entry.message.parts, number: nil)
        var result = Expansion(notes: expander.notes)
        if expander.capped {
            result.notes.append("more than \(maxVariants) variants: the first \(maxVariants) are measured")
        }
        for partial in partials {
            result.variants.append(fill(partial, examples: examples, types: types, syntax: entry.placeholderSyntax))
        }
        return result
    }

    /// A variant's parts with every placeholder filled.
    private static func fill(_ partial: Partial, examples: [String: String], types: [String: String],
                             syntax: PlaceholderSyntax) -> Variant {
        var variant = Variant(name: partial.names.joined(separator: ","), text: "", samples: [], fallbacks: partial.fallbacks)
        var implicit = 0
        for part in partial.parts {
            switch part {
            case .text(let s):
                variant.text += s
            case .number(let value, let placeholder, let source):
                // The quantity still takes its place in the argument order (`%d of %s`).
                if let placeholder, placeholder.position == nil, placeholder.name == nil { implicit += 1 }
                let text = format(value, placeholder?.kind)
                variant.text += text
                variant.samples.append(Sample(placeholder: placeholder?.written ?? "#", value: text, source: source))
            case .placeholder(let p):
                if p.unknown {
                    variant.text += p.written
                    variant.unknownPlaceholders.append(p.written)
                    continue
                }
                var position = p.position
                if position == nil, p.name == nil {
                    implicit += 1
                    position = implicit
                }
                if let name = p.name, let bound = partial.bound[name] {
                    let text = bound.text ?? format(bound.number ?? 0, p.kind)
                    variant.text += text
                    variant.samples.append(Sample(placeholder: p.written, value: text, source: bound.source))
                } else if let example = p.name.flatMap({ examples[$0] }) ?? position.flatMap({ examples[String($0)] }) {
                    variant.text += example
                    variant.samples.append(Sample(placeholder: p.written, value: example, source: "example"))
                } else if syntax == .icu, let name = p.name, types[name] == nil {
                    // ARB: a placeholder no metadata declares (gen-l10n would refuse it).
                    variant.text += p.written
                    variant.unknownPlaceholders.append(p.written)
                } else {
                    let text = defaultValue(p, type: p.name.flatMap { types[$0] })
                    variant.text += text
                    variant.samples.append(Sample(placeholder: p.written, value: text, source: "default"))
                }
            }
        }
        return variant
    }

    /// The stated default for a placeholder without an example; an ARB type decides over the syntax.
    static func defaultValue(_ p: MessagePlaceholder, type: String?) -> String {
        switch type {
        case "int", "num", "double": return format(PlaceholderDefaults.integer, .integer(conversion: "d"))
        case "DateTime": return PlaceholderDefaults.date
        case "String", "Object": return PlaceholderDefaults.string
        default: break
        }
        switch p.kind {
        case .string: return PlaceholderDefaults.string
        case .integer: return format(PlaceholderDefaults.integer, p.kind)
        case .float: return format(PlaceholderDefaults.float, p.kind)
        case .character: return PlaceholderDefaults.character
        case .boolean: return PlaceholderDefaults.boolean
        case .date: return PlaceholderDefaults.date
        }
    }

    /// A number as its conversion writes it: `%x` in hex, `%.2f` with two decimals; a fraction in
    /// an integer conversion (Russian `other`'s 1.5) as the decimal it is.
    static func format(_ value: Double, _ kind: MessagePlaceholder.Kind?) -> String {
        switch kind {
        case .integer(let conversion)? where value == value.rounded() && abs(value) < 1e15:
            let n = Int64(value)
            switch conversion {
            case "x": return String(n, radix: 16)
            case "X": return String(n, radix: 16, uppercase: true)
            case "o", "O": return String(n, radix: 8)
            default: return String(n)
            }
        case .float(let conversion, let precision)? where conversion == "f" || conversion == "F":
            return fixed(value, digits: precision ?? 6)
        default:
            return JSONObject.number(value)
        }
    }

    /// `%.Nf`: rounded half away from zero, as printf writes it for these small samples.
    static func fixed(_ value: Double, digits: Int) -> String {
        let digits = min(digits, 12)
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 1e17 else { return JSONObject.number(value) }
        let whole = Int64(scaled)
        let unit = Int64(scale)
        var text = String(whole / unit)
        if digits > 0 {
            let fraction = String(whole % unit)
            text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return (value < 0 ? "-" : "") + text
    }
}

/// A variant before its placeholders are filled.
private struct Partial {
    var names: [String] = []
    var parts: [FlatPart] = []
    /// Selector names bound by the choices taken (`{count}` shows the plural's sample).
    var bound: [String: Binding] = [:]
    var fallbacks: [String] = []

    struct Binding {
        var number: Double?
        var text: String?
        var source: String
    }

    static func + (a: Partial, b: Partial) -> Partial {
        Partial(names: a.names + b.names, parts: a.parts + b.parts, bound: a.bound.merging(b.bound) { $1 },
                fallbacks: a.fallbacks + b.fallbacks)
    }
}

private enum FlatPart {
    case text(String)
    case placeholder(MessagePlaceholder)
    case number(Double, MessagePlaceholder?, source: String)
}

private struct Expander {
    let locale: String
    let syntax: PlaceholderSyntax
    var notes: [String] = []
    var capped = false

    init(locale: String, syntax: PlaceholderSyntax) {
        self.locale = locale
        self.syntax = syntax
    }

    /// `parts` multiplied out; `number` is the innermost plural's sample (for `#` and `%arg`).
    mutating func expand(_ parts: [Part], number: (value: Double, source: String)?) -> [Partial] {
        var partials = [Partial()]
        for part in parts {
            switch part {
            case .text(let s):
                for k in partials.indices { partials[k].parts.append(.text(s)) }
            case .placeholder(let p):
                for k in partials.indices { partials[k].parts.append(.placeholder(p)) }
            case .pluralNumber(let p):
                for k in partials.indices {
                    if let number {
                        partials[k].parts.append(.number(number.value, p, source: number.source))
                    } else {
                        // `#` outside any plural is text (ICU); `%arg` outside a substitution too.
                        partials[k].parts.append(.text(p?.written ?? "#"))
                    }
                }
            case .choice(let choice):
                let branches = expand(choice, number: number)
                var product: [Partial] = []
                outer: for a in partials {
                    for b in branches {
                        if product.count == Expansion.maxVariants {
                            capped = true
                            break outer
                        }
                        product.append(a + b)
                    }
                }
                partials = product
            }
        }
        return partials
    }

    /// A choice's branches as variants, in order: exact values as written, then the locale's
    /// categories in CLDR order; select and device branches as written.
    private mutating func expand(_ choice: Choice, number: (value: Double, source: String)?) -> [Partial] {
        switch choice.kind {
        case .select, .device:
            var out: [Partial] = []
            for branch in choice.branches {
                var branchPartials = expand(branch.message.parts, number: number)
                for k in branchPartials.indices {
                    branchPartials[k].names.insert("\(choice.selector):\(branch.key)", at: 0)
                    if choice.kind == .select {
                        branchPartials[k].bound[choice.selector] = .init(number: nil, text: branch.key, source: "select")
                    }
                }
                out += branchPartials
            }
            return out
        case .plural(let ordinal, let offset):
            guard let rules = PluralRules.categories(locale: locale, ordinal: ordinal) else {
                notes.append("ICU has no plural rules for '\(locale)': '\(choice.selector)' not measured")
                return []
            }
            var out: [Partial] = []
            var exact: Set<Double> = []
            for branch in choice.branches where branch.key.hasPrefix("=") {
                guard let value = Double(branch.key.dropFirst()) else { continue }
                exact.insert(value)
                out += plural(choice, branch, value: value, shown: value - offset, category: branch.key,
                              source: branch.key, fallback: false)
            }
            for category in rules.categories {
                // ICU tries `=N` before the categories: a sample that one of them catches would
                // show that branch, so the sample must avoid them.
                guard let sample = rules.sample(for: category, excluding: Set(exact.map { $0 - offset })) else {
                    notes.append("'\(choice.selector)' \(category): each of its numbers has its own '=' branch, not measured")
                    continue
                }
                let own = choice.branches.first { $0.key == category }
                if choice.integersOnly, sample != sample.rounded() {
                    if own != nil {
                        notes.append("'\(choice.selector)' \(category): only fractions are \(category) in \(locale), and the quantity is an int: never shown, not measured")
                    }
                    continue
                }
                guard let branch = own ?? choice.branches.first(where: { $0.key == "other" }) else {
                    notes.append("'\(choice.selector)' \(category): no '\(category)' text and no 'other' to fall back to")
                    continue
                }
                out += plural(choice, branch, value: sample + offset, shown: sample, category: category,
                              source: "plural \(category)", fallback: own == nil)
            }
            for branch in choice.branches where !branch.key.hasPrefix("=") && !rules.categories.contains(branch.key) {
                notes.append("'\(choice.selector)' \(branch.key): not a plural category of \(locale), not measured")
            }
            return out
        }
    }

    private mutating func plural(_ choice: Choice, _ branch: Choice.Branch, value: Double, shown: Double,
                                 category: String, source: String, fallback: Bool) -> [Partial] {
        var partials = expand(branch.message.parts, number: (shown, source))
        for k in partials.indices {
            partials[k].names.insert("\(choice.selector):\(category)", at: 0)
            if fallback { partials[k].fallbacks.append("\(choice.selector):\(category) uses the 'other' text") }
            // ICU names the argument: `{count}` anywhere shows the number itself (not minus the offset).
            partials[k].bound[choice.selector] = .init(number: value, text: nil, source: source)
            // Android <plurals>, xcstrings plural variations: the quantity is the first numeric
            // argument of the text chosen (getQuantityString(id, n, n); String(format:, n)).
            if choice.argument == nil, syntax == .apple || syntax == .java,
               let first = partials[k].parts.firstIndex(where: { part in
                   if case .placeholder(let p) = part, !p.unknown, p.isNumeric { return true }
                   return false
               }), case .placeholder(let p) = partials[k].parts[first] {
                partials[k].parts[first] = .number(value, p, source: source)
            }
        }
        return partials
    }
}

extension MessagePlaceholder {
    var isNumeric: Bool {
        switch kind {
        case .integer, .float: return true
        default: return false
        }
    }
}
