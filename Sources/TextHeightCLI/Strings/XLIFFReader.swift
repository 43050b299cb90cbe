// XLIFF 1.2 (OASIS xliff-core 1.2), as Xcode and Angular export it: `<file source-language
// target-language>` with `<trans-unit id>`s holding `<source>` and `<target state>`, in `<group>`s.
// Size limits: `maxwidth`/`maxheight` with `size-unit` (default pixel) on the unit or an enclosing
// group; pixels become the view's `width` and `maxHeight`, rows `maxLines`, any other unit is
// reported as not applied. Inline elements: `<g>`/`<mrk>` give their text, `<x>`/`<ph>` are
// placeholders (shown by their `equiv-text`), `<bpt>`/`<ept>`/`<it>`/`<bx>`/`<ex>` are codes.
//
// Xcode writes a String Catalog's variations as units `key|==|plural.one`, `key|==|device.iphone`
// and `key|==|substitution.NAME.plural.one` (WWDC23 "Discover String Catalogs"); they are gathered
// back into one string with its plural and device choices, placeholders read as Apple's. Angular
// keeps ICU plural/select inside the text (its `<x>` interpolations placeholders in it).

enum XLIFFReader {
    static func read(_ bytes: [UInt8]) throws(CatalogError) -> Catalog {
        let root = try XMLDocument.parse(bytes)
        guard root.name == "xliff" else {
            throw CatalogError(line: root.line, column: root.column, message: "the root element must be <xliff>, not <\(root.name)>")
        }
        if let version = root.attribute("version"), !version.hasPrefix("1.") {
            throw CatalogError(line: root.line, column: root.column, message: "XLIFF \(version) is not read (XLIFF 1.2 is)")
        }
        guard isXLIFF(root) else {
            throw CatalogError(line: root.line, column: root.column,
                               message: "not XLIFF 1.2: the namespace is \(root.namespace ?? ""), not \(XMLDocument.xliffNamespace)")
        }
        var catalog = Catalog(format: .xliff)
        for file in root.elements where file.name == "file" && isXLIFF(file) {
            try readFile(file, into: &catalog)
        }
        return catalog
    }

    private static func isXLIFF(_ e: XMLElement) -> Bool { e.namespace == nil || e.namespace == XMLDocument.xliffNamespace }

    private static func error(_ e: XMLElement, _ message: String) -> CatalogError {
        CatalogError(line: e.line, column: e.column, message: message)
    }

    /// A unit with the limits of its own and its groups' attributes.
    private struct Unit {
        var element: XMLElement
        var limits: FileLimits
    }

    private static func readFile(_ file: XMLElement, into catalog: inout Catalog) throws(CatalogError) {
        guard let source = file.attribute("source-language"), Locales.isValid(source.replacingAll("_", with: "-")) else {
            throw error(file, "<file> needs a source-language that is a language tag")
        }
        let sourceLocale = source.replacingAll("_", with: "-")
        let target = file.attribute("target-language").map { $0.replacingAll("_", with: "-") }
        if let target, !Locales.isValid(target) { throw error(file, "target-language '\(target)' is not a language tag") }
        let header = file.elements.first { $0.name == "header" }
        let xcode = header?.elements.contains { $0.name == "tool" && $0.attribute("tool-id") == "com.apple.dt.xcode" } ?? false
            || [".xcstrings", ".strings", ".stringsdict"].contains { file.attribute("original")?.hasSuffix($0) ?? false }
        var units: [Unit] = []
        for body in file.elements where body.name == "body" {
            try collect(body, inherited: [], into: &units, notes: &catalog.notes)
        }
        // Units in file order; Xcode's `key|==|…` variation units gathered under their key.
        var order: [String] = []
        var byKey: [String: [(path: [Substring], unit: Unit)]] = [:]
        var seen: Set<String> = []
        for unit in units {
            guard let id = unit.element.attribute("resname") ?? unit.element.attribute("id"), !id.isEmpty else {
                throw error(unit.element, "<trans-unit> has no id")
            }
            guard seen.insert(id).inserted else { throw error(unit.element, "duplicate trans-unit id '\(id)'") }
            var key = id
            var path: [Substring] = []
            if xcode, let range = id.firstRange(of: "|==|") {
                key = String(id[..<range.lowerBound])
                path = id[range.upperBound...].split(separator: ".")
            }
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append((path, unit))
        }
        for key in order {
            guard let parts = byKey[key], let first = parts.first else { continue }
            let translate = first.unit.element.attribute("translate") != "no"
            for (locale, side) in [(sourceLocale, "source"), (target, "target")] {
                guard let locale else { continue }
                if side == "target" && !translate { continue }
                var leaves: [(path: [Substring], text: Content)] = []
                var state: [String] = []
                for (path, unit) in parts {
                    guard let element = unit.element.elements.first(where: { $0.name == side && isXLIFF($0) }) else { continue }
                    if let s = element.attribute("state"), !state.contains(s) { state.append(s) }
                    leaves.append((path, content(element)))
                }
                guard !leaves.isEmpty else { continue }
                var entry = CatalogEntry(key: key, locale: locale, message: Message([]), line: first.unit.element.line,
                                         state: side == "target" && !state.isEmpty ? state.joined(separator: ",") : nil,
                                         limits: first.unit.limits)
                if xcode {
                    entry.placeholderSyntax = .apple
                    entry.message = try appleMessage(leaves, key: key, at: first.unit.element)
                } else {
                    entry.placeholderSyntax = .icu
                    let (message, names) = icuMessage(leaves[0].text)
                    entry.message = message
                    for name in names { entry.types[name] = "String" }
                }
                catalog.entries.append(entry)
            }
            for note in first.unit.limits.notApplied {
                catalog.notes.append(CatalogNote(line: first.unit.element.line, message: "'\(key)': \(note)"))
            }
        }
    }

