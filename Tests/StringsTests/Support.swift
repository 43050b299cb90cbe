@testable import TextHeightCLI

/// A catalog read from text, or the error it gave.
func read(_ text: String, path: String = "res/values/strings.xml", format: CatalogFormat,
          settings: CatalogReader.Settings = CatalogReader.Settings()) -> Result<Catalog, CatalogError> {
    CatalogReader.read(path: path, format: format, bytes: Array(text.utf8), settings: settings)
}

func catalog(_ text: String, path: String = "res/values/strings.xml", format: CatalogFormat,
             settings: CatalogReader.Settings = CatalogReader.Settings()) -> Catalog? {
    try? read(text, path: path, format: format, settings: settings).get()
}

func failure(_ text: String, path: String = "res/values/strings.xml", format: CatalogFormat) -> CatalogError? {
    if case .failure(let error) = read(text, path: path, format: format) { return error }
    return nil
}

/// Each variant of an entry as `name = text`, its own examples and types applied.
func variants(_ entry: CatalogEntry) -> [String] {
    Expansion.expand(entry, examples: entry.examples, types: entry.types).variants.map { "\($0.name) = \($0.text)" }
}

/// The one entry of `key` in `locale`.
func entry(_ catalog: Catalog?, _ key: String, _ locale: String) -> CatalogEntry? {
    catalog?.entries.first { $0.key == key && $0.locale == locale }
}

/// An Android resource file's body wrapped in `<resources>` with the XLIFF namespace.
func resources(_ body: String, attributes: String = "") -> String {
    """
    <?xml version="1.0" encoding="utf-8"?>
    <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2" xmlns:tools="http://schemas.android.com/tools"\(attributes)>
    \(body)
    </resources>
    """
}

/// The text of the one `<string name="s">` in `body`.
func androidText(_ body: String) -> String? {
    guard let c = catalog(resources("<string name=\"s\">\(body)</string>"), format: .android), let e = c.entries.first,
          case .text(let t)? = e.message.parts.first, e.message.parts.count == 1 else {
        if let c = catalog(resources("<string name=\"s\">\(body)</string>"), format: .android), c.entries.first?.message.parts.isEmpty == true {
            return ""
        }
        return nil
    }
    return t
}
