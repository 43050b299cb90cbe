import Testing
@testable import TextHeightCLI

// Expected texts follow aapt2's StringBuilder::AppendText and ResourceParser::FlattenXmlSubtree
// (frameworks/base tools/aapt2) and developer.android.com "String resources", worked out by hand.
@Suite("Android strings.xml as aapt2 compiles it")
struct AndroidResourcesReaderTests {
    @Test("escapes: a backslash before ' \" @ ? # or itself gives the character; n and t a line break and a tab; u2192 the arrow")
    func escapes() {
        #expect(androidText(##"Don\'t \"quote\" \@me \?maybe \#1 a\\b"##) == ##"Don't "quote" @me ?maybe #1 a\b"##)
        #expect(androidText(#"one\ntwo\tthree"#) == "one\ntwo\tthree")
        #expect(androidText(#"go \u2192 there"#) == "go → there")
        #expect(androidText(#"\x is x"#) == "x is x")  // any other escaped character is itself
    }

    @Test("white space collapses to one space outside quotes and is trimmed at both ends; quotes keep it and vanish")
    func whiteSpace() {
        #expect(androidText("\n   Lots   of\n\t space   \n") == "Lots of space")
        #expect(androidText(#""  kept   as is  " then   more"#) == "  kept   as is   then more")
        #expect(androidText(#"it"s fine"#) == "its fine")  // an odd quote opens a quoted section to the end
    }

    @Test("an unescaped apostrophe is aapt2's error, at the string's line and column")
    func apostrophe() {
        let error = failure(resources("<string name=\"s\">Don't</string>"), format: .android)
        #expect(error?.line == 3)
        #expect(error?.column == 1)
        #expect(error?.message == "'s': unescaped apostrophe in string (write \\' or quote the string)")
        #expect(androidText(#""Don't" mind"#) == "Don't mind")  // inside quotes it is text
    }

    @Test("a bad unicode escape is an error; XML character references are text before escapes apply")
    func unicodeEscape() {
        #expect(failure(resources(#"<string name="s">\u12G4</string>"#), format: .android)?.message == "'s': invalid unicode escape sequence in string")
        #expect(androidText("a&#32;&#32;&#32;b &amp; c") == "a b & c")
    }

    @Test("inline markup gives its text (and resets quoting at its ends); CDATA is text, tags and all")
    func markup() {
        #expect(androidText("Tap <b>Send</b> to <i>go</i>") == "Tap Send to go")
        #expect(androidText("<![CDATA[By continuing you accept the <b>Terms</b>]]>") == "By continuing you accept the <b>Terms</b>")
        // With a span in the string, aapt2 does not trim the ends (only collapses them).
        #expect(androidText("  <b>bold</b>  ") == " bold ")
    }