    /// Trans-units below `element`, each with the size attributes of itself or its nearest group.
    private static func collect(_ element: XMLElement, inherited: [XMLElement], into units: inout [Unit],
                                notes: inout [CatalogNote]) throws(CatalogError) {
        for child in element.elements where isXLIFF(child) {
            switch child.name {
            case "group":
                try collect(child, inherited: inherited + [child], into: &units, notes: &notes)
            case "trans-unit":
                units.append(Unit(element: child, limits: limits(inherited + [child])))
            default:
                continue
            }
        }
    }

    /// `maxwidth` and `maxheight` of the nearest element that has each, in that element's `size-unit`.
    static func limits(_ chain: [XMLElement]) -> FileLimits {
        var limits = FileLimits()
        for attribute in ["maxwidth", "maxheight"] {
            guard let holder = chain.last(where: { $0.attribute(attribute) != nil }),
                  let text = holder.attribute(attribute) else { continue }
            let unit = holder.attribute("size-unit") ?? "pixel"  // XLIFF 1.2: size-unit defaults to pixel
            guard let value = Double(text), value.isFinite, value >= 0 else {
                limits.notApplied.append("\(attribute) '\(text)' is not a number, not applied")
                continue
            }
            switch (attribute, unit) {
            case ("maxwidth", "pixel"): limits.width = value
            case ("maxheight", "pixel"): limits.maxHeight = value
            case ("maxheight", "row"):
                guard value == value.rounded(), value <= 1_000_000 else {
                    limits.notApplied.append("maxheight \(text) rows is not a whole number, not applied")
                    continue
                }
                limits.maxLines = Int(value)
            default:
                limits.notApplied.append("\(attribute) \(text) (size-unit \(unit)) not applied: textheight checks pixels, and rows of height")
            }
        }
        return limits
    }

    /// A `<source>`/`<target>`'s content: text, and placeholders where `<x>`/`<ph>` stand.
    struct Content: Equatable {
        var pieces: [Piece] = []
        enum Piece: Equatable {
            case text(String)
            /// As shown (`equiv-text`), and the element's `id` (Angular: `INTERPOLATION`, `INTERPOLATION_1`).
            case placeholder(String, id: String?)
        }

        mutating func text(_ s: String) {
            if case .text(let t)? = pieces.last { pieces[pieces.count - 1] = .text(t + s) } else { pieces.append(.text(s)) }
        }

        var plainText: String {
            pieces.map { if case .text(let t) = $0 { return t } else { return "" } }.joined()
        }
    }

    static func content(_ element: XMLElement) -> Content {
        var out = Content()
        func walk(_ nodes: [XMLNode]) {
            for node in nodes {
                switch node {
                case .text(let s): out.text(s)
                case .element(let e):
                    switch e.name {
                    case "g", "mrk": walk(e.children)
                    case "x":
                        out.pieces.append(.placeholder(e.attribute("equiv-text") ?? "<x id=\"\(e.attribute("id") ?? "")\"/>",
                                                       id: e.attribute("id")))
                    case "ph":
                        out.pieces.append(.placeholder(e.attribute("equiv-text") ?? AndroidStringBuilder.rawText(e), id: e.attribute("id")))
                    default: break  // bpt, ept, it, bx, ex: formatting codes; sub: another flow
                    }
                }
            }
        }
        walk(element.children)
        return out
    }

    /// Xcode's units of one key as an Apple message: device and plural choices from the paths,
    /// substitutions from `substitution.NAME.plural.CAT` (the `%arg` their number).
    private static func appleMessage(_ leaves: [(path: [Substring], text: Content)], key: String,
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
