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

    static func error(_ e: XMLElement, _ message: String) -> CatalogError {
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
                    entry.message = try XLIFFReader.appleMessage(leaves, key: key, at: first.unit.element)
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
}
