/// The `strings` readers under fuzzing: every catalog format on arbitrary bytes, then the expansion of
/// what was read, as `strings` runs them (no files).
enum CatalogTargets {
    /// The first byte picks the reader (its low two bits: xcstrings, Android, ARB, XLIFF; the next bit
    /// ARB's apostrophe quoting); the rest is the file. Android's and ARB's locale come from the name.
    static let formats: [(format: CatalogFormat, path: String)] = [
        (.xcstrings, "Localizable.xcstrings"), (.android, "res/values-ru/strings.xml"), (.arb, "lib/l10n/app_ar.arb"),
        (.xliff, "de.xliff"),
    ]

    /// A read is a catalog or one error inside the file (line 1 up to one past the last line, column ≥ 1);
    /// reading again gives the same; each entry expands to at most `Expansion.maxVariants` variants with
    /// distinct names, the same on a second expansion.
    static func catalog(_ data: [UInt8]) throws(Violation) {
        guard let first = data.first else { return }
        let bytes = Array(data.dropFirst())
        let (format, path) = formats[Int(first & 3)]
        let settings = CatalogReader.Settings(sourceLocale: "en", arbQuoting: first & 4 != 0)
        let read = CatalogReader.read(path: path, format: format, bytes: bytes, settings: settings)
        try require(read == CatalogReader.read(path: path, format: format, bytes: bytes, settings: settings),
                    "a second read of the same bytes differs")
        switch read {
        case .failure(let error):
            let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            try require(error.line >= 1 && error.line <= lines + 1 && error.column >= 1,
                        "error at \(error.line):\(error.column) outside a \(lines)-line file: \(error.message)")
        case .success(let catalog):
            for entry in catalog.entries.prefix(256) {
                let expansion = Expansion.expand(entry, examples: entry.examples, types: entry.types)
                try require(expansion.variants.count <= Expansion.maxVariants,
                            "'\(entry.key)' expands to \(expansion.variants.count) variants")
                try require(Set(expansion.variants.map(\.name)).count == expansion.variants.count,
                            "'\(entry.key)' has two variants of one name")
                try require(expansion == Expansion.expand(entry, examples: entry.examples, types: entry.types),
                            "'\(entry.key)' expands differently a second time")
            }
        }
    }

    /// Every fixture catalog behind the byte of its reader.
    static func seeds() -> [[UInt8]] {
        let files: [(Int, String)] = [
            (0, "fixtures/strings/ios/Chat/Localizable.xcstrings"),
            (1, "fixtures/strings/android/app/src/main/res/values/strings.xml"),
            (1, "fixtures/strings/android/app/src/main/res/values-ru/strings.xml"),
            (1, "fixtures/strings/android/app/src/main/res/values-ar/strings.xml"),
            (2, "fixtures/strings/flutter/lib/l10n/app_en.arb"), (6, "fixtures/strings/flutter/lib/l10n/app_ru.arb"),
            (2, "fixtures/strings/flutter/lib/l10n/app_ar.arb"),
            (3, "fixtures/strings/xliff/de.xliff"), (3, "fixtures/strings/web/src/locale/messages.ar.xlf"),
        ]
        return files.compactMap { selector, path in
            FuzzSeeds.file(path).map { [UInt8(selector)] + $0.prefix(FuzzSeeds.maxLength - 1) }
        }
    }
}
