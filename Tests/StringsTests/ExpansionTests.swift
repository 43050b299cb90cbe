import Testing
import TextHeight
@testable import TextHeightCLI

// printf conversions as Apple's String Format Specifiers and java.util.Formatter define them; the
// defaults are the ones `strings` states (PlaceholderDefaults, docs/strings.md).
@Suite("Placeholders, samples and expansion")
struct ExpansionTests {
    func entry(_ text: String, syntax: PlaceholderSyntax, locale: String = "en", examples: [String: String] = [:]) -> CatalogEntry {
        CatalogEntry(key: "k", locale: locale, message: Message(FormatSpecifiers.parts(text, syntax: syntax)), line: 1,
                     examples: examples, placeholderSyntax: syntax)
    }

    @Test("Apple specifiers: %@ %lld %1$@ %.2f %x %%, each filled with its type's default")
    func apple() {
        #expect(variants(entry("%@ has %lld, %2$@ %.2f %x %% %c", syntax: .apple)) == [" = Alexandra has 42, Alexandra 3.14 2a % A"])
    }

    @Test("Java specifiers: %s %d %1$s %n %%; flags that need a number make \"100% sure\" text")
    func java() {
        #expect(variants(entry("%s: %d%%%n%1$s %b", syntax: .java)) == [" = Alexandra: 42%\nAlexandra true"])
        let sure = entry("100% sure", syntax: .java)
        #expect(variants(sure) == [" = 100% sure"])
        #expect(Expansion.expand(sure, examples: [:], types: [:]).variants[0].unknownPlaceholders == ["% s"])
    }

    @Test("examples by position fill their placeholder; the samples say which filled what")
    func examples() {
        let e = entry("%1$s sent %2$d", syntax: .java, examples: ["1": "Mia"])
        let v = Expansion.expand(e, examples: e.examples, types: [:]).variants[0]
        #expect(v.text == "Mia sent 42")
        #expect(v.samples == [Sample(placeholder: "%1$s", value: "Mia", source: "example"),
                              Sample(placeholder: "%2$d", value: "42", source: "default")])
    }

    @Test("an unknown conversion or a lone % at the end is measured as written and reported")
    func unknown() {
        let v = Expansion.expand(entry("50%y off %", syntax: .apple), examples: [:], types: [:]).variants[0]
        #expect(v.text == "50%y off %")
        #expect(v.unknownPlaceholders == ["%y", "%"])
    }

    @Test("numbers as their conversion writes them: %x hex, %o octal, %.1f one decimal, a fraction in %d as it is")
    func numbers() {
        #expect(Expansion.format(255, .integer(conversion: "x")) == "ff")
        #expect(Expansion.format(8, .integer(conversion: "o")) == "10")
        #expect(Expansion.format(2, .float(conversion: "f", precision: 1)) == "2.0")
        #expect(Expansion.format(3.14, .float(conversion: "f", precision: nil)) == "3.140000")
        #expect(Expansion.format(1.5, .integer(conversion: "d")) == "1.5")
        #expect(Expansion.fixed(0.125, digits: 2) == "0.13")
    }

    @Test("the quantity of an Android or Apple plural is the chosen text's first numeric argument")
    func quantityArgument() throws {
        let text = "%1$s has %2$d new"
        let choice = Choice(kind: .plural(ordinal: false, offset: 0), selector: "plural", argument: nil, branches: [
            .init(key: "one", message: Message(FormatSpecifiers.parts(text, syntax: .java))),
            .init(key: "other", message: Message(FormatSpecifiers.parts(text, syntax: .java))),
        ])
        let e = CatalogEntry(key: "k", locale: "en", message: Message([.choice(choice)]), line: 1, placeholderSyntax: .java)
        #expect(variants(e) == ["plural:one = Alexandra has 1 new", "plural:other = Alexandra has 0 new"])
    }

    @Test("more than 64 variants: the first 64 are measured and the cap is noted")
    func cap() throws {
        let select = "{a, select, " + (0..<9).map { "k\($0){x}" }.joined(separator: " ") + " other{y}}"
        let m = try MessageFormatParser.parse(select + select, quoting: false)
        let e = CatalogEntry(key: "k", locale: "en", message: m, line: 1, types: ["a": ""], placeholderSyntax: .icu)
        let expansion = Expansion.expand(e, examples: [:], types: e.types)
        #expect(expansion.variants.count == 64)
        #expect(expansion.notes == ["more than 64 variants: the first 64 are measured"])
    }
}

