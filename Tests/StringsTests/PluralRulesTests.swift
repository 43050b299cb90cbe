import Testing
@testable import TextHeightCLI

// Expected categories are CLDR's plural rules (unicode-org/cldr common/supplemental/plurals.xml,
// as ICU 72 ships them); the samples are the rule's smallest integers, checked by hand against
// those rules (ru: one = 1, 21…; few = 2–4; many = 0, 5–20; other only fractions).
@Suite("Plural categories and their samples, from ICU")
struct PluralRulesTests {
    @Test("Russian uses one, few, many and other; other holds no integer, so its sample is 1.5")
    func russian() throws {
        let ru = try #require(PluralRules.categories(locale: "ru"))
        #expect(ru.categories == ["one", "few", "many", "other"])
        #expect(ru.samples == ["one": 1, "few": 2, "many": 0, "other": 1.5])
        #expect(ru.category(of: 1.5) == "other")
        #expect(ru.category(of: 21) == "one")
    }

    @Test("Japanese uses other only")
    func japanese() throws {
        let ja = try #require(PluralRules.categories(locale: "ja"))
        #expect(ja.categories == ["other"])
        #expect(ja.samples == ["other": 0])
    }

    @Test("Arabic uses all six: zero 0, one 1, two 2, few 3 (3–10), many 11 (11–99), other 100")
    func arabic() throws {
        let ar = try #require(PluralRules.categories(locale: "ar"))
        #expect(ar.categories == ["zero", "one", "two", "few", "many", "other"])
        #expect(ar.samples == ["zero": 0, "one": 1, "two": 2, "few": 3, "many": 11, "other": 100])
    }

    @Test("English and German: one is 1, other's smallest is 0")
    func english() throws {
        for locale in ["en", "de"] {
            let rules = try #require(PluralRules.categories(locale: locale))
            #expect(rules.categories == ["one", "other"])
            #expect(rules.samples == ["one": 1, "other": 0])
        }
    }

    @Test("French many holds only millions: its sample is 1000000, past the integers tried first")
    func frenchMany() throws {
        let fr = try #require(PluralRules.categories(locale: "fr"))
        #expect(fr.categories == ["one", "many", "other"])
        #expect(fr.samples["many"] == 1_000_000)
        #expect(fr.samples["one"] == 0)  // CLDR fr: one is i = 0,1
    }

    @Test("a BCP 47 script tag reaches ICU: Serbian in Latin script has one, few, other")
    func serbianLatin() throws {
        #expect(try #require(PluralRules.categories(locale: "sr-Latn")).categories == ["one", "few", "other"])
    }

    @Test("a sample avoids numbers an exact branch takes: English other without 0 and 1 is 2")
    func excluding() throws {
        let en = try #require(PluralRules.categories(locale: "en"))
        #expect(en.sample(for: "other", excluding: [0, 1]) == 2)
        #expect(en.sample(for: "one", excluding: [1]) == nil)
    }

    @Test("English ordinals: one 1 (1st), two 2, few 3, other 0")
    func ordinals() throws {
        let en = try #require(PluralRules.categories(locale: "en", ordinal: true))
        #expect(en.categories == ["one", "two", "few", "other"])
        #expect(en.samples == ["one": 1, "two": 2, "few": 3, "other": 0])
    }
}
