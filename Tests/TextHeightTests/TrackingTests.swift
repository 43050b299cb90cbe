import Testing
@testable import TextHeight

/// CoreText's `trak` rule and the `.kern` / `.tracking` attributes, on the fixtures built by
/// `fixtures/fonts/build-tracking-fonts.py` from DejaVu Sans Mono: every glyph advances 1233 units
/// (unitsPerEm 2048, read with fontTools: hmtx, head), no kerning; the `trak` normal track is
/// 9 pt: +40, 12: 0, 17: −47, 20: −55, 28: −66 units (ttx -t trak). Expected widths are that
/// arithmetic: (1233 + trak) × size / 2048 per glyph.
@Suite("Tracking (trak, kern, tracking)")
struct TrackingTests {
    static let withSTAT = Fixtures.path("TrakSTAT-Mono.ttf")
    static let withoutSTAT = Fixtures.path("TrakNoSTAT-Mono.ttf")

    func lineWidth(_ text: String, font: Font, model: any PlatformModel = TextKitModel(measure: .boundingRect)) throws -> Double {
        let prepared = try model.prepare(text, font: font)
        let lines = prepared.layout(width: 10_000)
        #expect(lines.count == 1)
        return lines.first?.width ?? 0
    }

    @Test("the trak table reads as ttx shows it: five sizes, tracks −1, 0, 1")
    func readsTable() throws {
        let face = try FontFace(file: TrackingTests.withSTAT)
        let table = try #require(face.trackingTable)
        #expect(table.sizes == [9, 12, 17, 20, 28])
        #expect(table.tracks.map(\.track) == [-1, 0, 1])
        #expect(table.tracks[1].values == [40, 0, -47, -55, -66])
        #expect(face.hasStyleAttributes)
        #expect(try !FontFace(file: TrackingTests.withoutSTAT).hasStyleAttributes)
        #expect(try FontFace(file: Fixtures.path("DejaVuSansMono.ttf")).trackingTable == nil)
    }

    @Test("the normal track: table values at its sizes, linear between them, the end values outside",
          arguments: [
            (17.0, -47.0),        // a size of the table
            (14.0, -18.8),        // 12 → 17: 0 + (2/5) × (−47 − 0)
            (18.5, -51.0),        // 17 → 20: −47 + (1.5/3) × (−55 + 47)
            (30.0, -66.0),        // above 28: −66, not extrapolated (−68.75)
            (6.0, 40.0),          // below 9: +40, not extrapolated (+80)
          ])
    func interpolates(size: Double, units: Double) throws {
        let table = try #require(try FontFace(file: TrackingTests.withSTAT).trackingTable)
        #expect(approximately(table.value(atPointSize: size), units))
        let font = try Font(file: TrackingTests.withSTAT, size: size)
        #expect(approximately(font.fontTracking, units * size / 2048))
    }

    static let between = Fixtures.path("TrakBetween-Mono.ttf")

    /// TrakBetween-Mono's `trak` (ttx -t trak): no track 0; track −1 = 30, −20, −60 and track +0.5 =
    /// 90, 40, −15 units at 10, 16, 24 pt. The normal track lies between them: HarfBuzz's
    /// `TrackData::get_tracking` (hb-aat-layout-trak-table.hh) takes each track's value at the size
    /// (`TrackTableEntry::get_value`: linear between sizes, the end values outside), then
    /// a + (0 − (−1)) / (0.5 − (−1)) × (b − a), two thirds of the way from track −1 to +0.5; the
    /// TrueType Reference Manual: "interpolation … for the font size and tracking number specified".
    @Test("no track 0: the normal track two thirds of the way from track −1 to +0.5, at and between the table's sizes",
          arguments: [
            (16.0, 20.0),   // −20 + 2/3 × (40 + 20)
            (10.0, 70.0),   // 30 + 2/3 × (90 − 30)
            (24.0, -30.0),  // −60 + 2/3 × (−15 + 60)
            (13.0, 45.0),   // sizes 10 → 16 halfway: track −1 5, track +0.5 65; 5 + 2/3 × 60
            (20.0, -5.0),   // sizes 16 → 24 halfway: track −1 −40, track +0.5 12.5; −40 + 2/3 × 52.5
            (8.0, 70.0),    // below 10: each track's first value, then between tracks as at 10
            (30.0, -30.0),  // above 24: each track's last value
          ])
    func betweenTracks(size: Double, units: Double) throws {
        let face = try FontFace(file: TrackingTests.between)
        let table = try #require(face.trackingTable)
        #expect(table.tracks.map(\.track) == [-1, 0.5])
        #expect(face.hasStyleAttributes)
        #expect(approximately(table.value(atPointSize: size), units))
        let font = try Font(file: TrackingTests.between, size: size)
        #expect(approximately(font.fontTracking, units * size / 2048))
    }

    @Test("a track outside the table's tracks takes the nearest track's values (get_tracking's i == j)")
    func beyondTracks() throws {
        let table = try #require(try FontFace(file: TrackingTests.between).trackingTable)
        #expect(table.value(atPointSize: 16, track: -1) == -20)
        #expect(table.value(atPointSize: 16, track: 0.5) == 40)
        #expect(table.value(atPointSize: 16, track: -2) == -20)
        #expect(table.value(atPointSize: 16, track: 1) == 40)
    }

