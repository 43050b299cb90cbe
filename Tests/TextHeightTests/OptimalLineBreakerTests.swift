import Testing
@testable import TextHeight

/// Minikin's own expectations for the optimal breaker (AOSP frameworks/minikin,
/// tests/unittest/OptimalLineBreakerTest.cpp, android-15.0.0_r6), without hyphenation; fonts
/// rebuilt from its .ttx files (every character 10 px at 10 px).
@Suite("Android optimal breaking (Minikin OptimalLineBreakerTest)")
struct OptimalLineBreakerTests {
    static let text = "This is an example text."

    // testBreakWithoutHyphenation, lines 224-283. The test returns after the 230 px case
    // (line 283: `return;`), so only these widths are asserted by Android itself.
    @Test("testBreakWithoutHyphenation: high quality leaves the last line free, balanced evens the lines")
    func breakWithoutHyphenation() throws {
        for strategy in [AndroidBreakStrategy.highQuality, .balanced] {
            #expect(try minikinLines(Self.text, width: 1000, strategy: strategy) == [.init(Self.text, 240)])
            #expect(try minikinLines(Self.text, width: 240, strategy: strategy) == [.init(Self.text, 240)])
        }
        #expect(try minikinLines(Self.text, width: 230, strategy: .highQuality)
                == [.init("This is an example ", 180), .init("text.", 50)])
        #expect(try minikinLines(Self.text, width: 230, strategy: .balanced)
                == [.init("This is an ", 100), .init("example text.", 130)])
    }

    // testZeroWidthLine, lines 813-841.
    @Test("testZeroWidthLine: at width 0 every character takes a line")
    func zeroWidthLine() throws {
        #expect(try minikinLines("", width: 0, strategy: .highQuality) == [])
        #expect(try minikinLines("A", width: 0, strategy: .highQuality) == [.init("A", 10)])
        #expect(try minikinLines("AB", width: 0, strategy: .highQuality) == [.init("A", 10), .init("B", 10)])
    }

    // testEmailOrUrl, lines 939-984: high quality breaks inside the URL (Minikin's "TODO: Fix
    // this"), balanced before it.
    @Test("testEmailOrUrl: URL breaks carry the hyphen penalty")
    func emailOrURL() throws {
        #expect(try minikinLines("This is an url: http://a.b", width: 240, strategy: .highQuality)
                == [.init("This is an url: http://a", 240), .init(".b", 20)])
        #expect(try minikinLines("This is an url: http://a.b", width: 240, strategy: .balanced)
                == [.init("This is an url: ", 150), .init("http://a.b", 100)])
        for strategy in [AndroidBreakStrategy.highQuality, .balanced] {
            #expect(try minikinLines("This is an email: a@example.com", width: 240, strategy: strategy)
                    == [.init("This is an email: ", 170), .init("a@example.com", 130)])
        }
    }

    @Test("a paragraph holding a tab is broken greedily (LineBreaker.cpp breakIntoLines)")
    func tabSwitchesToGreedy() throws {
        // Without the tab, balanced evens the 230 px case out ("This is an " | "example text.").
        let text = "This is an\texample text."
        #expect(try minikinLines(text, width: 230, strategy: .balanced)
                == [.init("This is an\texample ", 190), .init("text.", 50)])
        #expect(try minikinLines(text, width: 230, strategy: .balanced) == minikinLines(text, width: 230))
    }
}
