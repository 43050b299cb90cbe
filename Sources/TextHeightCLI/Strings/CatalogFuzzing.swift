// An entry point for the libFuzzer harness (Sources/textheight-fuzz): every catalog reader on
// arbitrary bytes, then the expansion of whatever it read, as `strings` runs them. Pure: no files.

/// The first byte picks the reader (its low two bits: xcstrings, Android, ARB, XLIFF; the next bit
/// ARB's apostrophe quoting); the rest is the file. Android's and ARB's locale come from the name.
public func fuzzCatalogReaders(_ data: UnsafeBufferPointer<UInt8>) {
    guard let first = data.first else { return }
    let bytes = Array(data.dropFirst())
    let formats: [(CatalogFormat, String)] = [(.xcstrings, "Localizable.xcstrings"), (.android, "res/values-ru/strings.xml"),
                                              (.arb, "lib/l10n/app_ar.arb"), (.xliff, "de.xliff")]
    let (format, path) = formats[Int(first & 3)]
    let settings = CatalogReader.Settings(sourceLocale: "en", arbQuoting: first & 4 != 0)
    guard case .success(let catalog) = CatalogReader.read(path: path, format: format, bytes: bytes, settings: settings) else {
        return
    }
    for entry in catalog.entries.prefix(256) {
        _ = Expansion.expand(entry, examples: entry.examples, types: entry.types)
    }
}
