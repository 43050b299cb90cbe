// Apple String Catalogs (.xcstrings, Xcode 15+): JSON, `sourceLanguage` and `strings`, each key
// with `localizations` whose value is a `stringUnit` (`state`, `value`) or `variations` (`plural`
// by category, `device` by device, nested), and `substitutions` for `%#@name@` tokens (`argNum`,
// `formatSpecifier`, plural variations whose texts hold `%arg`). A key without a localization in
// the source language is its own source text. Apple publishes no schema: the fields are those
// Xcode writes (WWDC23 "Discover String Catalogs"; Localazy's and Lokalise's format notes).

enum XCStringsReader {
    static func read(_ bytes: [UInt8]) throws(CatalogError) -> Catalog {
        let root = try LocatedJSON.parse(bytes)
        let r = JSONCatalogReader(bytes: bytes)
        _ = try r.members(root, "the catalog")
        guard let sourceValue = root["sourceLanguage"] else { throw r.fail(root, "the catalog has no 'sourceLanguage'") }
        let source = try r.string(sourceValue, "'sourceLanguage'")
        try Locales.check(source, at: sourceValue, r)
        var catalog = Catalog(format: .xcstrings)
        guard let strings = root["strings"] else { return catalog }
        for (key, string) in try r.members(strings, "'strings'") {
            try read(key, string, source: source, r, into: &catalog)
        }
        return catalog
    }

    private static func read(_ key: String, _ string: LocatedJSON, source: String, _ r: JSONCatalogReader,
                             into catalog: inout Catalog) throws(CatalogError) {
        _ = try r.members(string, "the string '\(key)'")
        let line = r.line(of: string)
        if case .bool(false)? = string["shouldTranslate"]?.value {
            catalog.notes.append(CatalogNote(line: line, message: "'\(key)': shouldTranslate is false, only \(source) is measured"))
        }
        let translate: Bool
        if case .bool(false)? = string["shouldTranslate"]?.value { translate = false } else { translate = true }
        let localizations = try string["localizations"].map { (value) throws(CatalogError) in
            try r.members(value, "the localizations of '\(key)'")
        } ?? []
        if !localizations.contains(where: { $0.key == source }) {
            // The key is the source text (Xcode shows it until a source value is set).
            catalog.entries.append(CatalogEntry(key: key, locale: source,
                                                message: Message(FormatSpecifiers.parts(key, syntax: .apple)),
                                                line: line, placeholderSyntax: .apple))
        }
        for (locale, localization) in localizations where translate || locale == source {
            try Locales.check(locale, at: localization, r)
            _ = try r.members(localization, "the '\(locale)' localization of '\(key)'")
            var substitutions: [String: (LocatedJSON, Int?, MessagePlaceholder.Kind)] = [:]
            if let subs = localization["substitutions"] {
                for (name, sub) in try r.members(subs, "the substitutions of '\(key)' (\(locale))") {
                    _ = try r.members(sub, "the substitution '\(name)'")
                    var argument: Int?
                    if let arg = sub["argNum"] {
                        guard case .number(let n) = arg.value, let value = Int(n), value > 0 else {
                            throw r.fail(arg, "'argNum' must be a whole number from 1")
                        }
                        argument = value
                    }
                    let specifier = try sub["formatSpecifier"].map { (v) throws(CatalogError) in try r.string(v, "'formatSpecifier'") } ?? "lld"
                    substitutions[name] = (sub, argument, FormatSpecifiers.kind(ofSpecifier: specifier))
                }
            }
            var states: [String] = []
            var depth = 0
            let message = try unit(localization, key: key, locale: locale, r, states: &states) { (text: String, states: inout [String]) throws(CatalogError) -> Message in
                try parse(text, substitutions: substitutions, key: key, locale: locale, r, states: &states, depth: &depth)
            }
            let distinct = states.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            catalog.entries.append(CatalogEntry(key: key, locale: locale, message: message, line: r.line(of: localization),
                                                state: distinct.isEmpty ? nil : distinct.joined(separator: ","),
                                                placeholderSyntax: .apple))
        }
    }

