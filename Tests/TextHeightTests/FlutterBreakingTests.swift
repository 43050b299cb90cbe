import Testing
@testable import TextHeight

/// SkParagraph's own breaking rules, by hand arithmetic on DejaVu Sans Mono (every glyph 1233/2048 em:
/// 9.6328125 px at 16 px, so a 100 px line holds 10 glyphs, 96.33, and not 11, 105.96), each line start
/// also read from Skia m144's own drawing of the same text; every Skia value quoted here is printed by
/// fixtures/skia/probe-rules.py.
@Suite("Flutter breaking rules")
struct FlutterBreakingTests {
    func starts(_ text: String, width: Double = 100) throws -> [Int] {
        let model = FlutterModel(measure: .paragraph)
        let font = try Font(file: Fixtures.path("DejaVuSansMono.ttf"), size: 16)
        return model.measure(try model.prepare(text, font: font), width: width, includeLines: true).lines.map(\.start)
    }

    @Test("a word longer than a line starts on the line it overflows (TextWrapper::lookAhead, fTooLongWord)")
    func longWordStartsOnTheLine() throws {
        // "cdefghijklmn" is 12 glyphs; counted without its last cluster (the end of the text follows it) 11,
        // 105.96 > 100: too long. "ab " leaves room for 7 of its glyphs: "ab cdefghi" / "jklmn".
        #expect(try starts("ab cdefghijklmn") == [0, 10])
        // The same 11-glyph word before " x" counts whole (the walk stops at the space): 105.96, too long.
        #expect(try starts("ab cdefghijklm x") == [0, 10])
    }

    @Test("a word's last cluster before a break is not counted, so a word one glyph too long moves down")
    func lastClusterNotCounted() throws {
        // "cdefghijklm" at the end of the text: 10 glyphs counted, 96.33 ≤ 100, not too long: it starts
        // the next line and is broken there ("cdefghijkl" / "m").
        #expect(try starts("ab cdefghijklm") == [0, 3, 13])
    }

    @Test("a long word stays on the line only when more than one of its glyphs fits there")
    func oneGlyphIsNotEnough() throws {
        // "abcdefgh " is 9 glyphs: one more fits (fClusters.endPos() - fClusters.startPos() == 1), so the
        // word goes down whole: "abcdefgh " / "cdefghijkl" / "mn".
        #expect(try starts("abcdefgh cdefghijklmn") == [0, 9, 19])
    }

    @Test("advances are scaled as FreeType scales them (x_scale = FT_DivFix(size in 26.6, units per em))")
    func freeTypeScale() throws {
        // Inter: 2816 units per em; at 14 px x_scale = (896 << 16 + 1408) / 2816 = 20852 (20852.36 cut by
        // the integer division after the rounding half), so "f" (1016 units) is 1016 × 20852 / 2^22 =
        // 5.0510559 px, the width Skia m144 reports, where 1016 × 14 / 2816 = 5.0511364.
        let inter = try Font(file: Fixtures.path("Inter-Regular.otf"), size: 14)
        #expect(inter.withFreeTypeScale().scale == 20852.0 / 4_194_304)
        let model = FlutterModel(measure: .paragraph)
        let line = model.measure(try model.prepare("f", font: inter), width: 300, includeLines: true).lines[0]
        #expect(abs(line.width - 1016.0 * 20852 / 4_194_304) < 1e-9)
        // "fsync() failed:" is 90.0042 px so (Skia rounds to 90.00 ≤ 90: it fits 90 px); by size / units
        // per em it would be 90.0057, rounded 90.01, and "failed:" would go down (SkParagraph reference
        // s0165-en-0351).
        let fits = model.measure(try model.prepare("fsync() failed: %s", font: inter), width: 90, includeLines: true)
        #expect(fits.lines.map(\.start) == [0, 16])
    }

    @Test("a small kana or the prolonged sound mark may start a line (CJ as ID, ICU's lb=normal)")
    func conditionalJapaneseStarter() throws {
        // Measured in Skia m144: "新しいPINの取得エラー: %s" at 145 px (DejaVu Sans, Noto Sans CJK at 14 px)
        // breaks before "ー" (s0620-ja-0417); ICU's root rules (strict) keep "ラー" together.
        let model = FlutterModel(measure: .paragraph)
        let fonts = try FontStack(Font(file: Fixtures.path("DejaVuSans.ttf"), size: 14),
                                  fallbacks: [Font(file: Fixtures.path("NotoSansCJKsc-Regular.subset.otf"), size: 14)])
        let m = model.measure(try model.prepare("新しいPINの取得エラー: %s", fonts: fonts), width: 145, includeLines: true)
        #expect(m.lines.map(\.start) == [0, 11])
    }

    @Test("letter spacing follows every glyph, not every cluster (Run::addSpacesEvenly)")
    func letterSpacingPerGlyph() throws {
        // Skia m144 measured "करें?" at 15 px (Liberation Sans, Noto Sans Devanagari): 25.907 px, 29.907 with
        // 1 px letter spacing, +4 for its four glyphs (क, र, the e-matra and the anusvara, and ?, less the
        // ligated ones); spaced once per cluster (Blink) it would gain 3.
        let fonts = try FontStack(Font(file: Fixtures.path("LiberationSans-Regular.ttf"), size: 15),
                                  fallbacks: [Font(file: Fixtures.path("NotoSansDevanagari-Regular.ttf"), size: 15)])
        func width(_ spacing: Double) throws -> Double {
            let model = FlutterModel(measure: .paragraph, letterSpacing: spacing)
            return model.measure(try model.prepare("करें?", fonts: fonts), width: 500, includeLines: true).lines[0].width
        }
        #expect(abs(try width(1) - width(0) - 4) < 1e-9)
    }

