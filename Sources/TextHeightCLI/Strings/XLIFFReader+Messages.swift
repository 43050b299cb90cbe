// The messages of XLIFF units: Xcode's variation units gathered into one Apple message, Angular's
// ICU text with its placeholders.

extension XLIFFReader {
    /// Xcode's units of one key as an Apple message: device and plural choices from the paths,
    /// substitutions from `substitution.NAME.plural.CAT` (the `%arg` their number).
    static func appleMessage(_ leaves: [(path: [Substring], text: Content)], key: String,
                                     at unit: XMLElement) throws(CatalogError) -> Message {
        var main: [(path: [Substring], text: String)] = []
        var substitutions: [String: [Choice.Branch]] = [:]
        for leaf in leaves {
            let text = leaf.text.plainText
            if leaf.path.first == "substitution" || leaf.path.first == "substitutions" {
                guard leaf.path.count >= 3 else { throw error(unit, "'\(key)': cannot read the variation path '\(leaf.path.joined(separator: "."))'") }
                let name = String(leaf.path[1])
                let category = String(leaf.path.last ?? "other")
                var parts: [Part] = []
                for (k, piece) in text.split(separator: "%arg", omittingEmptySubsequences: false).enumerated() {
                    if k > 0 {
                        parts.append(.pluralNumber(MessagePlaceholder(written: "%arg (\(name))", name: nil, position: nil,
                                                                      kind: .integer(conversion: "d"))))
                    }
                    parts += FormatSpecifiers.parts(String(piece), syntax: .apple)
                }
                substitutions[name, default: []].append(Choice.Branch(key: category, message: Message(parts)))
            } else {
                main.append((leaf.path, text))
            }
        }
        func parse(_ text: String) -> Message {
            Message(FormatSpecifiers.parts(text, syntax: .apple) { name, _ in
                guard let branches = substitutions[name] else { return nil }
                // argument 0: only `%arg` takes the number (no printf argument of the text is bound).
                return .choice(Choice(kind: .plural(ordinal: false, offset: 0), selector: name, argument: 0, branches: branches))
            })
        }
        func tree(_ items: [(path: [Substring], text: String)]) throws(CatalogError) -> Message {
            if let plain = items.first(where: { $0.path.isEmpty }) { return parse(plain.text) }
            guard let kind = items.first?.path.first, kind == "plural" || kind == "device" else {
                throw error(unit, "'\(key)': cannot read the variation path '\(items.first?.path.joined(separator: ".") ?? "")'")
            }
            var order: [String] = []
            var groups: [String: [(path: [Substring], text: String)]] = [:]
            for item in items {
                guard item.path.first == kind, item.path.count >= 2 else {
                    throw error(unit, "'\(key)': variations by both \(kind) and \(item.path.first ?? "nothing") at one level")
                }
                let branch = String(item.path[1])
                if groups[branch] == nil { order.append(branch) }
                groups[branch, default: []].append((Array(item.path.dropFirst(2)), item.text))
            }
            var branches: [Choice.Branch] = []
            for branch in order { branches.append(Choice.Branch(key: branch, message: try tree(groups[branch] ?? []))) }
            return Message([.choice(Choice(kind: kind == "plural" ? .plural(ordinal: false, offset: 0) : .device,
                                           selector: String(kind), argument: nil, branches: branches))])
        }
        return try tree(main)
    }

    /// Angular's text: ICU plural/select when the text is one (its placeholders stand in as
    /// private-use characters while the ICU syntax is read); else text and placeholders.
    static func icuMessage(_ content: Content) -> (Message, [String]) {
        var names: [String] = []
        var ids: [String?] = []
        var encoded = ""
        for piece in content.pieces {
            switch piece {
            case .text(let t): encoded += t
            case .placeholder(let p, let id):
                encoded.unicodeScalars.append(Unicode.Scalar(0xF0000 + UInt32(names.count)) ?? "?")
                names.append(p)
                ids.append(id)
            }
        }
        // Angular names a plural's expression VAR_PLURAL and writes `{{count}}` in its branches as an
        // interpolation: inside a plural branch an interpolation is taken to be that number.
        func decode(_ parts: [Part], inPlural: Bool = false) -> [Part] {
            var out: [Part] = []
            for part in parts {
                switch part {
                case .text(let t):
                    var literal = ""
                    for scalar in t.unicodeScalars {
                        let index = Int(scalar.value) - 0xF0000
                        if index >= 0, index < names.count {
                            if !literal.isEmpty { out.append(.text(literal)) }
                            literal = ""
                            let placeholder = MessagePlaceholder(written: names[index], name: names[index], position: nil, kind: .string)
                            if inPlural, ids[index]?.hasPrefix("INTERPOLATION") == true {
                                out.append(.pluralNumber(MessagePlaceholder(written: names[index], name: nil, position: nil,
                                                                            kind: .integer(conversion: "d"))))
                            } else {
                                out.append(.placeholder(placeholder))
                            }
                        } else {
                            literal.unicodeScalars.append(scalar)
                        }
                    }
                    if !literal.isEmpty { out.append(.text(literal)) }
                case .choice(var choice):
                    let plural: Bool
                    if case .plural = choice.kind { plural = true } else { plural = inPlural }
                    for k in choice.branches.indices {
                        choice.branches[k].message.parts = decode(choice.branches[k].message.parts, inPlural: plural)
                    }
                    out.append(.choice(choice))
                default: out.append(part)
                }
            }
            return out
        }
        if encoded.contains("{"), let parsed = try? MessageFormatParser.parse(encoded, quoting: false),
           parsed.parts.contains(where: { if case .choice = $0 { return true } else { return false } }) {
            var known = names
            collectNames(parsed.parts, into: &known)
            return (Message(decode(parsed.parts)), known)
        }
        return (Message(decode(encoded.isEmpty ? [] : [.text(encoded)])), names)
    }

    /// ICU argument names (Angular's VAR_PLURAL, a select's selector) count as declared.
    private static func collectNames(_ parts: [Part], into names: inout [String]) {
        for part in parts {
            switch part {
            case .placeholder(let p): if let n = p.name { names.append(n) }
            case .choice(let c):
                names.append(c.selector)
                for b in c.branches { collectNames(b.message.parts, into: &names) }
            default: break
            }
        }
    }
}