    /// A `stringUnit` or a `variations` object (plural or device), as a message.
    private static func unit(_ value: LocatedJSON, key: String, locale: String, _ r: JSONCatalogReader,
                             states: inout [String],
                             text: (String, inout [String]) throws(CatalogError) -> Message) throws(CatalogError) -> Message {
        if let stringUnit = value["stringUnit"] {
            _ = try r.members(stringUnit, "the stringUnit of '\(key)' (\(locale))")
            if let state = stringUnit["state"] { states.append(try r.string(state, "'state'")) }
            guard let v = stringUnit["value"] else { throw r.fail(stringUnit, "the stringUnit of '\(key)' (\(locale)) has no 'value'") }
            return try text(try r.string(v, "'value'"), &states)
        }
        guard let variations = value["variations"] else {
            throw r.fail(value, "'\(key)' (\(locale)) has neither a 'stringUnit' nor 'variations'")
        }
        let kinds = try r.members(variations, "the variations of '\(key)' (\(locale))")
        guard kinds.count == 1, let (kind, branchesValue) = kinds.first else {
            throw r.fail(variations, "the variations of '\(key)' (\(locale)) must vary by one thing, plural or device")
        }
        var branches: [Choice.Branch] = []
        for (name, branch) in try r.members(branchesValue, "the \(kind) variations of '\(key)' (\(locale))") {
            _ = try r.members(branch, "the '\(name)' variation of '\(key)' (\(locale))")
            branches.append(Choice.Branch(key: name, message: try unit(branch, key: key, locale: locale, r, states: &states, text: text)))
        }
        switch kind {
        case "plural":
            for branch in branches where !PluralCategories.order.contains(branch.key) {
                throw r.fail(branchesValue, "'\(branch.key)' is not a plural category (zero, one, two, few, many, other)")
            }
            return Message([.choice(Choice(kind: .plural(ordinal: false, offset: 0), selector: "plural", argument: nil,
                                           branches: branches))])
        case "device":
            return Message([.choice(Choice(kind: .device, selector: "device", argument: nil, branches: branches))])
        default:
            throw r.fail(variations, "unknown variation '\(kind)' in '\(key)' (\(locale)): plural and device are read")
        }
    }

    /// A value's printf text, `%#@name@` replaced by the substitution's plural.
    private static func parse(_ text: String, substitutions: [String: (LocatedJSON, Int?, MessagePlaceholder.Kind)],
                              key: String, locale: String, _ r: JSONCatalogReader, states: inout [String],
                              depth: inout Int) throws(CatalogError) -> Message {
        var failure: CatalogError?
        var collected: [String] = []
        let parts = FormatSpecifiers.parts(text, syntax: .apple) { name, _ in
            guard failure == nil, depth < 4, let (sub, argument, kind) = substitutions[name] else { return nil }
            depth += 1
            defer { depth -= 1 }
            do throws(CatalogError) {
                var substates: [String] = []
                let message = try unit(sub, key: key, locale: locale, r, states: &substates) { (branchText: String, states: inout [String]) throws(CatalogError) -> Message in
                    // `%arg` is the substitution's own argument, written with its formatSpecifier.
                    var parts: [Part] = []
                    let pieces = branchText.split(separator: "%arg", omittingEmptySubsequences: false)
                    for (k, piece) in pieces.enumerated() {
                        if k > 0 {
                            parts.append(.pluralNumber(MessagePlaceholder(written: "%arg (\(name))", name: nil, position: argument, kind: kind)))
                        }
                        parts += try parse(String(piece), substitutions: substitutions, key: key, locale: locale, r,
                                           states: &states, depth: &depth).parts
                    }
                    return Message(parts)
                }
                collected += substates
                guard case .choice(var choice)? = message.parts.first, message.parts.count == 1 else { return nil }
                choice.selector = name
                // 0: only `%arg` takes the number when the substitution names no argument.
                choice.argument = argument ?? 0
                return .choice(choice)
            } catch {
                failure = error
                return nil
            }
        }
        if let failure { throw failure }
        states += collected
        return Message(parts)
    }
}

/// Locale tags as `--lang` takes them (BCP 47 letters, digits and hyphens).
enum Locales {
    static func isValid(_ tag: String) -> Bool {
        !tag.isEmpty && tag.count <= 35 && tag.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
        }
    }

    static func check(_ tag: String, at value: LocatedJSON, _ r: JSONCatalogReader) throws(CatalogError) {
        guard isValid(tag) else { throw r.fail(value, "'\(tag)' is not a BCP 47 language tag") }
    }
}