@Suite("--limits")
struct StringLimitsTests {
    @Test("globs match keys (* ? [..]); every match applies in file order, a later field replacing an earlier")
    func globs() throws {
        let limits = StringLimits(rules: [
            .init(pattern: "compose.*", flags: [("width", "280"), ("max-lines", "2")]),
            .init(pattern: "compose.hint?", flags: [("max-lines", "1")]),
            .init(pattern: "*[Mm]essages", flags: [("max-height", "78")]),
        ])
        #expect(limits.matching("compose.hint1").map(\.pattern) == ["compose.*", "compose.hint?"])
        #expect(StringLimits.merged(limits.matching("compose.hint1")).map { "\($0.name)=\($0.value)" } == ["width=280", "max-lines=1"])
        #expect(limits.matching("compose.hint").map(\.pattern) == ["compose.*"])
        #expect(limits.matching("newMessages").map(\.pattern) == ["*[Mm]essages"])
        #expect(limits.matching("other").isEmpty)
    }

    @Test("XLIFF's own limits as flags")
    func xliffFlags() {
        #expect(StringLimits.flags(FileLimits(width: 200.5, maxHeight: 44, maxLines: 2)).map { "\($0.name)=\($0.value)" }
                == ["width=200.5", "max-height=44", "max-lines=2"])
    }
}

@Suite("Catalog files by name")
struct CatalogFilesTests {
    @Test("formats by name: .xcstrings, .arb, .xlf/.xliff; Android only as values*/strings.xml in a directory")
    func names() {
        #expect(CatalogFiles.format(inDirectory: "app/Localizable.xcstrings") == .xcstrings)
        #expect(CatalogFiles.format(inDirectory: "lib/l10n/app_de.arb") == .arb)
        #expect(CatalogFiles.format(inDirectory: "export/de.xliff") == .xliff)
        #expect(CatalogFiles.format(inDirectory: "web/messages.fr.xlf") == .xliff)
        #expect(CatalogFiles.format(inDirectory: "res/values-de/strings.xml") == .android)
        #expect(CatalogFiles.format(inDirectory: "res/layout/strings.xml") == nil)
        #expect(CatalogFiles.format(inDirectory: "res/values/colors.xml") == nil)
        #expect(CatalogFiles.format(ofFile: "res/values/plurals.xml") == .android)
        #expect(CatalogFiles.format(ofFile: "notes.txt") == nil)
    }
}

@Suite("A string's options and its verdict")
struct StringOptionsTests {
    func flags(_ arguments: ParsedArguments) -> [String] { arguments.options.map { "\($0.name)=\($0.value)" } }

    @Test("command line, then --limits, then the XLIFF unit's own; the locale as --lang; its font after the chain")
    func precedence() {
        var defaults = ParsedArguments()
        defaults.options = [("width", "343"), ("max-lines", "5"), ("lang", "fr"), ("fallback", "a.ttf")]
        var entry = CatalogEntry(key: "compose.hint", locale: "ja", message: .text("x"), line: 1)
        entry.limits = FileLimits(width: 200)
        let rules = [StringLimits.Rule(pattern: "compose.*", flags: [("width", "280"), ("max-lines", "1")])]
        #expect(flags(StringsCommand.arguments(for: entry, rules: rules, localeFont: "cjk.otf", over: defaults))
                == ["fallback=a.ttf", "max-lines=1", "width=200", "lang=ja", "fallback=cjk.otf"])
        #expect(flags(StringsCommand.arguments(for: CatalogEntry(key: "k", locale: "de", message: .text("x"), line: 1), rules: [],
                                               localeFont: nil, over: defaults))
                == ["width=343", "max-lines=5", "fallback=a.ttf", "lang=de"])
    }

    func measurement(lines: Int, scrolls: Bool, overflowing: Int = 0) -> Measurement {
        Measurement(boxHeight: 37, contentHeight: scrolls ? 58 : 37, textHeight: 20, lineCount: lines, scrolls: scrolls,
                    wrapWidth: 100, lineHeight: 20, minHeight: nil, maxHeight: 37, missingGlyphs: 0,
                    overflowingLines: overflowing, lines: [])
    }

    @Test("a string fits unless its content scrolls or a character is wider than the line; the reason names the lines")
    func verdict() {
        #expect(StringsCommand.overflow(measurement(lines: 1, scrolls: false), limits: Limits(maxLines: 1)) == nil)
        #expect(StringsCommand.overflow(measurement(lines: 2, scrolls: true), limits: Limits(maxLines: 1)) == "2 lines, maxLines 1")
        #expect(StringsCommand.overflow(measurement(lines: 2, scrolls: true), limits: Limits(maxHeight: 37))
                == "2 lines, contentHeight 58 > boxHeight 37")
        #expect(StringsCommand.overflow(measurement(lines: 3, scrolls: false, overflowing: 1), limits: Limits())
                == "1 line with a character wider than the line")
    }
}
