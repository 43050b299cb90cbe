// Flutter's Application Resource Bundles (`lib/l10n/app_de.arb`): a JSON object of message keys
// whose values are ICU MessageFormat, `@key` metadata (`placeholders` with `type` and `example`),
// and `@@` globals (`@@locale`). Without `@@locale` the locale comes from the file name
// (`app_en_US.arb` → en-US), as gen-l10n reads it. Translations usually carry no metadata: the
// command takes a key's placeholders from the template file beside it (the source locale's).
// Spec: google/app-resource-bundle wiki "ApplicationResourceBundleSpecification"; Flutter's
// internationalization guide.

enum ARBReader {
    /// `path` is read only for its file name (the locale when `@@locale` is absent).
    /// `quoting`: ICU apostrophe quoting, gen-l10n's `use-escaping` (off by default).
    static func read(path: String, _ bytes: [UInt8], sourceLocale: String, quoting: Bool) throws(CatalogError) -> Catalog {
        let root = try LocatedJSON.parse(bytes)
        let r = JSONCatalogReader(bytes: bytes)
        let members = try r.members(root, "an ARB file")
        var catalog = Catalog(format: .arb)
        var locale: String
        if let tag = root["@@locale"] {
            locale = try r.string(tag, "'@@locale'").replacingAll("_", with: "-")
            try Locales.check(locale, at: tag, r)
        } else if let fromName = localeFromFileName(path) {
            locale = fromName
        } else {
            locale = sourceLocale
            catalog.notes.append(CatalogNote(line: 1, message: "no @@locale and none in the file name: read as \(sourceLocale)"))
        }
        for (key, value) in members where !key.hasPrefix("@") {
            let text = try r.string(value, "the message '\(key)'")
            let message: Message
            do { message = try MessageFormatParser.parse(text, quoting: quoting) } catch {
                let offset = ARBReader.byteOffset(ofCharacter: error.index, inStringAt: value.offset, bytes: bytes)
                let (line, column) = SourcePosition.lineColumn(bytes, offset: offset)
                throw CatalogError(line: line, column: column, message: "'\(key)': ICU message: \(error.message)")
            }
            var entry = CatalogEntry(key: key, locale: locale, message: message, line: r.line(of: value), placeholderSyntax: .icu)
            if let metadata = root["@" + key] {
                _ = try r.members(metadata, "'@\(key)'")
                if let placeholders = metadata["placeholders"] {
                    for (name, placeholder) in try r.members(placeholders, "the placeholders of '\(key)'") {
                        _ = try r.members(placeholder, "the placeholder '\(name)' of '\(key)'")
                        entry.types[name] = try placeholder["type"].map { (t) throws(CatalogError) in try r.string(t, "'type'") } ?? ""
                        switch placeholder["example"]?.value {
                        case .string(let s)?: entry.examples[name] = s
                        case .number(let n)?: entry.examples[name] = n
                        default: break
                        }
                    }
                }
            }
            catalog.entries.append(entry)
        }
        return catalog
    }

    /// `app_en_US.arb` → `en-US`: the shortest tail after an underscore that starts with a language
    /// (two or three lowercase letters).
    static func localeFromFileName(_ path: String) -> String? {
        guard let name = path.split(separator: "/").last, name.hasSuffix(".arb") else { return nil }
        let stem = name.dropLast(4)
        let pieces = stem.split(separator: "_", omittingEmptySubsequences: false)
        guard pieces.count >= 2 else { return nil }
        for start in stride(from: pieces.count - 1, through: 1, by: -1) {
            let language = pieces[start]
            guard (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLowercase }) else { continue }
            let tag = pieces[start...].joined(separator: "-")
            return Locales.isValid(tag) ? tag : nil
        }
        return nil
    }

    /// Where the `index`-th character of a JSON string's value is in the file (escapes counted as
    /// the one character they stand for).
    static func byteOffset(ofCharacter index: Int, inStringAt start: Int, bytes: [UInt8]) -> Int {
        var i = start + 1, n = 0
        while i < bytes.count, n < index, bytes[i] != UInt8(ascii: "\"") {
            if bytes[i] == UInt8(ascii: "\\") {
                let isUnicode = i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "u")
                i += isUnicode ? 6 : 2
                // A surrogate pair is one character.
                if isUnicode, i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u"),
                   i >= 6, let high = UInt32(String(decoding: bytes[(i - 4)..<i], as: UTF8.self), radix: 16),
                   (0xD800..<0xDC00).contains(high) {
                    i += 6
                }
            } else {
                i += 1
                while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }
            }
            n += 1
        }
        return min(i, bytes.count)
    }
}