    @Test("<xliff:g example> is the sample of the placeholder inside it, by argument position")
    func xliffExample() throws {
        let c = catalog(resources(#"<string name="s">Hi <xliff:g id="user" example="Mia">%1$s</xliff:g>, <xliff:g id="n" example="7">%2$d</xliff:g> new</string>"#), format: .android)
        let e = try #require(c?.entries.first)
        #expect(e.examples == ["1": "Mia", "2": "7"])
        #expect(variants(e) == [" = Hi Mia, 7 new"])
        // An implicit argument counts from the placeholders before the section.
        let d = try #require(catalog(resources(#"<string name="s">%s and <xliff:g example="Bo">%s</xliff:g></string>"#), format: .android)?.entries.first)
        #expect(d.examples == ["2": "Bo"])
        #expect(variants(d) == [" = Alexandra and Bo"])
    }

    @Test("translatable=\"false\" is skipped and noted; formatted=\"false\" keeps % as text")
    func attributes() throws {
        let c = try #require(catalog(resources("""
            <string name="app" translatable="false">Chat</string>
            <string name="pct" formatted="false">100% %s</string>
            """), format: .android))
        #expect(c.entries.map(\.key) == ["pct"])
        #expect(c.notes == [CatalogNote(line: 3, message: "'app': translatable=\"false\", skipped")])
        #expect(variants(c.entries[0]) == [" = 100% %s"])
    }

    @Test("<plurals> is a choice by quantity; <string-array> a variant per item; products a variant each")
    func structures() throws {
        let c = try #require(catalog(resources("""
            <plurals name="p"><item quantity="one">%d chat</item><item quantity="other">%d chats</item></plurals>
            <string-array name="a"><item>Like</item><item>Love</item></string-array>
            <string name="t" product="tablet">Tablet text</string>
            <string name="t" product="default">Phone text</string>
            """), format: .android))
        #expect(c.entries.map(\.key) == ["p", "a", "t"])
        #expect(variants(c.entries[0]) == ["plural:one = 1 chat", "plural:other = 0 chats"])
        #expect(variants(c.entries[1]) == ["item:0 = Like", "item:1 = Love"])
        #expect(variants(c.entries[2]) == ["product:tablet = Tablet text", "product:default = Phone text"])
    }

    @Test("getQuantityString takes an int: Russian other (fractions only) is noted, never measured")
    func integersOnly() throws {
        let ru = try #require(catalog(resources("""
            <plurals name="p"><item quantity="one">%d чат</item><item quantity="few">%d чата</item>\
            <item quantity="many">%d чатов</item><item quantity="other">%d чата</item></plurals>
            """), path: "res/values-ru/strings.xml", format: .android)?.entries.first)
        let expansion = Expansion.expand(ru, examples: [:], types: [:])
        #expect(expansion.variants.map(\.name) == ["plural:one", "plural:few", "plural:many"])
        #expect(expansion.notes == ["'plural' other: only fractions are other in ru, and the quantity is an int: never shown, not measured"])
    }

    @Test("the locale comes from the folder: values-de, values-zh-rTW, values-b+sr+Latn, values-iw; values/ is the source")
    func locales() {
        let body = resources("<string name=\"s\">x</string>")
        #expect(catalog(body, path: "app/res/values-de/strings.xml", format: .android)?.entries.first?.locale == "de")
        #expect(catalog(body, path: "app/res/values-zh-rTW/strings.xml", format: .android)?.entries.first?.locale == "zh-TW")
        #expect(catalog(body, path: "app/res/values-b+sr+Latn/strings.xml", format: .android)?.entries.first?.locale == "sr-Latn")
        #expect(catalog(body, path: "app/res/values-iw/strings.xml", format: .android)?.entries.first?.locale == "he")
        #expect(catalog(body, path: "app/res/values-mcc310-es-rUS/strings.xml", format: .android)?.entries.first?.locale == "es-US")
        #expect(catalog(body, path: "app/res/values-night/strings.xml", format: .android)?.entries.first?.locale == "en")
        #expect(catalog(body, path: "app/res/values/strings.xml", format: .android,
                        settings: CatalogReader.Settings(sourceLocale: "fr"))?.entries.first?.locale == "fr")
        let tools = resources("<string name=\"s\">x</string>", attributes: " tools:locale=\"es\"")
        #expect(catalog(tools, path: "app/res/values/strings.xml", format: .android)?.entries.first?.locale == "es")
    }

    @Test("references (@string/other) are not texts: noted, measured where defined")
    func references() throws {
        let c = try #require(catalog(resources(#"<string name="a">@string/b</string><string name="c">\@home</string>"#), format: .android))
        #expect(c.entries.map(\.key) == ["c"])
        #expect(c.notes.first?.message == "'a': a reference (@string/b), measured where it is defined")
    }

    @Test("malformed files name their line and column and give nothing: XML errors, a wrong root, duplicates, a bad quantity")
    func malformed() {
        let broken = failure("<resources>\n  <string name=\"a\">x</strin>\n</resources>", format: .android)
        #expect(broken?.line == 2)
        #expect(broken?.column == 29)  // libxml2's column: just past the end tag's '>' 
        #expect(broken?.message.hasPrefix("XML: Opening and ending tag mismatch: string line 2 and strin") == true)
        #expect(failure("<?xml version=\"1.0\"?>\n<root/>", format: .android)
                == CatalogError(line: 2, column: 1, message: "the root element must be <resources>, not <root>"))
        #expect(failure(resources("<string name=\"a\">x</string>\n  <string name=\"a\">y</string>"), format: .android)
                == CatalogError(line: 4, column: 3, message: "duplicate <string name=\"a\">"))
        #expect(failure(resources("<plurals name=\"p\"><item quantity=\"lots\">x</item></plurals>"), format: .android)
                == CatalogError(line: 3, column: 19, message: "<item> in <plurals name=\"p\"> needs quantity zero, one, two, few, many or other"))
        #expect(failure("", format: .android) == CatalogError(line: 1, column: 1, message: "the file is empty"))
    }

    @Test("entity declarations stop the parser (no billion laughs), and no external entity is read")
    func entities() {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE resources [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <resources><string name="s">&b;</string></resources>
            """
        #expect(failure(laughs, format: .android)?.message == "entity declarations are not read (a catalog needs none)")
        #expect(failure(laughs, format: .android)?.line == 2)
        let external = """
            <?xml version="1.0"?>
            <!DOCTYPE resources SYSTEM "file:///etc/passwd">
            <resources><string name="s">&xxe;</string></resources>
            """
        // NONET and no DTD loading: the external subset is not read, the undefined entity is no text.
        #expect(catalog(external, format: .android)?.entries.map(variants) == [[" = "]])
    }
}