    @Test("a line of only a hard break takes the run of the text before it, with TextStyle.height")
    func hardBreakRun() throws {
        // Skia m144: "المستعرض\n" in Inter + Noto Sans Arabic at 17 px, height 2 (proportional) is 68 px: the
        // Arabic line, 2 × 17 = 34, and the line after the break, 34 again; the break adds no Inter run.
        let fonts = try FontStack(Font(file: Fixtures.path("Inter-Regular.otf"), size: 17),
                                  fallbacks: [Font(file: Fixtures.path("NotoSansArabic-Regular.ttf"), size: 17)])
        let model = FlutterModel(measure: .paragraph, heightMultiplier: 2)
        #expect(model.measure(try model.prepare("المستعرض\n", fonts: fonts), width: 300).textHeight == 68)
        // "a\n\nb", Liberation Sans 16 px, height 1.5, half leading: three lines of 1.5 × 16 = 24 (72, Skia
        // m144), the middle one the run's 24, not the empty metrics' round(1.5 × 16 × 19.55 / 20) = 23.
        let even = FlutterModel(measure: .paragraph, heightMultiplier: 1.5, halfLeading: true)
        let font = try Font(file: Fixtures.path("LiberationSans-Regular.ttf"), size: 16)
        #expect(even.measure(try even.prepare("a\n\nb", font: font), width: 300).textHeight == 72)
    }

    @Test("a negative letter spacing keeps the fi ligature, a positive one breaks it; a ZWNJ's glyph is spaced")
    func ligaturesUnderSpacing() throws {
        // DejaVu Sans at 16 px: f 721 + i 569 units = the fi ligature's 1290, 10.078125 px either way, so only
        // the glyph count shows. Skia m144 measured: "fi" −0.41 → 9.668125 (one glyph: liga on), +0.5 →
        // 11.078125 (two: liga off); "f\u{200C}i" (no ligature) +0.5 → 11.578125, three glyphs spaced.
        let font = try Font(file: Fixtures.path("DejaVuSans.ttf"), size: 16)
        func width(_ text: String, _ spacing: Double) throws -> Double {
            let model = FlutterModel(measure: .paragraph, letterSpacing: spacing)
            return model.measure(try model.prepare(text, font: font), width: 500, includeLines: true).lines[0].width
        }
        #expect(abs(try width("fi", -0.41) - (10.078125 - 0.41)) < 1e-9)
        #expect(abs(try width("fi", 0.5) - (10.078125 + 1)) < 1e-9)
        #expect(abs(try width("f\u{200C}i", 0.5) - (10.078125 + 1.5)) < 1e-9)
    }

    @Test("one Shaper serving the CSS and the Flutter model keeps their letter spacing apart")
    func sharedShaper() throws {
        // The Shaper's per-stack memo is keyed on the spacing rule too: Blink gives the ZWNJ no spacing
        // (11.078125 px), Skia spaces its glyph (11.578125), same font, size and letter spacing.
        let font = try Font(file: Fixtures.path("DejaVuSans.ttf"), size: 16)
        let shaper = Shaper()
        let css = CSSModel(text: CSSText(letterSpacing: .px(0.5)))
        let flutter = FlutterModel(measure: .paragraph, letterSpacing: 0.5)
        for _ in 0..<2 {
            let blink = css.measure(try css.prepare("f\u{200C}i", font: font, shaper: shaper), width: 500, includeLines: true)
            let skia = flutter.measure(try flutter.prepare("f\u{200C}i", font: font, shaper: shaper), width: 500, includeLines: true)
            #expect(abs(blink.lines[0].width - 11.078125) < 1e-9)
            #expect(abs(skia.lines[0].width - 11.578125) < 1e-9)
        }
    }

    @Test("a colour bitmap font: advances on the strike's fixed-point scale, metrics from the strike")
    func emojiStrike() throws {
        // Noto Color Emoji: 136 px advance, ascender 101, descender −27 at its 109 ppem strike.
        let emoji = try Font(file: Fixtures.path("NotoColorEmoji.subset.ttf"), size: 16)
        #expect(emoji.face.strike == BitmapStrike(ppem: 109, advance: 136, hmtxAdvance: 2550, ascender: 101, descender: -27,
                                                  height: 128))
        func measure(_ size: Double, height: Double? = nil) throws -> (width: Double, height: Double) {
            let fonts = try FontStack(Font(file: Fixtures.path("LiberationSans-Regular.ttf"), size: size),
                                      fallbacks: [Font(file: Fixtures.path("NotoColorEmoji.subset.ttf"), size: size)])
            let flutter = FlutterModel(measure: .paragraph, heightMultiplier: height)
            let m = flutter.measure(try flutter.prepare("😀", fonts: fonts), width: 2000, includeLines: true)
            return (m.lines[0].width, m.textHeight)
        }
        // Skia m144 (probe-rules.py): 16 px, factor 9620 = 16 / 109 × 65536 cut: 8704 × 9620 / 65536 = 1277.65 →
        // 1278/64; 9.5 px, 5711: 758.45 → 758/64 (136 / 109 × 9.5 = 758.61/64 would round to 759).
        #expect(try measure(16).width == 1278.0 / 64)
        #expect(try measure(9.5).width == 758.0 / 64)
        // Heights: (101 + 27) / 109 × 16 = 18.79 → 19; at 11 px, height 1.5: the run 16.5 px tall → 17.
        #expect(try measure(16).height == 19)
        #expect(try measure(11, height: 1.5).height == 17)
        // 26 px: the strike's 128 / 109 × 26 = 30.53 → 31 (Skia m144: 31); hhea's 2400 / 2048 × 26 = 30.47 would be 30.
        #expect(try measure(26).height == 31)
    }
}
