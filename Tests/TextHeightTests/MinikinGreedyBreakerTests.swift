import Testing
@testable import TextHeight

/// Lines of Android's breakers as (text, width) pairs, the form of Minikin's LineBreakExpectation.
func minikinLines(_ text: String, width: Double, strategy: AndroidBreakStrategy = .simple,
                  fonts: FontStack? = nil) throws -> [MinikinLine] {
    let stack = try fonts ?? Fixtures.minikinFonts()
    let prepared = try PreparedText(text, fonts: stack, rules: AndroidModel.breakRules)
    var lines: [MinikinLine] = []
    prepared.forEachMinikinLine(width: width, strategy: strategy, textSize: stack.primary.size) { line in
        let units = Array(prepared.utf16[line.start..<line.end])
        lines.append(MinikinLine(String(decoding: units, as: UTF16.self), line.width))
    }
    return lines
}

struct MinikinLine: Equatable, CustomStringConvertible {
    var text: String
    var width: Double
    init(_ text: String, _ width: Double) {
        self.text = text
        self.width = width
    }
    var description: String { "(\"\(text)\", \(width))" }
}

/// Minikin's own expectations (AOSP frameworks/minikin, tests/unittest/GreedyLineBreakerTest.cpp,
/// android-15.0.0_r6), with the fonts rebuilt from its .ttx files: every character 10 px.
@Suite("Android greedy breaking (Minikin GreedyLineBreakerTest)")
struct MinikinGreedyBreakerTests {
    static let text = "This is an example text."

    // GreedyLineBreakerTest.cpp, testBreakWithoutHyphenation, lines 264-468.
    static let withoutHyphenation: [(Double, [MinikinLine])] = [
        (1000, [.init("This is an example text.", 240)]),
        (240, [.init("This is an example text.", 240)]),
        (230, [.init("This is an example ", 180), .init("text.", 50)]),
        (80, [.init("This is ", 70), .init("an ", 20), .init("example ", 70), .init("text.", 50)]),
        (70, [.init("This is ", 70), .init("an ", 20), .init("example ", 70), .init("text.", 50)]),
        (60, [.init("This ", 40), .init("is an ", 50), .init("exampl", 60), .init("e ", 10), .init("text.", 50)]),
        (50, [.init("This ", 40), .init("is an ", 50), .init("examp", 50), .init("le ", 20), .init("text.", 50)]),
        (40, [.init("This ", 40), .init("is ", 20), .init("an ", 20), .init("exam", 40), .init("ple ", 30),
              .init("text", 40), .init(".", 10)]),
        (30, [.init("Thi", 30), .init("s ", 10), .init("is ", 20), .init("an ", 20), .init("exa", 30),
              .init("mpl", 30), .init("e ", 10), .init("tex", 30), .init("t.", 20)]),
        (20, [.init("Th", 20), .init("is ", 20), .init("is ", 20), .init("an ", 20), .init("ex", 20), .init("am", 20),
              .init("pl", 20), .init("e ", 10), .init("te", 20), .init("xt", 20), .init(".", 10)]),
        (10, "This is an example text.".split(separator: " ", omittingEmptySubsequences: false).enumerated()
            .flatMap { (k, word) -> [MinikinLine] in
                // One character per line; a word's last character keeps the space after it.
                let chars = Array(word).map(String.init)
                return chars.indices.map { i in
                    MinikinLine(chars[i] + (i == chars.count - 1 && k < 4 ? " " : ""), 10)
                }
            }),
    ]

    @Test("testBreakWithoutHyphenation: words move down, over-long words break at graphemes",
          arguments: withoutHyphenation.indices)
    func breakWithoutHyphenation(_ index: Int) throws {
        let (width, expected) = MinikinGreedyBreakerTests.withoutHyphenation[index]
        #expect(try minikinLines(MinikinGreedyBreakerTests.text, width: width) == expected, "width \(width)")
    }