    @Test("TextKit widths and heights with the normal track between tracks: (1233 + value) × size / 2048 a glyph")
    func textKitBetweenTracks() throws {
        // "Hello" at 16 pt: 5 × (1233 + 20) × 16 / 2048; at 20 pt: 5 × (1233 − 5) × 20 / 2048.
        #expect(approximately(try lineWidth("Hello", font: Font(file: TrackingTests.between, size: 16)), 5 * 1253 * 16 / 2048.0))
        #expect(approximately(try lineWidth("Hello", font: Font(file: TrackingTests.between, size: 20)), 5 * 1228 * 20 / 2048.0))
        // A text view 116 pt wide wraps at 116 − 2 × 5 = 106 pt. "Hello Hello" at 16 pt is 11 × 1253 × 16 / 2048
        // = 107.68 pt: two lines, ceil(2 × 2384 × 16 / 2048 + 8 + 8) = ceil(53.25) = 54 (hhea 1901 − (−483) + 0).
        // Track −1's value alone (11 × 1213 × 16 / 2048 = 104.24) would fit one line, 35.
        let model = TextKitModel()
        let m = model.measure(try model.prepare("Hello Hello", font: Font(file: TrackingTests.between, size: 16)), width: 116)
        #expect(m.lineCount == 2)
        #expect(m.contentHeight == 54)
    }

    @Test("TextKit adds trak to every glyph, the last included: \"Hello\" at 17 pt = 5 × 1186 × 17 / 2048")
    func textKitTracksEveryGlyph() throws {
        let font = try Font(file: TrackingTests.withSTAT, size: 17)
        #expect(approximately(try lineWidth("Hello", font: font), 5 * 1186 * 17 / 2048.0))  // 49.2236328125
        // The inner space is a glyph too; the trailing one hangs.
        #expect(approximately(try lineWidth("Hello world ", font: font), 11 * 1186 * 17 / 2048.0))
    }

    @Test("without STAT, with the CSS model, or with a font lacking trak: shaped advances only")
    func untracked() throws {
        let plain = 5 * 1233 * 17 / 2048.0  // 51.171875
        #expect(approximately(try lineWidth("Hello", font: Font(file: TrackingTests.withoutSTAT, size: 17)), plain))
        #expect(approximately(try lineWidth("Hello", font: Font(file: TrackingTests.withSTAT, size: 17), model: CSSModel()), plain))
        #expect(approximately(try lineWidth("Hello", font: Fixtures.mono(size: 17)), plain))
        let off = TextKitModel(measure: .boundingRect, spacing: GlyphSpacing(fontTracking: false))
        #expect(approximately(try lineWidth("Hello", font: Font(file: TrackingTests.withSTAT, size: 17), model: off), plain))
    }

    @Test("tracking moves a line break: \"Hello Hello\" fits 110 pt tracked (108.29), not untracked (112.58)")
    func trackingMovesBreaks() throws {
        let model = TextKitModel(measure: .boundingRect)
        let tracked = try model.prepare("Hello Hello", font: Font(file: TrackingTests.withSTAT, size: 17))
        let untracked = try model.prepare("Hello Hello", font: Font(file: TrackingTests.withoutSTAT, size: 17))
        #expect(tracked.layout(width: 110).count == 1)
        #expect(untracked.layout(width: 110).count == 2)
        // A word wider than the line breaks between graphemes at tracked advances: 2 glyphs of
        // 9.8447 pt fit 20 pt, 3 do not.
        let word = try model.prepare("HHHHHH", font: Font(file: TrackingTests.withSTAT, size: 17))
        #expect(lineStarts(word.layout(width: 20)) == [0, 2, 4])
    }

    @Test(".kern adds after each glyph, over the font's tracking; a non-zero .tracking replaces .kern and hangs after the last",
          arguments: [
            (1.0, 0.0, 5 * 1.0),    // kern 1 pt after each of the 5 glyphs
            (0.0, -0.5, 4 * -0.5),  // tracking −0.5 pt, the last glyph's as trailing white space
            (1.0, 2.0, 4 * 2.0),    // both: kern ignored (CTStringAttributes.h)
          ])
    func explicitSpacing(kern: Double, tracking: Double, added: Double) throws {
        let font = try Font(file: TrackingTests.withSTAT, size: 17)
        let model = TextKitModel(measure: .boundingRect, spacing: GlyphSpacing(fontTracking: true, kern: kern, tracking: tracking))
        #expect(approximately(try lineWidth("Hello", font: font, model: model), 5 * 1186 * 17 / 2048.0 + added))
    }

