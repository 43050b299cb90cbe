import Testing
@testable import TextHeightCLI

// The catalogs are written here by hand in the layout Xcode 15+ writes (WWDC23 "Discover String
// Catalogs"); the expected texts follow from them and the CLDR categories of each locale.
@Suite(".xcstrings")
struct XCStringsReaderTests {
    @Test("a string unit per localization, its state kept; a key without a source localization is its own text")
    func units() throws {
        let c = try #require(catalog("""
            {"sourceLanguage": "en", "strings": {
              "Reply to %@": {"localizations": {"de": {"stringUnit": {"state": "needs_review", "value": "Antwort an %@"}}}}
            }, "version": "1.0"}
            """, format: .xcstrings))
        #expect(c.entries.map { "\($0.key) \($0.locale) \($0.state ?? "-")" } == ["Reply to %@ en -", "Reply to %@ de needs_review"])
        #expect(variants(c.entries[0]) == [" = Reply to Alexandra"])
        #expect(variants(c.entries[1]) == [" = Antwort an Alexandra"])
    }

    @Test("plural variations measure the locale's categories, filling %lld with each one's sample; a category the locale lacks is noted")
    func plurals() throws {
        let c = catalog("""
            {"sourceLanguage": "en", "strings": {"%lld new": {"localizations": {
              "ru": {"variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%lld новое"}},
                "few": {"stringUnit": {"state": "translated", "value": "%lld новых"}},
                "many": {"stringUnit": {"state": "translated", "value": "%lld новых!"}},
                "other": {"stringUnit": {"state": "translated", "value": "%lld нового"}}}}},
              "ja": {"variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "1件"}},
                "other": {"stringUnit": {"state": "translated", "value": "%lld件"}}}}}}}}}
            """, format: .xcstrings)
        let ru = try #require(entry(c, "%lld new", "ru"))
        #expect(variants(ru) == ["plural:one = 1 новое", "plural:few = 2 новых", "plural:many = 0 новых!", "plural:other = 1.5 нового"])
        let ja = try #require(entry(c, "%lld new", "ja"))
        let expansion = Expansion.expand(ja, examples: [:], types: [:])
        #expect(expansion.variants.map { "\($0.name) = \($0.text)" } == ["plural:other = 0件"])
        #expect(expansion.notes == ["'plural' one: not a plural category of ja, not measured"])
        #expect(expansion.variants[0].samples == [Sample(placeholder: "%lld", value: "0", source: "plural other")])
    }

    @Test("a category with no text of its own is measured with other's, and says so")
    func fallback() throws {
        let ru = try #require(entry(catalog("""
            {"sourceLanguage": "en", "strings": {"k": {"localizations": {"ru": {"variations": {"plural": {
              "one": {"stringUnit": {"value": "%lld файл"}}, "other": {"stringUnit": {"value": "%lld файлов"}}}}}}}}}
            """, format: .xcstrings), "k", "ru"))
        let v = Expansion.expand(ru, examples: [:], types: [:]).variants
        #expect(v.map { "\($0.name) = \($0.text)" } == ["plural:one = 1 файл", "plural:few = 2 файлов", "plural:many = 0 файлов", "plural:other = 1.5 файлов"])
        #expect(v[1].fallbacks == ["plural:few uses the 'other' text"])
    }

    @Test("device variations are a variant each, nested plurals multiply out")
    func devices() throws {
        let de = try #require(entry(catalog("""
            {"sourceLanguage": "en", "strings": {"k": {"localizations": {"de": {"variations": {"device": {
              "ipad": {"variations": {"plural": {"one": {"stringUnit": {"value": "%lld Foto auf dem iPad"}},
                                                 "other": {"stringUnit": {"value": "%lld Fotos auf dem iPad"}}}}},
              "other": {"stringUnit": {"value": "Fotos"}}}}}}}}}
            """, format: .xcstrings), "k", "de"))
        #expect(variants(de) == ["device:ipad,plural:one = 1 Foto auf dem iPad", "device:ipad,plural:other = 0 Fotos auf dem iPad",
                                 "device:other = Fotos"])
    }

    @Test("substitutions: %#@name@ becomes the substitution's plural, its %arg the sample; two of them multiply")
    func substitutions() throws {
        let en = try #require(entry(catalog("""
            {"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {
              "stringUnit": {"state": "translated", "value": "%#@photos@ in %#@albums@"},
              "substitutions": {
                "photos": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                  "one": {"stringUnit": {"value": "%arg photo"}}, "other": {"stringUnit": {"value": "%arg photos"}}}}},
                "albums": {"argNum": 2, "formatSpecifier": "lld", "variations": {"plural": {
                  "one": {"stringUnit": {"value": "%arg album"}}, "other": {"stringUnit": {"value": "%arg albums"}}}}}}}}}}}
            """, format: .xcstrings), "k", "en"))
        #expect(variants(en) == ["photos:one,albums:one = 1 photo in 1 album", "photos:one,albums:other = 1 photo in 0 albums",
                                 "photos:other,albums:one = 0 photos in 1 album", "photos:other,albums:other = 0 photos in 0 albums"])
    }

    @Test("shouldTranslate false measures the source only; %% is a percent sign")
    func shouldTranslate() throws {
        let c = try #require(catalog("""
            {"sourceLanguage": "en", "strings": {"v": {"shouldTranslate": false, "localizations": {
              "en": {"stringUnit": {"value": "100%% done"}}, "de": {"stringUnit": {"value": "100%% fertig"}}}}}}
            """, format: .xcstrings))
        #expect(c.entries.map(\.locale) == ["en"])
        #expect(variants(c.entries[0]) == [" = 100% done"])
    }

    @Test("malformed catalogs name line and column: bad JSON, a wrong type, a repeated key, no sourceLanguage")
    func malformed() {
        #expect(failure("{\"sourceLanguage\": \"en\",\n  \"strings\": {\"a\": }\n}", format: .xcstrings)
                == CatalogError(line: 2, column: 20, message: "invalid JSON: unexpected character"))
        #expect(failure("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": {\"localizations\": {\"de\": {\"stringUnit\": 5}}}}}", format: .xcstrings)
                == CatalogError(line: 1, column: 83, message: "the stringUnit of 'a' (de) must be an object, got a number"))
        #expect(failure("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": {}, \"a\": {}}}", format: .xcstrings)
                == CatalogError(line: 1, column: 52, message: "key 'a' appears twice in 'strings'"))
        #expect(failure("{\"strings\": {}}", format: .xcstrings)
                == CatalogError(line: 1, column: 1, message: "the catalog has no 'sourceLanguage'"))
        #expect(failure("\u{FEFF}{\"sourceLanguage\": \"en\", \"strings\": [1]}", format: .xcstrings)
                == CatalogError(line: 1, column: 37, message: "'strings' must be an object, got an array"))
    }

    @Test("invalid UTF-8 is an error at its line and column")
    func invalidUTF8() {
        let bytes: [UInt8] = Array("{\"sourceLanguage\": \"en\",\n \"strings\": {\"".utf8) + [0xFF] + Array("\": {}}}".utf8)
        #expect(CatalogReader.read(path: "a.xcstrings", format: .xcstrings, bytes: bytes)
                == .failure(CatalogError(line: 2, column: 15, message: "invalid UTF-8")))
    }
}
