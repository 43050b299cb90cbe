import Testing
@testable import TextHeightCLI

// ICU MessageFormat syntax as ICU's MessagePattern defines it; ARB and gen-l10n conventions from
// the ARB spec and Flutter's internationalization guide. Expected texts worked out by hand.
@Suite("ARB and ICU MessageFormat")
struct ARBReaderTests {
    func arb(_ json: String, path: String = "lib/l10n/app_en.arb", quoting: Bool = false) -> Catalog? {
        catalog(json, path: path, format: .arb, settings: CatalogReader.Settings(arbQuoting: quoting))
    }

    @Test("placeholders take the @key examples; a type without an example its default; exact branches first, then the categories")
    func placeholders() throws {
        let c = try #require(arb("""
            {"@@locale": "en",
             "greet": "Hi {name}, {count, plural, =0{nothing new} one{# new} other{{count} new}}",
             "@greet": {"placeholders": {"name": {"type": "String", "example": "Zoë"}, "count": {"type": "int"}}}}
            """))
        #expect(variants(c.entries[0]) == ["count:=0 = Hi Zoë, nothing new", "count:one = Hi Zoë, 1 new", "count:other = Hi Zoë, 2 new"])
        let samples = Expansion.expand(c.entries[0], examples: c.entries[0].examples, types: c.entries[0].types).variants[2].samples
        #expect(samples == [Sample(placeholder: "{name}", value: "Zoë", source: "example"),
                            Sample(placeholder: "{count}", value: "2", source: "plural other")])
    }

    @Test("select branches each; a plural nested in a select multiplies; # is the innermost plural's number minus offset")
    func nested() throws {
        let c = try #require(arb("""
            {"@@locale": "de", "p": "{g, select, f{Sie: {n, plural, offset:1 one{# Foto} other{# Fotos}}} other{Alle}}",
             "@p": {"placeholders": {"g": {}, "n": {}}}}
            """, path: "app_de.arb"))
        // offset 1: the category is chosen for n − 1, and # shows n − 1 (ICU's PluralFormat).
        #expect(variants(c.entries[0]) == ["g:f,n:one = Sie: 1 Foto", "g:f,n:other = Sie: 0 Fotos", "g:other = Alle"])
    }

    @Test("apostrophes are text by default (gen-l10n); with use-escaping, ICU's quoting: '' is one, '{' quotes")
    func apostrophes() throws {
        let plain = try #require(arb(#"{"@@locale": "en", "a": "Don't '{x}'", "@a": {"placeholders": {"x": {"example": "X"}}}}"#))
        #expect(variants(plain.entries[0]) == [" = Don't 'X'"])
        let quoted = try #require(arb(#"{"@@locale": "en", "a": "Don''t '{x}' it's"}"#, quoting: true))
        #expect(variants(quoted.entries[0]) == [" = Don't {x} it's"])
    }

    @Test("a placeholder no metadata declares is measured as written and reported")
    func unknown() throws {
        let c = try #require(arb(#"{"@@locale": "ru", "a": "От {sender}"}"#, path: "app_ru.arb"))
        let v = Expansion.expand(c.entries[0], examples: [:], types: [:]).variants
        #expect(v.map(\.text) == ["От {sender}"])
        #expect(v[0].unknownPlaceholders == ["{sender}"])
    }

    @Test("the locale: @@locale, else the file name's tail (app_en_US.arb is en-US, app_zh_Hant_TW.arb zh-Hant-TW)")
    func locale() {
        #expect(arb(#"{"a": "x"}"#, path: "l10n/app_en_US.arb")?.entries.first?.locale == "en-US")
        #expect(arb(#"{"a": "x"}"#, path: "l10n/my_app_zh_Hant_TW.arb")?.entries.first?.locale == "zh-Hant-TW")
        #expect(arb(#"{"@@locale": "pt_BR", "a": "x"}"#, path: "l10n/intl.arb")?.entries.first?.locale == "pt-BR")
        #expect(arb(#"{"a": "x"}"#, path: "l10n/strings.arb")?.entries.first?.locale == "en")
    }

    @Test("ICU syntax errors name the line and column of the character in the file")
    func syntaxErrors() {
        // The plural's '{' is the value's first character: column 8 is the opening quote.
        #expect(failure("{\"@@locale\": \"en\",\n  \"a\": \"{n, plural, one{x} two{y}}\"}", path: "app_en.arb", format: .arb)
                == CatalogError(line: 2, column: 9, message: "'a': ICU message: the 'n' plural has no 'other' branch"))
        #expect(failure("{\"a\": \"x \\u00e9 {n, foo}\"}", path: "app_en.arb", format: .arb)
                == CatalogError(line: 1, column: 21, message: "'a': ICU message: unknown argument type 'foo'"))  // \u00e9 is 6 columns
        #expect(failure("{\"a\": \"x}\"}", path: "app_en.arb", format: .arb)?.message == "'a': ICU message: unmatched '}'")
        #expect(failure("{\"a\": 3}", path: "app_en.arb", format: .arb)
                == CatalogError(line: 1, column: 7, message: "the message 'a' must be a string, got a number"))
    }

    @Test("the parser: = values, offsets, selectordinal, typed arguments, deep nesting refused")
    func parser() throws {
        let m = try MessageFormatParser.parse("{n, selectordinal, one{#st} two{#nd} few{#rd} other{#th}} {d, date, short} {x, number, ::percent}", quoting: false)
        guard case .choice(let choice)? = m.parts.first else { Issue.record("no choice"); return }
        #expect(choice.kind == .plural(ordinal: true, offset: 0))
        #expect(choice.branches.map(\.key) == ["one", "two", "few", "other"])
        let e = CatalogEntry(key: "k", locale: "en", message: m, line: 1, types: ["d": "", "x": ""], placeholderSyntax: .icu)
        #expect(variants(e) == ["n:one = 1st 2024-01-31 3.14", "n:two = 2nd 2024-01-31 3.14", "n:few = 3rd 2024-01-31 3.14",
                                "n:other = 0th 2024-01-31 3.14"])
        let deep = String(repeating: "{a, select, other{", count: 40) + String(repeating: "}}", count: 40)
        #expect(throws: MessageFormatError.self) { try MessageFormatParser.parse(deep, quoting: false) }
        #expect(throws: MessageFormatError.self) { try MessageFormatParser.parse("{n, plural, one{a} one{b} other{c}}", quoting: false) }
    }
}
