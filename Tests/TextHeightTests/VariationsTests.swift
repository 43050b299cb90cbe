import CHarfBuzz
import Testing
@testable import TextHeight

/// Variable fonts on `VarOpszWght-Mono.ttf` (built by `fixtures/fonts/build-tracking-fonts.py`):
/// fvar `opsz` 8…12…32 and `wght` 400…400…700 (ttx -t fvar); every glyph advances 1233 units at the
/// default, 1541 at opsz 32, 1433 at wght 700 (the masters' hmtx; HVAR deltas +308 and +200).
/// An advance at coordinates is 1233 + round(Σ delta × n), n each coordinate normalized to its axis
/// (OpenType "Coordinate scales and normalization"), quantized to F2DOT14 (n × 16384 rounded); the
/// sum of the HVAR deltas is rounded once (HarfBuzz's hmtx `get_advance_with_var_unscaled`).
@Suite("Variable fonts (opsz, wght, variations)")
struct VariationsTests {
    static let path = Fixtures.path("VarOpszWght-Mono.ttf")

    /// The advance of one glyph in font units, from a 10-glyph line.
    func advance(_ font: Font, model: any PlatformModel = TextKitModel(measure: .boundingRect)) throws -> Double {
        let prepared = try model.prepare("HHHHHHHHHH", font: font)
        return (prepared.layout(width: 100_000).first?.width ?? 0) / 10 / font.size * 2048
    }

    static func expected(opsz: Double, wght: Double) -> Double {
        func f2dot14(_ n: Double) -> Double { (n * 16384).rounded() / 16384 }
        return 1233 + (308 * f2dot14(max(0, (opsz - 12) / 20)) + 200 * f2dot14((wght - 400) / 300)).rounded()
    }

