import Testing
@testable import TextHeightCLI

// XLIFF 1.2 (OASIS xliff-core 1.2): maxwidth/maxheight in size-unit, default pixel; group values
// apply to the units inside. Xcode's variation ids per WWDC23; Angular's ICU-in-text per its i18n guide.
@Suite("XLIFF 1.2")
struct XLIFFReaderTests {
    func xliff(_ units: String, file: String = #"source-language="en" target-language="de""#, header: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file \(file) datatype="plaintext" original="x">\(header)
            <body>
        \(units)
            </body>
          </file>
        </xliff>
        """
    }

    @Test("source and target, each in its language, the target's state kept")
    func sourceAndTarget() throws {
        let c = try #require(catalog(xliff(#"<trans-unit id="a"><source>Send</source><target state="translated">Senden</target></trans-unit>"#), format: .xliff))
        #expect(c.entries.map { "\($0.key) \($0.locale) \($0.state ?? "-")" } == ["a en -", "a de translated"])
        #expect(c.entries.map(variants) == [[" = Send"], [" = Senden"]])
    }

    @Test("limits: maxwidth in pixels is the width, maxheight in pixels the maxHeight, in rows the maxLines; default unit pixel")
    func limits() throws {
        let c = try #require(catalog(xliff("""
            <trans-unit id="a" maxwidth="200"><source>a</source></trans-unit>
            <trans-unit id="b" maxheight="2" size-unit="row"><source>b</source></trans-unit>
            <trans-unit id="c" maxwidth="180" maxheight="44" size-unit="pixel"><source>c</source></trans-unit>
            """), format: .xliff))
        #expect(c.entries.map(\.limits) == [FileLimits(width: 200), FileLimits(maxLines: 2), FileLimits(width: 180, maxHeight: 44)])
    }

    @Test("other size units are reported, not applied; a group's limits apply to its units, a unit's own win")
    func unitsAndGroups() throws {
        let c = try #require(catalog(xliff("""
            <group id="g" maxwidth="160" maxheight="1" size-unit="row">
              <trans-unit id="a"><source>a</source></trans-unit>
              <trans-unit id="b" maxwidth="20" size-unit="char"><source>b</source></trans-unit>
            </group>
            """), format: .xliff))
        #expect(c.entries.map(\.limits) == [
            FileLimits(maxLines: 1, notApplied: ["maxwidth 160 (size-unit row) not applied: textheight checks pixels, and rows of height"]),
            FileLimits(maxLines: 1, notApplied: ["maxwidth 20 (size-unit char) not applied: textheight checks pixels, and rows of height"]),
        ])
        #expect(c.notes.map(\.message) == ["'a': maxwidth 160 (size-unit row) not applied: textheight checks pixels, and rows of height",
                                           "'b': maxwidth 20 (size-unit char) not applied: textheight checks pixels, and rows of height"])
    }

    @Test("Xcode's key|==|plural.one units gather into one string with the target locale's categories")
    func xcodeVariations() throws {
        let c = try #require(catalog(xliff("""
            <trans-unit id="%lld files|==|plural.one"><source>%lld file</source><target>%lld файл</target></trans-unit>
            <trans-unit id="%lld files|==|plural.few"><source>%lld files</source><target>%lld файла</target></trans-unit>
            <trans-unit id="%lld files|==|plural.many"><source>%lld files</source><target>%lld файлов</target></trans-unit>
            <trans-unit id="%lld files|==|plural.other"><source>%lld files</source><target>%lld файла</target></trans-unit>
            """, file: #"source-language="en" target-language="ru""#,
            header: #"<header><tool tool-id="com.apple.dt.xcode" tool-name="Xcode"/></header>"#), format: .xliff))
        #expect(c.entries.map(\.key) == ["%lld files", "%lld files"])
        let ru = try #require(entry(c, "%lld files", "ru"))
        #expect(variants(ru) == ["plural:one = 1 файл", "plural:few = 2 файла", "plural:many = 0 файлов", "plural:other = 1.5 файла"])
        // English keeps only its categories: few and many are noted.
        let en = try #require(entry(c, "%lld files", "en"))
        #expect(variants(en) == ["plural:one = 1 file", "plural:other = 0 files"])
    }

    @Test("inline elements: <g> gives its text, <x>/<ph> are placeholders shown by equiv-text, codes vanish")
    func inline() throws {
        let c = try #require(catalog(xliff(#"<trans-unit id="a"><source>Hi <g id="1">bold</g> <x id="INTERPOLATION" equiv-text="{{ name }}"/><bpt id="2">&lt;i&gt;</bpt>!<ept id="2">&lt;/i&gt;</ept></source></trans-unit>"#), format: .xliff))
        let v = Expansion.expand(c.entries[0], examples: [:], types: c.entries[0].types).variants
        #expect(v.map(\.text) == ["Hi bold Alexandra!"])
        #expect(v[0].samples == [Sample(placeholder: "{{ name }}", value: "Alexandra", source: "default")])
    }

    @Test("Angular's ICU in the text: exact values and categories, an interpolation in a plural branch is its number")
    func angular() throws {
        let c = try #require(catalog(xliff(#"""
            <trans-unit id="n"><source>{VAR_PLURAL, plural, =0 {none} other {<x id="INTERPOLATION" equiv-text="{{ n }}"/> items}}</source>
            <target>{VAR_PLURAL, plural, zero {لا شيء} one {عنصر} two {عنصران} few {<x id="INTERPOLATION" equiv-text="{{ n }}"/> عناصر} many {<x id="INTERPOLATION" equiv-text="{{ n }}"/> عنصرًا} other {<x id="INTERPOLATION" equiv-text="{{ n }}"/> عنصر}}</target></trans-unit>
            """#, file: #"source-language="en" target-language="ar""#), format: .xliff))
        #expect(variants(try #require(entry(c, "n", "en"))) == ["VAR_PLURAL:=0 = none", "VAR_PLURAL:one = 1 items", "VAR_PLURAL:other = 2 items"])
        #expect(variants(try #require(entry(c, "n", "ar"))) == [
            "VAR_PLURAL:zero = لا شيء", "VAR_PLURAL:one = عنصر", "VAR_PLURAL:two = عنصران",
            "VAR_PLURAL:few = 3 عناصر", "VAR_PLURAL:many = 11 عنصرًا", "VAR_PLURAL:other = 100 عنصر",
        ])
    }

    @Test("translate=\"no\" measures the source only")
    func translateNo() throws {
        let c = try #require(catalog(xliff(#"<trans-unit id="a" translate="no"><source>Chat</source><target>Chat</target></trans-unit>"#), format: .xliff))
        #expect(c.entries.map(\.locale) == ["en"])
    }

    @Test("malformed: XML errors and a unit without id name line and column; XLIFF 2 is refused")
    func malformed() {
        let broken = failure(xliff("<trans-unit id=\"a\"><source>x</source>"), format: .xliff)
        #expect(broken?.message.hasPrefix("XML: ") == true)
        #expect(failure(xliff("<trans-unit><source>x</source></trans-unit>"), format: .xliff)
                == CatalogError(line: 5, column: 1, message: "<trans-unit> has no id"))
        #expect(failure(#"<xliff version="1.2" xmlns="urn:example"></xliff>"#, format: .xliff)?.message
                == "not XLIFF 1.2: the namespace is urn:example, not urn:oasis:names:tc:xliff:document:1.2")
        #expect(failure(#"<xliff version="2.0"></xliff>"#, format: .xliff)
                == CatalogError(line: 1, column: 1, message: "XLIFF 2.0 is not read (XLIFF 1.2 is)"))
        #expect(failure(xliff("", file: #"target-language="de""#), format: .xliff)
                == CatalogError(line: 3, column: 3, message: "<file> needs a source-language that is a language tag"))
    }
}