    // testZeroWidthLine, lines 793-829.
    @Test("testZeroWidthLine: at width 0 every character takes a line")
    func zeroWidthLine() throws {
        #expect(try minikinLines("", width: 0) == [])
        #expect(try minikinLines("A", width: 0) == [.init("A", 10)])
        #expect(try minikinLines("AB", width: 0) == [.init("A", 10), .init("B", 10)])
    }

    // testEmailOrUrl, lines 933-962: the line breaks before the URL or address, not inside it.
    @Test("testEmailOrUrl: a break before a URL or e-mail address is preferred to one inside it")
    func emailOrURL() throws {
        #expect(try minikinLines("This is an url: http://a.b", width: 240)
                == [.init("This is an url: ", 150), .init("http://a.b", 100)])
        #expect(try minikinLines("This is an email: a@example.com", width: 240)
                == [.init("This is an email: ", 170), .init("a@example.com", 130)])
    }

    // CrashFix_Space_Tab (b/68669534), lines 1021-1049: "a \tb" is one line 40 px wide with
    // 10 px characters and tab stops every 10 px. StaticLayout's stops are every 20 px, so
    // here everything is twice as large: 20 px characters, limit 100.
    @Test("CrashFix_Space_Tab: a tab after a space advances to the next stop and counts")
    func spaceTab() throws {
        #expect(try minikinLines("a \tb", width: 100, fonts: Fixtures.minikinFonts(size: 20))
                == [.init("a \tb", 80)])
    }

    // ExtentTest, lines 1051-1187 (breaks and widths; the extents are checked in AndroidModelTests).
    static let extent: [(Double, [MinikinLine])] = [
        (1000, [.init("The \u{3042}\u{3044}\u{3046} is Japanese.", 200)]),
        (200, [.init("The \u{3042}\u{3044}\u{3046} is Japanese.", 200)]),
        (190, [.init("The \u{3042}\u{3044}\u{3046} is ", 100), .init("Japanese.", 90)]),
        (90, [.init("The \u{3042}\u{3044}\u{3046} ", 70), .init("is ", 20), .init("Japanese.", 90)]),
        (50, [.init("The \u{3042}", 50), .init("\u{3044}\u{3046} is ", 50), .init("Japan", 50), .init("ese.", 40)]),
        (40, [.init("The ", 30), .init("\u{3042}\u{3044}\u{3046} ", 30), .init("is ", 20), .init("Japa", 40),
              .init("nese", 40), .init(".", 10)]),
        (20, [.init("Th", 20), .init("e ", 10), .init("\u{3042}\u{3044}", 20), .init("\u{3046} ", 10), .init("is ", 20),
              .init("Ja", 20), .init("pa", 20), .init("ne", 20), .init("se", 20), .init(".", 10)]),
    ]

    @Test("ExtentTest: fallback-font text breaks like any other", arguments: extent.indices)
    func extentBreaks(_ index: Int) throws {
        let (width, expected) = MinikinGreedyBreakerTests.extent[index]
        #expect(try minikinLines("The \u{3042}\u{3044}\u{3046} is Japanese.", width: width) == expected, "width \(width)")
    }

    @Test("a hyphen is no break opportunity (WordBreaker isValidBreak), ICU's would be")
    func noBreakAfterHyphen() throws {
        // "well-known" is 10 characters: at 60 px ICU would allow "well-" | "known"; Minikin
        // leaves hyphens to automatic hyphenation (off), so the word breaks at graphemes.
        #expect(try minikinLines("well-known", width: 60) == [.init("well-k", 60), .init("nown", 40)])
    }

    @Test("only U+000A ends a paragraph; U+2028 is an ordinary break opportunity")
    func paragraphs() throws {
        #expect(try minikinLines("ab\ncd", width: 100) == [.init("ab\n", 20), .init("cd", 20)])
        #expect(try minikinLines("ab\u{2028}cd", width: 100).count == 1)
    }
}
