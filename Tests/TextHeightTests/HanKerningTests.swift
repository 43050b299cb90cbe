import Testing
@testable import TextHeight

/// Noto Sans CJK SC's `halt` feature (read with fontTools) narrows 「 (U+300C) and ） (U+FF09)
/// by 500 of 1000 units; CSS Text 4 "fullwidth punctuation collapsing" (Blink's HanKerning)
/// trims an opening bracket after a closing one, and a closing one before another closing one.
@Suite("text-spacing-trim (CSS)")
struct HanKerningTests {
    func width(_ text: String, rules: BreakRules) throws -> Double {
        let font = try Font(file: Fixtures.path("NotoSansCJKsc-Regular.subset.otf"), size: 16)
        return try PreparedText(text, font: font, rules: rules).layout(width: 1000).reduce(0) { $0 + $1.width }
    }

    @Test("an opening bracket after a closing one loses half an em in CSS, not in TextKit")
    func adjacentPair() throws {
        let css = CSSModel().breakRules
        #expect(try width("字）「字", rules: css) == 16 + 16 + 8 + 16)
        #expect(try width("字）「字", rules: TextKitModel.breakRules) == 64)
    }

    @Test("a closing bracket before another closing one is trimmed")
    func closingPair() throws {
        #expect(try width("字」）", rules: CSSModel().breakRules) == 16 + 8 + 16)
    }

    /// Recorded by fixtures/chromium/probe-line-start-trim.sh in Chromium 156 (rects read 1/64 px over the advance).
    @Test("no opening bracket is trimmed at a line start; one a pair trimmed gets its blank half back there",
          arguments: [("（", 1000.0, [0], [16.0]),
                      ("（一二三四五六七八九十百千万亿兆", 252, [0, 15], [240, 16]),  // 16 + 15 × 16 = 256 > 252
                      ("一，（三", 40, [0, 2], [32, 32]),   // "，（" trims "（" only while they share a line
                      ("一二（（三", 40, [0, 2], [32, 40])])  // the second "（" keeps its pair trim
    func lineStart(text: String, width: Double, starts: [Int], widths: [Double]) throws {
        let font = try Font(file: Fixtures.path("NotoSansCJKsc-Regular.subset.otf"), size: 16)
        let lines = try PreparedText(text, font: font, rules: CSSModel().breakRules).layout(width: width)
        #expect(lines.map(\.start) == starts)
        #expect(lines.map(\.width) == widths)
    }

    @Test("the font's punctuation classes come from its glyph bounds: Simplified Chinese dots are closing")
    func fontData() throws {
        let face = try FontFace(file: Fixtures.path("NotoSansCJKsc-Regular.subset.otf"))
        #expect(face.hanKerning?.dot == .close)
        #expect(face.hanKerning?.quotesFullwidth == true)
        #expect(try FontFace(file: Fixtures.path("Inter-Regular.otf")).hanKerning == nil)  // no halt
    }

    /// Character::GetHanKerningCharType types 12 dots, colons, quotes and middles, and the Ps / Pe
    /// brackets of CJK Symbols, the fullwidth forms and ASCII: 18 opening, 19 closing. `staticType`
    /// leaves early (`mayHaveType`) for every other character; a character that exit dropped
    /// would be missing from the count.
    @Test("the early exit of HanKerning's character types drops none of the 49 it types")
    func typedCharacters() {
        var typed = 0
        for c in UInt16(0)...0xFFFF where HanKerning.staticType(c) != .other {
            typed += 1
            #expect(HanKerning.mayHaveType(c))
        }
        #expect(typed == 12 + 18 + 19)
    }
}

/// Chromium 156 (headless, same font file) measured these pairs at 16 px with a span's
/// getBoundingClientRect: "クグ" 31.375 px and "して" 31.53125 px, where one kana alone reads
/// 16.015625 px and an unkerned pair 32.015625 px (the rect adds 1/64 px to the advances):
/// Noto Sans CJK kerns them although a line may break between any two kana.
@Suite("Joins across break opportunities")
struct JoinTests {
    @Test("kerning between two segments counts when they share a line", arguments: [("クグ", 31.375), ("して", 31.53125)])
    func kanaKerning(text: String, chromium: Double) throws {
        let font = try Font(file: Fixtures.path("NotoSansCJKsc-Regular.subset.otf"), size: 16)
        let prepared = try PreparedText(text, font: font, rules: CSSModel().breakRules)
        let line = prepared.layout(width: 1000)
        #expect(line.count == 1)
        #expect(LayoutUnit.round(line[0].width) == chromium - 1.0 / 64)
        // At 16 px the pair no longer fits and the break removes the kerning: two full cells.
        #expect(prepared.layout(width: 31).map(\.width) == [16, 16])
    }
}

@Suite("Drawn glyphs agree with the measurement")
struct GlyphsAgreeTests {
    @Test("the glyph advances of each line add up to its measured width", arguments: [
        ("字）「字」）「（字", true), ("Hello クグ -> world, 你好。", true), ("Hello クグ -> world", false),
        ("遇到類型「a%c」的陣列，預期長度", true),
    ])
    func sums(text: String, css: Bool) throws {
        let primary = try Fixtures.inter(size: 16)
        let cjk = try Font(file: Fixtures.path("NotoSansCJKsc-Regular.subset.otf"), size: 16)
        let fonts = try FontStack(primary, fallbacks: [cjk])
        let rules = css ? CSSModel().breakRules : TextKitModel.breakRules
        let prepared = try PreparedText(text, fonts: fonts, rules: rules)
        for width in [40.0, 70, 1000] {
            for line in prepared.layout(width: width) {
                var end = line.end
                while end > line.start && rules.hangs(prepared.utf16[end - 1]) { end -= 1 }
                let drawn = prepared.glyphs(from: line.start, to: end, endTrim: line.endTrim).reduce(0) { $0 + $1.advance }
                #expect(abs(drawn - line.width) < 1e-6, "\(text) at \(width): line \(line.start)..<\(line.end)")
            }
        }
    }
}
