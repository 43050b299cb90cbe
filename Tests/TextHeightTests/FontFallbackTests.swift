import Testing
@testable import TextHeight

/// Expected widths and heights come from the fonts' tables, read with fontTools:
/// Noto Sans CJK SC (subset): unitsPerEm 1000, hhea 1160/−288/0, ideographs and U+FF0C advance 1000.
/// Noto Color Emoji (subset): unitsPerEm 2048, hhea 1900/−500/0, hmtx 2550, CBLC strike 109 ppem
/// with a 136 px advance (CBDT bigGlyphMetrics). Inter: U+2764 ❤ advances 2880 of 2816.
@Suite("Font fallback")
struct FontFallbackTests {
    let size = 17.0
    var emojiAdvance: Double { size * 136 / 109 }

    func stack(_ names: String...) throws -> FontStack {
        let fonts = try names.map { try Font(file: Fixtures.path($0), size: size) }
        return try FontStack(fonts[0], fallbacks: Array(fonts.dropFirst()))
    }

    func width(_ text: String, _ fonts: FontStack) throws -> Double {
        let prepared = try PreparedText(text, fonts: fonts, rules: TextKitModel.breakRules)
        return prepared.layout(width: 10_000).first?.width ?? 0
    }

    @Test("the emoji font advances by its bitmap strike, not hmtx")
    func strikeCorrection() throws {
        let face = try FontFace(file: Fixtures.path("NotoColorEmoji.subset.ttf"))
        #expect(face.isColorBitmap && face.hasColorGlyphs)
        #expect(approximately(face.advanceCorrection, (136.0 / 109) / (2550.0 / 2048)))
        #expect(try FontFace(file: Fixtures.path("Inter-Regular.otf")).advanceCorrection == 1)
    }

    @Test("ideographs missing from the primary come from the CJK fallback")
    func cjkFallback() throws {
        let fonts = try stack("Inter-Regular.otf", "NotoSansCJKsc-Regular.subset.otf")
        let prepared = try PreparedText("你好，世界", fonts: fonts, rules: TextKitModel.breakRules)
        #expect(prepared.missingGlyphs == 0)
        #expect(approximately(prepared.layout(width: 10_000)[0].width, 5 * size))  // five 1000-unit glyphs
        let alone = try PreparedText("你好", font: fonts.primary, rules: TextKitModel.breakRules)
        #expect(alone.missingGlyphs == 2)
    }

    @Test("a line with fallback glyphs is as tall as the largest ascent plus the largest descent")
    func fallbackLineHeight() throws {
        let fonts = try stack("Inter-Regular.otf", "NotoSansCJKsc-Regular.subset.otf")
        let model = TextKitModel()
        // max(2728/2816, 1160/1000) × 17 + max(680/2816, 288/1000) × 17 = 19.72 + 4.896 = 24.616.
        let cjk = model.measure(try model.prepare("你好 hi", fonts: fonts), width: 343, includeLines: true)
        #expect(approximately(cjk.lines[0].height, 24.616, within: 1e-9))
        #expect(cjk.contentHeight == 41)  // ceil(24.616 + 16)
        // A Latin-only line keeps Inter's 3408/2816 em.
        let latin = model.measure(try model.prepare("hi", fonts: fonts), width: 343)
        #expect(latin.contentHeight == 37)
    }

    @Test("boundingRect keeps lineSpacing below a single line only when it uses a fallback font")
    func singleLineQuirk() throws {
        let fonts = try stack("Inter-Regular.otf", "NotoSansCJKsc-Regular.subset.otf")
        let model = TextKitModel(measure: .boundingRect, paragraph: ParagraphStyle(lineSpacing: 4))
        #expect(model.measure(try model.prepare("你好", fonts: fonts), width: 343).contentHeight == 29)  // ceil(24.616 + 4)
        #expect(model.measure(try model.prepare("hi", fonts: fonts), width: 343).contentHeight == 21)  // ceil(20.574)
    }

    @Test("emoji presentation goes to the colour font even when the text font has the character")
    func emojiPresentation() throws {
        let fonts = try stack("Inter-Regular.otf", "NotoColorEmoji.subset.ttf")
        #expect(approximately(try width("❤️", fonts), emojiAdvance))          // U+2764 U+FE0F
        #expect(approximately(try width("❤", fonts), 2880 * size / 2816))     // text presentation: Inter
        #expect(approximately(try width("😀", fonts), emojiAdvance))          // Emoji_Presentation
        #expect(approximately(try width("1️⃣", fonts), emojiAdvance))         // keycap: one glyph
        #expect(approximately(try width("👨‍👩‍👧‍👦", fonts), emojiAdvance))  // ZWJ family: one ligature
        #expect(approximately(try width("🇯🇵", fonts), emojiAdvance))         // flag: one ligature
        #expect(approximately(try width("👍🏽", fonts), emojiAdvance))         // skin tone: one ligature
    }

    @Test("characters no font has are reported as missing glyphs")
    func uncovered() throws {
        let fonts = try stack("Inter-Regular.otf", "NotoSansCJKsc-Regular.subset.otf")
        let prepared = try PreparedText("สวัสดี", fonts: fonts, rules: TextKitModel.breakRules)
        #expect(prepared.missingGlyphs > 0)
        let thai = try stack("Inter-Regular.otf", "NotoSansThai-Regular.ttf")
        #expect(try PreparedText("สวัสดี", fonts: thai, rules: TextKitModel.breakRules).missingGlyphs == 0)
    }

    @Test("a stack holds at most 32 fonts")
    func tooMany() throws {
        let font = try Fixtures.mono()
        #expect(throws: FontError.tooManyFallbacks(32)) {
            try FontStack(font, fallbacks: Array(repeating: font, count: 32))
        }
    }
}
