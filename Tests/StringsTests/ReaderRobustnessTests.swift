import Foundation
import Testing
@testable import TextHeightCLI

/// The readers on damaged bytes: every sample catalog truncated and bit-flipped (a fixed
/// pseudo-random sequence), and random text for the two placeholder parsers. Each must read or
/// refuse with a located error, never trap; what it reads must expand. (`fuzzCatalogReaders` is the
/// same path for libFuzzer.)
@Suite("Catalog readers on damaged input")
struct ReaderRobustnessTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static let samples: [(path: String, format: CatalogFormat)] = [
        ("fixtures/strings/ios/Chat/Localizable.xcstrings", .xcstrings),
        ("fixtures/strings/android/app/src/main/res/values/strings.xml", .android),
        ("fixtures/strings/android/app/src/main/res/values-ar/strings.xml", .android),
        ("fixtures/strings/flutter/lib/l10n/app_en.arb", .arb),
        ("fixtures/strings/flutter/lib/l10n/app_de.arb", .arb),
        ("fixtures/strings/xliff/de.xliff", .xliff),
        ("fixtures/strings/web/src/locale/messages.ar.xlf", .xliff),
    ]

    /// A fixed linear congruential sequence (Numerical Recipes' constants).
    struct Sequence {
        var state: UInt32
        mutating func next() -> UInt32 {
            state = state &* 1_664_525 &+ 1_013_904_223
            return state >> 8
        }
    }

    func exercise(_ bytes: [UInt8], path: String, format: CatalogFormat) {
        for quoting in [false, true] {
            switch CatalogReader.read(path: path, format: format, bytes: bytes, settings: .init(arbQuoting: quoting)) {
            case .success(let catalog):
                for entry in catalog.entries { _ = Expansion.expand(entry, examples: entry.examples, types: entry.types) }
            case .failure(let error):
                #expect(error.line >= 1 && error.column >= 1 && !error.message.isEmpty, "\(path): \(error)")
            }
        }
    }

    @Test("every sample catalog truncated at 24 lengths and with 48 single-byte changes reads or fails located")
    func damaged() throws {
        var random = Sequence(state: 33)
        for sample in ReaderRobustnessTests.samples {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: ReaderRobustnessTests.root + "/" + sample.path)))
            for k in 0..<24 { exercise(Array(bytes.prefix(bytes.count * k / 24)), path: sample.path, format: sample.format) }
            for _ in 0..<48 {
                var damaged = bytes
                let at = Int(random.next()) % damaged.count
                // A structural character, a quote, a backslash, a high byte or any byte.
                let choices: [UInt8] = [0x7B, 0x7D, 0x3C, 0x3E, 0x22, 0x27, 0x5C, 0x25, 0x23, 0x00, 0xFF, UInt8(truncatingIfNeeded: random.next())]
                damaged[at] = choices[Int(random.next()) % choices.count]
                exercise(damaged, path: sample.path, format: sample.format)
            }
        }
    }

    @Test("random text through the ICU MessageFormat and printf parsers, and their expansion")
    func parsers() {
        var random = Sequence(state: 7)
        let alphabet = Array("{}{},#'=%$@lld1 2.xonepluralselectotheroffset:=0".unicodeScalars)
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<(Int(random.next()) % 60) { text.unicodeScalars.append(alphabet[Int(random.next()) % alphabet.count]) }
            for quoting in [false, true] {
                if let message = try? MessageFormatParser.parse(text, quoting: quoting) {
                    let entry = CatalogEntry(key: "k", locale: "ar", message: message, line: 1, placeholderSyntax: .icu)
                    _ = Expansion.expand(entry, examples: [:], types: [:])
                }
            }
            for syntax in [PlaceholderSyntax.apple, .java] {
                let entry = CatalogEntry(key: "k", locale: "ru", message: Message(FormatSpecifiers.parts(text, syntax: syntax)), line: 1,
                                         placeholderSyntax: syntax)
                _ = Expansion.expand(entry, examples: [:], types: [:])
            }
        }
    }

    @Test("the catalog fuzz target takes any bytes, empty included, and its properties hold on them")
    func fuzzEntry() throws {
        let target = try #require(FuzzTargets.named("catalog"))
        for input: [UInt8] in [[], [0], [1, 0x3C], [2, 0x7B, 0x7D], [3], [6] + Array(#"{"a": "{n, plural, other{'#'}}"}"#.utf8)] {
            try target.run(input)
        }
    }
}
