import Testing
@testable import TextHeight

/// Expected line starts are worked out by hand from UAX #14 and the monospaced fixture: every
/// glyph of DejaVu Sans Mono, `.notdef` included, is 1233/2048 em = 12.33 pt at 20.48 pt.
@Suite("Greedy line breaking")
struct GreedyBreakerTests {
    let c = Fixtures.cell

    func layout(_ text: String, width: Double) throws -> [Line] {
        try PreparedText(text, font: Fixtures.mono(), rules: TextKitModel.breakRules).layout(width: width)
    }

    @Test("a line exactly as wide as the box holds both words")
    func exactlyFull() throws {
        // "aaaa " then "bbbb": 5 + 4 cells = 9 cells.
        #expect(lineStarts(try layout("aaaa bbbb", width: 9 * c)) == [0])
        #expect(lineStarts(try layout("aaaa bbbb", width: 9 * c - 0.01)) == [0, 5])
    }

    @Test("Blink's fit: a line fits when its width rounded up to LayoutUnit (1/64 px) is within the available width + 1/64")
    func layoutUnitFit() throws {
        // DejaVu Sans Mono at 16 px: 1233 × 16 / 2048 = 9.6328125 px a glyph (fontTools hmtx), so "abc" is
        // 28.8984375 px = 1849.5 / 64, floored to 1849 / 64 = 28.890625 (LayoutUnit::FromFloatFloor).
        let font = try Fixtures.mono(size: 16)
        let css = try PreparedText("abc abc", font: font, rules: CSSModel().breakRules)
        #expect(lineStarts(css.layout(width: 28.890625)) == [0, 4])             // each word fits its line whole
        #expect(lineStarts(css.layout(width: 28.890625 - 1.0 / 64)) == [0, 2, 4, 6])  // a LayoutUnit less: it breaks
        // "abcd" = 4 × 9.6328125 = 38.53125 px, exactly 2466 / 64: SnappedWidth keeps it, and AvailableWidthToFit
        // adds one LayoutUnit, so it fits 2465 / 64 px (as Liberation Sans's 289.015625 px fits 289 in Chromium 156).
        let grid = try PreparedText("abcd abcd", font: font, rules: CSSModel().breakRules)
        #expect(lineStarts(grid.layout(width: 38.53125 - 1.0 / 64)) == [0, 5])
        #expect(lineStarts(grid.layout(width: 38.53125 - 2.0 / 64)) == [0, 3, 5, 8])
        // TextKit compares the width itself (CGFloat): the same width does not fit there.
        let textKit = try PreparedText("abc abc", font: font, rules: TextKitModel.breakRules)
        #expect(lineStarts(textKit.layout(width: 28.890625)) == [0, 2, 4, 6])
    }

    @Test("trailing spaces hang past the edge and do not count in the width")
    func hangingSpaces() throws {
        let lines = try layout("aaaa    bbbb", width: 4 * c)
        #expect(lineStarts(lines) == [0, 8])
        #expect(approximately(lines[0].width, 4 * c))
    }

    @Test("a word wider than the line breaks between graphemes, one full line at a time")
    func emergencyBreak() throws {
        let lines = try layout(String(repeating: "a", count: 20), width: 8 * c)
        #expect(lineStarts(lines) == [0, 8, 16])
        #expect(lines.map(\.isEmergencyBreak) == [true, true, false])
        #expect(approximately(lines[2].width, 4 * c))
    }

    @Test("a long word first moves to its own line, then breaks there")
    func longWordStartsNewLine() throws {
        // "hi " fits; 12 a's do not fit after it, so they start line 2 and break after 8.
        #expect(lineStarts(try layout("hi " + String(repeating: "a", count: 12), width: 8 * c)) == [0, 3, 11])
    }

    @Test("the rest of a broken word shares its line with the next words")
    func remainderContinues() throws {
        // 10 a's at 8 cells: "aaaaaaaa" | "aa b" (2 + 1 + 1 cells).
        #expect(lineStarts(try layout("aaaaaaaaaa b", width: 8 * c)) == [0, 8])
    }

    @Test("no line starts with CJK closing punctuation", arguments: [
        // UAX #14 LB13: no break before CL (，。」）); LB16/LB18 allow a break after it.
        ("你好，世界", [0, 1, 3]),
        ("你好。", [0, 1]),
        ("「你好」世界", [0, 2, 4]),
    ])
    func cjkPunctuation(text: String, starts: [Int]) throws {
        #expect(lineStarts(try layout(text, width: 2 * c)) == starts)
    }

    @Test("ideographs break between any two characters")
    func ideographs() throws {
        #expect(lineStarts(try layout("一二三四五六七", width: 3 * c)) == [0, 3, 6])
    }

    @Test("a ZWJ family is never split, even when wider than the line")
    func zwjFamily() throws {
        // 👨‍👩‍👧‍👦 is 11 UTF-16 units: four people (4 × .notdef, 4 cells) joined by three ZWJs
        // (default ignorables, zero advance). UAX #14 LB30b allows a break between two families.
        let family = "👨‍👩‍👧‍👦"
        #expect(lineStarts(try layout(family + family, width: 5 * c)) == [0, 11])
        let narrow = try layout(family + family, width: 2 * c)
        #expect(lineStarts(narrow) == [0, 11])
        #expect(approximately(narrow[0].width, 4 * c))
    }

    @Test("flags and skin tones stay whole")
    func flagsAndModifiers() throws {
        // 🇯🇵 and 🇺🇸 are regional-indicator pairs (4 units, 2 cells each; LB30a).
        #expect(lineStarts(try layout("🇯🇵🇺🇸", width: 3 * c)) == [0, 4])
        // 👍🏽 is a base + skin-tone modifier (LB30b: no break between EB and EM): one grapheme.
        #expect(lineStarts(try layout("👍🏽👍🏽", width: 1 * c)) == [0, 4])
    }

    @Test("hard breaks end lines; CRLF is one break; U+2028 does not end the paragraph")
    func hardBreaks() throws {
        let lines = try layout("a\n\nb\r\nc\u{2028}d", width: 100 * c)
        #expect(lineStarts(lines) == [0, 2, 3, 6, 8])
        #expect(lines.map(\.endsWithLineBreak) == [true, true, true, true, false])
        #expect(lines.map(\.endsParagraph) == [true, true, true, false, false])
    }

    @Test("a tab advances to the next 28 pt stop")
    func tabStop() throws {
        // "a" (one cell), tab → 28 pt, "b" → 28 + one cell.
        let lines = try layout("a\tb", width: 100 * c)
        #expect(lines.count == 1)
        #expect(approximately(lines[0].width, 28 + c))
    }

    @Test("a zero or negative width puts one grapheme on each line", arguments: [0.0, -5, .nan])
    func noRoom(width: Double) throws {
        #expect(lineStarts(try layout("abc", width: width)) == [0, 1, 2])
    }

    @Test("lineCount agrees with layout")
    func lineCountMatches() throws {
        let prepared = try PreparedText("The quick brown fox jumps over the lazy dog 你好，世界 👨‍👩‍👧‍👦",
                                        font: Fixtures.mono(), rules: TextKitModel.breakRules)
        for cells in 1...40 {
            #expect(prepared.lineCount(width: Double(cells) * c) == prepared.layout(width: Double(cells) * c).count)
        }
    }

    @Test("missing glyphs are counted, not hidden")
    func notdefCounted() throws {
        let prepared = try PreparedText("ab你好", font: Fixtures.mono(), rules: TextKitModel.breakRules)
        #expect(prepared.missingGlyphs == 2)
    }
}
