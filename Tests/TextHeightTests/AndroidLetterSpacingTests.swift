import Testing
@testable import TextHeight

/// `TextView.setLetterSpacing` (em) as Minikin applies it (android-15.0.0_r6): LayoutPiece
/// (LayoutCore.cpp) gives every cluster half the spacing before and half after, but control
/// characters (`u_iscntrl`) and the scripts `isLetterSpacingCapableScript` leaves out; the line
/// breakers (GreedyLineBreaker `isWidthExceeded`, OptimalLineBreaker `pushBreakCandidate`) take one
/// spacing off each line; liga and clig are off above 0.03 em (FontFeatureUtils.cpp).
///
/// Inter (fontTools): unitsPerEm 2816, hmtx a 1588, b 1748, c 1572, space 792; at 28.16 px one unit
/// is 0.01 px, so "abc" is 49.08 px and "abc abc" 106.08; 0.1 em is 2.816 px.
@Suite("Android letter spacing: Minikin's clusters, scripts and line edges")
struct AndroidLetterSpacingTests {
    func line(_ text: String, _ model: AndroidModel, width: Double = 10_000, font: Font? = nil) throws -> Measurement {
        let prepared = try model.prepare(text, font: try font ?? Fixtures.inter(size: 28.16))
        return model.measure(prepared, width: width, includeLines: true)
    }

    func spaced(_ em: Double, _ measure: AndroidModel.Measure = .staticLayout) -> AndroidModel {
        var model = AndroidModel(measure: measure)
        model.letterSpacing = em
        return model
    }

    @Test("each cluster gains the spacing, the line reports one less: abc = 49.08 + 3 × 2.816 − 2.816")
    func clusterSpacing() throws {
        let m = try line("abc", spaced(0.1))
        #expect(abs((m.lines.first?.width ?? 0) - 54.712) < 1e-9)
        // A negative spacing narrows the same way: 49.08 − 2 × 1.408.
        let narrow = try line("abc", spaced(-0.05))
        #expect(abs((narrow.lines.first?.width ?? 0) - 46.264) < 1e-9)
    }

    @Test("a line fits when its width less one spacing fits: abc abc = 106.08 + 6 × 2.816 fits 122.976",
          arguments: [AndroidModel.Measure.staticLayout, .textView])
    func edgeFit(_ measure: AndroidModel.Measure) throws {
        // textview breaks high-quality (OptimalLineBreaker, in float: 1/1000 px either side): the
        // same one spacing less per line.
        let model = spaced(0.1, measure)
        #expect(try line("abc abc", model, width: 122.976 + 1e-3).lineCount == 1)
        #expect(try line("abc abc", model, width: 122.976 - 1e-3).lineCount == 2)
    }

    @Test("Devanagari letters take none (isLetterSpacingCapableScript); the space between words does, and pays the edge")
    func excludedScript() throws {
        let font = try Font(file: Fixtures.path("NotoSansDevanagari-Regular.ttf"), size: 30)
        let text = "नमस्ते नमस्ते"
        let plain = try line(text, AndroidModel(measure: .staticLayout), font: font).lines.first?.width ?? 0
        let spacedWidth = try line(text, spaced(0.1), font: font).lines.first?.width ?? 0
        // One space × 3 px − the edge's 3 px.
        #expect(abs(spacedWidth - plain) < 1e-9)
        // A number between the words is a piece of script Common: "123" and two spaces, less the edge.
        let number = "नमस्ते 123 नमस्ते"
        let plainNumber = try line(number, AndroidModel(measure: .staticLayout), font: font).lines.first?.width ?? 0
        let spacedNumber = try line(number, spaced(0.1), font: font).lines.first?.width ?? 0
        #expect(abs(spacedNumber - plainNumber - 4 * 3) < 1e-9)
        // A bidi mark ends a piece inside a word (LayoutUtils.cpp isWordBreakAfter): "123" before it is
        // a Common piece, spaced; the mark, a format character, is not: one space and three digits, less the edge.
        let marked = "नमस्ते 123\u{200E}नमस्ते"
        let plainMarked = try line(marked, AndroidModel(measure: .staticLayout), font: font).lines.first?.width ?? 0
        let spacedMarked = try line(marked, spaced(0.1), font: font).lines.first?.width ?? 0
        #expect(abs(spacedMarked - plainMarked - 3 * 3) < 1e-9)
        // A word wider than the line is cut where its clusters, unspaced, and the line less one
        // spacing allow: as without spacing on a line 3 px wider.
        let word = String(repeating: "नमस्ते", count: 6)
        let cuts = try line(word, spaced(0.1), width: 100, font: font).lines.map(\.start)
        #expect(cuts.count > 2)
        #expect(cuts == (try line(word, AndroidModel(measure: .staticLayout), width: 103, font: font).lines.map(\.start)))
    }

    @Test("a format character (U+2060, Cf) is a control for u_iscntrl: DejaVu a⁠b = (1255 + 0 + 1300)/100 + 2.048")
    func controlCharacters() throws {
        // DejaVu Sans: unitsPerEm 2048, a 1255, uni2060 0, b 1300; at 20.48 px a unit is 0.01 px; 0.1 em = 2.048.
        let font = try Font(file: Fixtures.path("DejaVuSans.ttf"), size: 20.48)
        let m = try line("a\u{2060}b", spaced(0.1), font: font)
        #expect(abs((m.lines.first?.width ?? 0) - (25.55 + 2 * 2.048 - 2.048)) < 1e-9)
    }

    @Test("liga and clig go above 0.03 em: DejaVu fi is one cluster at 0.02 em, two at 0.03125 em")
    func ligatures() throws {
        // DejaVu Sans: the fi ligature 1290 = f 721 + i 569; at 20.48 px, 12.90 px either way.
        let font = try Font(file: Fixtures.path("DejaVuSans.ttf"), size: 20.48)
        let ligated = try line("fi", spaced(0.02), font: font)
        #expect(abs((ligated.lines.first?.width ?? 0) - 12.90) < 1e-9)  // 1 cluster: + 0.4096 − 0.4096
        let apart = try line("fi", spaced(0.03125), font: font)
        #expect(abs((apart.lines.first?.width ?? 0) - (12.90 + 0.64)) < 1e-9)  // 2 clusters: + 2 × 0.64 − 0.64
    }

    @Test("no letter spacing, no change: the rules are the model's plain ones")
    func zeroIsPlain() throws {
        #expect(spaced(0).breakRules == AndroidModel.breakRules)
        #expect(try line("abc", spaced(0)).lines.first?.width == 49.08)
    }
}
