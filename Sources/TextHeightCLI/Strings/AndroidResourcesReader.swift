// Android string resources (`res/values*/strings.xml`): `<string>`, `<plurals>` (one `<item
// quantity>` per category), `<string-array>` (`<item>`s). `translatable="false"` strings are not
// translations and are skipped; `formatted="false"` ones have no placeholders; a `product`
// attribute makes a variant per product. The locale is the folder's qualifier (`values-de`,
// `values-zh-rTW`, `values-b+sr+Latn`); the bare `values/` is the source language, `tools:locale`
// when the file says it. Text as aapt2 compiles it (AndroidStringBuilder), placeholders as
// java.util.Formatter reads them, `<xliff:g example>` as their samples.
// Source: developer.android.com "String resources" and aapt2's ResourceParser (Parse, ParseString,
// ParsePlural, ParseStringArray).

enum AndroidResourcesReader {
    /// `path` is only read for its folder name (the locale); `sourceLocale` is the bare folder's
    /// language when the file has no `tools:locale`.
    static func read(path: String, _ bytes: [UInt8], sourceLocale: String) throws(CatalogError) -> Catalog {
        let root = try XMLDocument.parse(bytes)
        guard root.name == "resources", root.namespace == nil else {
            throw CatalogError(line: root.line, column: root.column, message: "the root element must be <resources>, not <\(root.name)>")
        }
        let folder = AndroidLocale.folder(of: path)
        var locale: String
        if let qualified = folder.flatMap(AndroidLocale.locale(folder:)) {
            locale = qualified
        } else {
            locale = root.attribute("locale", namespace: XMLDocument.toolsNamespace).map(AndroidLocale.normalized) ?? sourceLocale
            guard Locales.isValid(locale) else {
                throw CatalogError(line: root.line, column: root.column, message: "tools:locale '\(locale)' is not a language tag")
            }
        }
        var catalog = Catalog(format: .android)
        // Strings by name, in file order; a name with products gathers them as one device-like choice.
        var order: [String] = []
        var byName: [String: (line: Int, branches: [(product: String?, message: Message, examples: [String: String])])] = [:]
        var seen: Set<String> = []
        for child in root.children {
            guard case .element(let element) = child else {
                if case .text(let s) = child, !s.unicodeScalars.allSatisfy(AndroidStringBuilder.isSpace) {
                    throw CatalogError(line: root.line, column: root.column, message: "plain text not allowed in <resources>")
                }
                continue
            }
            guard element.namespace == nil, ["string", "plurals", "string-array"].contains(element.name) else { continue }
            guard let name = element.attribute("name"), !name.isEmpty else {
                throw error(element, "<\(element.name)> has no 'name'")
            }
            let product = element.attribute("product")
            let id = element.name + "/" + name + "#" + (product ?? "")
            guard seen.insert(id).inserted else {
                throw error(element, "duplicate <\(element.name) name=\"\(name)\"\(product.map { " product=\"\($0)\"" } ?? "")>")
            }
            if element.attribute("translatable") == "false" {
                catalog.notes.append(CatalogNote(line: element.line, message: "'\(name)': translatable=\"false\", skipped"))
                continue
            }
            let syntax: PlaceholderSyntax = element.attribute("formatted") == "false" ? .none : .java
            var examples: [String: String] = [:]
            let message: Message
            switch element.name {
            case "string":
                guard let text = try value(element, name: name, syntax: syntax, examples: &examples, notes: &catalog.notes) else { continue }
                message = text
            case "plurals":
                var branches: [Choice.Branch] = []
                for item in element.elements where item.name == "item" && item.namespace == nil {
                    guard let quantity = item.attribute("quantity"), PluralCategories.order.contains(quantity) else {
                        throw error(item, "<item> in <plurals name=\"\(name)\"> needs quantity zero, one, two, few, many or other")
                    }
                    guard !branches.contains(where: { $0.key == quantity }) else { throw error(item, "duplicate quantity '\(quantity)'") }
                    guard let text = try value(item, name: name, syntax: syntax, examples: &examples, notes: &catalog.notes) else { continue }
                    branches.append(Choice.Branch(key: quantity, message: text))
                }
                guard !branches.isEmpty else { throw error(element, "<plurals name=\"\(name)\"> has no <item>") }
                message = Message([.choice(Choice(kind: .plural(ordinal: false, offset: 0), selector: "plural", argument: nil,
                                                  branches: branches, integersOnly: true))])
            default:
                var branches: [Choice.Branch] = []
                for item in element.elements where item.name == "item" && item.namespace == nil {
                    guard let text = try value(item, name: name, syntax: syntax, examples: &examples, notes: &catalog.notes) else { continue }
                    branches.append(Choice.Branch(key: String(branches.count), message: text))
                }
                guard !branches.isEmpty else { continue }
                message = Message([.choice(Choice(kind: .select, selector: "item", argument: nil, branches: branches))])
            }
            if byName[name] == nil { order.append(name) }
            byName[name, default: (element.line, [])].branches.append((product, message, examples))
        }
        for name in order {
            guard let found = byName[name] else { continue }
            var entry = CatalogEntry(key: name, locale: locale, message: found.branches[0].message, line: found.line,
                                     placeholderSyntax: .java)
            if found.branches.count > 1 || found.branches[0].product != nil {
                entry.message = Message([.choice(Choice(kind: .device, selector: "product", argument: nil,
                                                        branches: found.branches.map { .init(key: $0.product ?? "default", message: $0.message) }))])
            }
            for branch in found.branches { entry.examples.merge(branch.examples) { a, _ in a } }
            catalog.entries.append(entry)
        }
        return catalog
    }

    private static func error(_ element: XMLElement, _ message: String) -> CatalogError {
        CatalogError(line: element.line, column: element.column, message: message)
    }

    /// The message of a `<string>` or `<item>`; nil for a reference to another resource.
    private static func value(_ element: XMLElement, name: String, syntax: PlaceholderSyntax,
                              examples: inout [String: String], notes: inout [CatalogNote]) throws(CatalogError) -> Message? {
        let raw = AndroidStringBuilder.rawText(element)
        let trimmed = raw.unicodeScalars.drop(while: AndroidStringBuilder.isSpace)
        if let first = trimmed.first, first == "@" || first == "?", element.elements.isEmpty {
            // aapt2 reads "@string/other" and "?attr" as references, not text (an escaped \@ is text).
            notes.append(CatalogNote(line: element.line, message: "'\(name)': a reference (\(String(String.UnicodeScalarView(trimmed)).split(separator: "\n").first ?? "")), measured where it is defined"))
            return nil
        }
        let built: AndroidStringBuilder.Result
        do { built = try AndroidStringBuilder.build(element) } catch {
            throw CatalogError(line: element.line, column: element.column, message: "'\(name)': \(error.message)")
        }
        let parts = FormatSpecifiers.parts(built.text, syntax: syntax)
        // An <xliff:g example> names the sample of the one placeholder inside it.
        let scalars = Array(built.text.unicodeScalars)
        for section in built.sections {
            guard let example = section.example, section.range.upperBound <= scalars.count else { continue }
            let inside = FormatSpecifiers.parts(String(String.UnicodeScalarView(scalars[section.range])), syntax: syntax)
            let placeholders = inside.compactMap { part -> MessagePlaceholder? in
                if case .placeholder(let p) = part, !p.unknown { return p }
                return nil
            }
            guard placeholders.count == 1 else { continue }
            let before = FormatSpecifiers.parts(String(String.UnicodeScalarView(scalars[..<section.range.lowerBound])), syntax: syntax)
            let implicitBefore = before.filter { part in
                if case .placeholder(let p) = part, !p.unknown, p.position == nil { return true }
                return false
            }.count
            let position = placeholders[0].position ?? implicitBefore + 1
            examples[String(position)] = example
        }
        return Message(parts)
    }
}