    @Test(".tracking is trailing white space: it counts between words on a line, hangs at the line's end")
    func trackingHangs() throws {
        // No trak (no STAT): a glyph is 1233 × 17 / 2048 = 10.2349 pt, + 1 pt of tracking.
        let font = try Font(file: TrackingTests.withoutSTAT, size: 17)
        let model = TextKitModel(measure: .boundingRect, spacing: GlyphSpacing(fontTracking: true, tracking: 1))
        let glyph = 1233 * 17 / 2048.0 + 1
        let prepared = try model.prepare("Hello Hello", font: font)
        // One line: 11 tracked glyphs, the last one's tracking hanging: 11 × 11.2349 − 1 = 122.58.
        #expect(approximately(prepared.layout(width: 10_000)[0].width, 11 * glyph - 1))
        #expect(prepared.layout(width: 11 * glyph - 1).count == 1)
        #expect(prepared.layout(width: 11 * glyph - 1.01).count == 2)
        // A word broken between graphemes: "HHH", "HHH", then the remainder "H" whose tracking hangs
        // (10.23 pt); after it the space (11.23) and "Hi" (2 × 11.23 − 1) pass 3 glyphs: a new line.
        let word = try model.prepare("HHHHHHH Hi", font: font)
        let lines = word.layout(width: 3 * glyph)
        #expect(lineStarts(lines) == [0, 3, 6, 8])
        #expect(approximately(lines[2].width, glyph - 1))
    }

    @Test("a non-zero .tracking turns off optional ligatures: DejaVu Sans \"fi\" is then two tracked glyphs")
    func trackingDropsLigatures() throws {
        // DejaVu Sans (fontTools): GSUB liga forms the fi ligature, 1290 units = f 721 + i 569; at
        // 20.48 pt a unit is 0.01 pt. Kern 1 keeps the ligature: one glyph, 12.9 + 1. Tracking 1:
        // f and i apart, 12.9 + 2 − 1 (the last glyph's tracking hangs).
        let font = try Font(file: Fixtures.path("DejaVuSans.ttf"), size: 20.48)
        let kerned = TextKitModel(measure: .boundingRect, spacing: GlyphSpacing(fontTracking: true, kern: 1))
        let tracked = TextKitModel(measure: .boundingRect, spacing: GlyphSpacing(fontTracking: true, tracking: 1))
        #expect(approximately(try lineWidth("fi", font: font, model: kerned), 12.9 + 1))
        #expect(approximately(try lineWidth("fi", font: font, model: tracked), 12.9 + 2 - 1))
        #expect(try tracked.prepare("fi", font: font).glyphs(from: 0, to: 2).count == 2)
        #expect(try kerned.prepare("fi", font: font).glyphs(from: 0, to: 2).count == 1)
    }

    @Test("a word of two fonts: each glyph gets its own font's trak (\"Héllo\", é from DejaVu Sans Mono, which has no trak)")
    func trackingPerFontInOneWord() throws {
        // TrakSTAT-Mono is printable ASCII only; DejaVu Sans Mono's eacute advances 1233 units (fontTools cmap, hmtx).
        // At 17 pt: H, l, l, o at 1233 − 47 units, é at 1233.
        // The same with a language, which shapes every run in full (HarfBuzz's language: no plain runs).
        for language in [nil, "en"] {
            let fonts = try FontStack(Font(file: TrackingTests.withSTAT, size: 17), fallbacks: [Fixtures.mono(size: 17)],
                                      language: language)
            let prepared = try TextKitModel(measure: .boundingRect).prepare("Héllo", fonts: fonts)
            #expect(approximately(prepared.layout(width: 10_000)[0].width, (4 * 1186 + 1233) * 17 / 2048.0))
        }
    }

    @Test(".tracking after ideographs: 1000 units + 1 pt each, the last one's tracking hanging")
    func trackingAfterIdeographs() throws {
        // Noto Sans CJK SC (subset): 你 and 好 advance 1000 of 1000 units (fontTools hmtx), no trak. Each ideograph
        // is a segment of its own (UAX #14 ID); at 17 pt with .tracking 1, "你好" is 2 × 18 − 1 = 35 pt and
        // "你好你好" 4 × 18 − 1 = 71 pt. Each text is prepared by a fresh Shaper: the first 你 and 好 are words
        // it meets for the first time, the second ones words it has met.
        let font = try Font(file: Fixtures.path("NotoSansCJKsc-Regular.subset.otf"), size: 17)
        let model = TextKitModel(measure: .boundingRect, spacing: GlyphSpacing(fontTracking: true, tracking: 1))
        #expect(approximately(try model.prepare("你好", font: font).layout(width: 10_000)[0].width, 2 * 18 - 1))
        let prepared = try model.prepare("你好你好", font: font)
        #expect(approximately(prepared.layout(width: 10_000)[0].width, 4 * 18 - 1))
        #expect(lineStarts(prepared.layout(width: 35)) == [0, 2])
        #expect(lineStarts(prepared.layout(width: 70.99)) == [0, 3])
    }

    @Test("drawn glyphs carry the tracking that was measured")
    func drawnGlyphs() throws {
        let font = try Font(file: TrackingTests.withSTAT, size: 17)
        let prepared = try TextKitModel().prepare("Hello", font: font)
        let glyphs = prepared.glyphs(from: 0, to: 5)
        #expect(glyphs.count == 5)
        #expect(glyphs.allSatisfy { approximately($0.advance, 1186 * 17 / 2048.0) })
    }
}