    @Test("the axes read as fvar has them")
    func axes() throws {
        let face = try FontFace(file: VariationsTests.path)
        #expect(face.axes == [VariationAxis(tag: "opsz", minimum: 8, defaultValue: 12, maximum: 32),
                              VariationAxis(tag: "wght", minimum: 400, defaultValue: 400, maximum: 700)])
        #expect(try FontFace(file: Fixtures.path("DejaVuSansMono.ttf")).axes.isEmpty)
    }

    @Test("opsz follows the size by default, clamped to the axis (both models)",
          arguments: [(17.0, 17.0), (14.0, 14.0), (32.0, 32.0), (40.0, 32.0), (10.0, 10.0), (6.0, 8.0)])
    func opticalSizeAuto(size: Double, opsz: Double) throws {
        let font = try Font(file: VariationsTests.path, size: size)
        #expect(font.variations == [FontVariation(tag: "opsz", value: opsz), FontVariation(tag: "wght", value: 400)])
        let want = VariationsTests.expected(opsz: opsz, wght: 400)  // 17 pt: 1233 + 308 × 0.25 = 1310
        #expect(approximately(try advance(font), want, within: 1e-6))
        #expect(approximately(try advance(font, model: CSSModel()), want, within: 1e-6))
    }

    @Test("optical sizing off keeps the default; a pinned value wins over the size")
    func opticalSizeSettings() throws {
        let off = try Font(file: VariationsTests.path, size: 20, variation: VariationSettings(opticalSizing: .none))
        #expect(off.variations.first?.value == 12)
        #expect(approximately(try advance(off), 1233))
        let pinned = try Font(file: VariationsTests.path, size: 20, variation: VariationSettings(opticalSizing: .fixed(32)))
        #expect(approximately(try advance(pinned), 1541))
    }

    @Test("weight sets wght; explicit variations win over weight and optical size",
          arguments: [(700.0, 1433.0), (550.0, 1333.0), (900.0, 1433.0)])
    func weight(wght: Double, units: Double) throws {
        let font = try Font(file: VariationsTests.path, size: 12, variation: VariationSettings(weight: wght))
        #expect(font.variations[1].value == min(wght, 700))
        #expect(approximately(try advance(font), units))
    }

    @Test("font-variation-settings applies last")
    func explicitAxes() throws {
        let settings = VariationSettings(weight: 700, axes: [FontVariation(tag: "opsz", value: 22), FontVariation(tag: "wght", value: 400)])
        let font = try Font(file: VariationsTests.path, size: 12, variation: settings)
        #expect(font.variations == [FontVariation(tag: "opsz", value: 22), FontVariation(tag: "wght", value: 400)])
        #expect(approximately(try advance(font), 1233 + 154))  // opsz 22: n = 0.5, 308 × 0.5
    }

    @Test("two axes at once: the summed delta is rounded once (opsz 13 + wght 450: 15.40 + 33.34 → 49)")
    func summedDeltas() throws {
        let settings = VariationSettings(axes: [FontVariation(tag: "wght", value: 450)])
        let font = try Font(file: VariationsTests.path, size: 13, variation: settings)
        // opsz 13: n = 819/16384, × 308 = 15.397; wght 450: n = 2731/16384, × 200 = 33.337.
        #expect(approximately(try advance(font), 1282))
        #expect(VariationsTests.expected(opsz: 13, wght: 450) == 1282)
    }

    /// Both ways a run's width is cached: plain runs through the stack's memo, and runs shaped with a
    /// language (`Shaper.advance(of:in:)`: no plain runs then), which resolve their cache per run.
    @Test("one Shaper keeps instances apart: the width cache is keyed on the coordinates", arguments: [nil, "en"])
    func cacheKeyedOnInstance(language: String?) throws {
        let shaper = Shaper()
        let face = try FontFace(file: VariationsTests.path)  // one face, two instances
        let model = TextKitModel(measure: .boundingRect)
        let small = try model.prepare("HH", fonts: FontStack(Font(face: face, size: 12), language: language), shaper: shaper)
        let large = try model.prepare("HH", fonts: FontStack(Font(face: face, size: 32), language: language), shaper: shaper)
        #expect(approximately(small.layout(width: 1000)[0].width, 2 * 1233 * 12 / 2048.0))
        #expect(approximately(large.layout(width: 1000)[0].width, 2 * 1541 * 32 / 2048.0))
    }

    /// The Shaper's stack memos hold their fonts alive, so each face is freed only once `maxMemos` other stacks
    /// have pushed its memo out, while the width caches (bounded apart) keep its widths. malloc may then hand a
    /// freed instance's hb_font address to a later instance (with caches keyed on that address, 2 runs in 3 of
    /// these 24 rounds measured one size with the other's widths); `serialsNotAddresses` forces the collision.
    @Test("a Shaper that outlives its fonts never hands one font's widths to another")
    func shaperOutlivesFaces() throws {
        let shaper = Shaper()
        let model = TextKitModel(measure: .boundingRect)
        let mono = try FontFace(file: Fixtures.path("DejaVuSansMono.ttf"))  // static: one instance at every size
        for i in 0..<24 {
            let size = i % 2 == 0 ? 12.0 : 32.0
            let prepared = try model.prepare("HH", font: Font(file: VariationsTests.path, size: size), shaper: shaper)
            #expect(approximately(prepared.layout(width: 1000)[0].width, 2 * (i % 2 == 0 ? 1233 : 1541) * size / 2048))
            for k in 0..<Shaper.maxMemos {
                _ = try model.prepare("H", font: Font(face: mono, size: 10 + Double(k)), shaper: shaper)
            }
        }
    }

    /// Two instances over one hb_font stand for a freed instance's address handed to a later one, which a test
    /// cannot make malloc do: the caches a Shaper keys on an instance (here its run measurers, `NominalRuns`)
    /// must tell them apart. NominalRules.ttf (build-nominal-rules-font.py): `liga` makes two x one glyph,
    /// twox 900 units; without optional ligatures, `locl` makes two two.alt, 560, and x stays 480.
    @Test("instances over one hb_font keep their own widths: caches key on a serial, not an address")
    func serialsNotAddresses() throws {
        let face = try FontFace(file: Fixtures.path("NominalRules.ttf"))
        let ligatures = FaceInstance(hbFont: hb_font_reference(face.hbFont))
        let noLigatures = FaceInstance(hbFont: hb_font_reference(face.hbFont), features: FaceInstances.noOptionalLigatures)
        #expect(ligatures.serial != noLigatures.serial)
        let shaper = Shaper()
        shaper.nominalRunsAfterMisses = 0
        func advance(_ instance: FaceInstance) -> Int64 {
            let units = Array("2x".utf16)
            return units.withUnsafeBufferPointer {
                shaper.advance(of: $0, hash: WidthCache.hash($0), cache: WidthCache(), instance: instance).advance
            }
        }
        // Without ligatures first: "2x" qualifies there (two → two.alt everywhere), and is measured without shaping.
        #expect(advance(noLigatures) == 560 + 480)
        #expect(shaper.nominalRunsMeasured == 1)
        #expect(advance(ligatures) == 900)
    }

    @Test("hundreds of sizes of one opsz font: instances and width caches start over, widths stay right")
    func manySizes() throws {
        let face = try FontFace(file: VariationsTests.path)
        let shaper = Shaper()
        let model = TextKitModel(measure: .boundingRect)
        for step in 0..<320 {
            let size = 8 + Double(step) / 10  // 320 distinct opsz values from 8 to 39.9
            let prepared = try model.prepare("HH", font: Font(face: face, size: size), shaper: shaper)
            let want = 2 * VariationsTests.expected(opsz: min(size, 32), wght: 400) * size / 2048
            #expect(approximately(prepared.layout(width: 10_000)[0].width, want, within: 1e-9), "\(size) pt")
        }
    }

    @Test("a static font has no variations and measures as before")
    func staticFont() throws {
        let font = try Fixtures.mono(size: 17)
        #expect(font.variations.isEmpty)
        #expect(font.instance === font.face.base)
    }
}
