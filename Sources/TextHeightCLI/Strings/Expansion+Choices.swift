// Choices multiplied out: plural categories with their samples, exact branches, select and device
// branches, nested choices as whole sentences (Expansion.swift fills the placeholders after).

/// A variant before its placeholders are filled.
struct Partial {
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

enum FlatPart {
    case text(String)
    case placeholder(MessagePlaceholder)
    case number(Double, MessagePlaceholder?, source: String)
}

struct Expander {
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