/// Android's locale qualifiers (developer.android.com "App resources overview", qualifier table):
/// after optional `mcc`/`mnc`, a language (`de`), a region (`rTW`), or a BCP 47 tag `b+sr+Latn`.
enum AndroidLocale {
    /// The folder a resource file is in (`values-de` of `res/values-de/strings.xml`).
    static func folder(of path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 2 else { return nil }
        return String(parts[parts.count - 2])
    }

    /// The locale of a `values…` folder, or nil for none (`values`, `values-night`).
    static func locale(folder: String) -> String? {
        var tokens = folder.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard tokens.first == "values" else { return nil }
        tokens.removeFirst()
        while let t = tokens.first, t.hasPrefix("mcc") || t.hasPrefix("mnc"), t.dropFirst(3).allSatisfy(\.isNumber) {
            tokens.removeFirst()
        }
        guard let first = tokens.first else { return nil }
        if first.hasPrefix("b+") {
            let subtags = first.dropFirst(2).split(separator: "+").map(String.init)
            guard !subtags.isEmpty else { return nil }
            let tag = normalized(subtags.joined(separator: "-"))
            return Locales.isValid(tag) ? tag : nil
        }
        // `car` is a UI mode, not Carib.
        guard (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLowercase }), first != "car" else { return nil }
        var tag = normalized(first)
        if tokens.count > 1 {
            let region = tokens[1]
            if region.count == 3, region.hasPrefix("r"), region.dropFirst().allSatisfy({ $0.isASCII && $0.isUppercase }) {
                tag += "-" + region.dropFirst()
            }
        }
        return tag
    }

    /// Java's old language codes, still used for folders (java.util.Locale: iw, in, ji), as BCP 47 writes them.
    static func normalized(_ tag: String) -> String {
        var subtags = tag.split(separator: "-").map(String.init)
        guard let language = subtags.first else { return tag }
        switch language {
        case "iw": subtags[0] = "he"
        case "in": subtags[0] = "id"
        case "ji": subtags[0] = "yi"
        default: break
        }
        return subtags.joined(separator: "-")
    }
}
