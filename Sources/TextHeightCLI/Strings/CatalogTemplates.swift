/// Placeholder examples and ARB types a translation takes from its template: the same key in the
/// source-language file of its group (ARB: the same directory; Android: the same `res/`).
struct Templates {
    private var byGroup: [String: [String: (examples: [String: String], types: [String: String])]] = [:]

    init(_ catalogs: [(file: CatalogFiles.Found, catalog: Catalog)], sourceLocale: String) {
        for (file, catalog) in catalogs where Templates.isTemplate(file, catalog, sourceLocale: sourceLocale) {
            let group = Templates.group(of: file)
            for entry in catalog.entries where byGroup[group]?[entry.key] == nil {
                byGroup[group, default: [:]][entry.key] = (entry.examples, entry.types)
            }
        }
    }

    static func group(of file: CatalogFiles.Found) -> String {
        let parts = file.path.split(separator: "/", omittingEmptySubsequences: false)
        let up = file.format == .android ? 2 : 1
        return file.format.rawValue + ":" + parts.dropLast(up).joined(separator: "/")
    }

    private static func isTemplate(_ file: CatalogFiles.Found, _ catalog: Catalog, sourceLocale: String) -> Bool {
        switch file.format {
        case .android: return AndroidLocale.folder(of: file.path) == "values"
        case .arb: return catalog.entries.first?.locale == sourceLocale
        case .xcstrings, .xliff: return false  // examples live in the file itself
        }
    }

    func placeholders(of entry: CatalogEntry, in file: CatalogFiles.Found) -> (examples: [String: String], types: [String: String]) {
        guard let template = byGroup[Templates.group(of: file)]?[entry.key] else { return (entry.examples, entry.types) }
        return (entry.examples.merging(template.examples) { own, _ in own }, entry.types.merging(template.types) { own, _ in own })
    }
}
