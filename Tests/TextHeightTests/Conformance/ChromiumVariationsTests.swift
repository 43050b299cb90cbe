import Foundation
import Testing
@testable import TextHeight

/// The CSS model against Chromium 156 on variable and tracked fonts: fixtures/chromium/variations.jsonl,
/// recorded by fixtures/chromium/record_variations.py (VarOpszWght-Mono at 6–40 px, font-weight 400–900,
/// font-optical-sizing auto/none, font-variation-settings; TrakSTAT-Mono at 9–30 px). Each case gives the
/// text's advance (a Range's bounding width, LayoutUnit: the float width rounded up to 1/64 px) and the
/// line starts and height of a pre-wrap div.
@Suite("CSS model against Chromium on variable and tracked fonts")
struct ChromiumVariationsTests {
    struct Case {
        var id: String, text: String, font: String
        var size: Double, width: Double, weight: Double
        var opticalSizing: OpticalSizing
        var axes: [FontVariation]
        var advance: Double, lineStarts: [Int], height: Double
    }

    static func load() throws -> [Case] {
        let path = Fixtures.root + "/fixtures/chromium/variations.jsonl"
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        return try lines.dropFirst().map { line in
            let o = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            // "'opsz' 22" → opsz = 22 (CSS font-variation-settings syntax, one axis per case here).
            var axes: [FontVariation] = []
            let settings = (o["fontVariationSettings"] as? String ?? "").split(separator: " ")
            if settings.count == 2, let value = Double(settings[1]) {
                axes.append(FontVariation(tag: settings[0].replacingOccurrences(of: "'", with: ""), value: value))
            }
            func number(_ key: String) -> Double { (o[key] as? NSNumber)?.doubleValue ?? -1 }
            return Case(id: o["id"] as? String ?? "", text: o["text"] as? String ?? "", font: o["font"] as? String ?? "",
                        size: number("size"), width: number("width"), weight: number("fontWeight"),
                        opticalSizing: o["fontOpticalSizing"] as? String == "none" ? .none : .auto, axes: axes,
                        advance: number("advance"), lineStarts: o["lineStarts"] as? [Int] ?? [], height: number("height"))
        }
    }

    @Test("every recorded advance, line start and height matches: opsz = px size, wght = font-weight, no trak")
    func agreement() throws {
        let cases = try ChromiumVariationsTests.load()
        #expect(cases.count == 62)
        let shaper = Shaper()
        let model = CSSModel(measure: .div)
        for c in cases {
            let settings = VariationSettings(weight: c.weight, opticalSizing: c.opticalSizing, axes: c.axes)
            let font = try Font(file: Fixtures.root + "/" + c.font, size: c.size, variation: settings)
            let prepared = try model.prepare(c.text, font: font, shaper: shaper)
            let advance = (prepared.layout(width: 1e6).first?.width ?? 0)
            #expect((advance * 64).rounded(.up) / 64 == c.advance, "\(c.id): advance \(advance)")
            let m = model.measure(prepared, width: c.width, includeLines: true)
            #expect(m.lines.map(\.start) == c.lineStarts, "\(c.id): line starts")
            #expect(abs(m.contentHeight - c.height) < 1.0 / 128, "\(c.id): height \(m.contentHeight)")
        }
    }
}
