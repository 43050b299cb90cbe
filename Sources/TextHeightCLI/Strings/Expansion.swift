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

/// The values placeholders get when the file gives no example: stated in docs/strings.md.
enum PlaceholderDefaults {
    static let string = "Alexandra"
    static let integer = 42.0
    static let float = 3.14
    static let character = "A"
    static let boolean = "true"
    static let date = "2024-01-31"
}

struct Expansion: Equatable {
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
