import Foundation
@testable import TextHeight

/// fixtures/chromium/references.jsonl: layouts recorded from headless Chromium by
/// fixtures/chromium/record.py (its header names the Chromium version and font digests).
struct ChromiumCase {
    var id: String
    var text: String
    var font: String
    var fallback: [String]
    var size: Double
    var width: Double
    var lineHeight: CSSModel.LineHeight
    var measure: CSSModel.Measure
    var lineCount: Int
    var lineStarts: [Int]
    var height: Double
    var scrollHeight: Double
    /// CSS text properties set on the element (camelCase name → CSS value) and its `lang` attribute.
    var style: [String: String] = [:]
    var langAttribute: String?

    /// The CSS properties of `style` (the recorder writes only values Chromium accepts).
    var cssText: CSSText {
        var text = CSSText()
        for (name, value) in style {
            switch name {
            case "letterSpacing": text.letterSpacing = CSSText.Length(css: value) ?? .px(0)
            case "wordSpacing": text.wordSpacing = CSSText.Length(css: value) ?? .px(0)
            case "wordBreak": text.wordBreak = CSSText.WordBreak(rawValue: value) ?? .normal
            case "lineBreak": text.lineBreak = CSSText.LineBreak(rawValue: value) ?? .auto
            case "overflowWrap": text.overflowWrap = CSSText.OverflowWrap(rawValue: value) ?? .breakWord
            case "tabSize": text.tabSize = CSSText.TabSize(css: value) ?? .spaces(8)
            case "textSpacingTrim": text.textSpacingTrim = CSSText.TextSpacingTrim(rawValue: value) ?? .normal
            default: break
            }
        }
        return text
    }

    /// references.jsonl (the defaults), text-properties.jsonl (issue 13's properties and lang) and
    /// tab-spacing.jsonl (issue 30: tabs under letter-spacing and word-spacing), break-anywhere.jsonl (issue 30's
    /// line-break: anywhere and word-break: break-all).
    static let files = ["references.jsonl", "text-properties.jsonl", "tab-spacing.jsonl", "break-anywhere.jsonl"]

    static func load() throws -> (version: String, cases: [ChromiumCase]) {
        var all: [ChromiumCase] = []
        var version = "?"
        for file in files {
            let (fileVersion, cases) = try load(Fixtures.root + "/fixtures/chromium/" + file)
            version = fileVersion
            all += cases
        }
        return (version, all)
    }

    static func load(_ path: String) throws -> (version: String, cases: [ChromiumCase]) {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let header = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        var cases: [ChromiumCase] = []
        for line in lines.dropFirst() {
            guard let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
            let lineHeight: CSSModel.LineHeight
            if let number = o["lineHeight"] as? Double {
                lineHeight = .multiple(number)
            } else if let text = o["lineHeight"] as? String, text.hasSuffix("px"), let px = Double(text.dropLast(2)) {
                lineHeight = .pixels(px)
            } else {
                lineHeight = .normal
            }
            cases.append(ChromiumCase(
                id: o["id"] as? String ?? "", text: o["text"] as? String ?? "", font: o["font"] as? String ?? "",
                fallback: o["fallback"] as? [String] ?? [], size: (o["size"] as? NSNumber)?.doubleValue ?? 0,
                width: (o["width"] as? NSNumber)?.doubleValue ?? 0, lineHeight: lineHeight,
                measure: CSSModel.Measure(rawValue: o["measure"] as? String ?? "") ?? .div,
                lineCount: o["lineCount"] as? Int ?? -1, lineStarts: o["lineStarts"] as? [Int] ?? [],
                height: (o["height"] as? NSNumber)?.doubleValue ?? -1,
                scrollHeight: (o["scrollHeight"] as? NSNumber)?.doubleValue ?? -1,
                style: o["style"] as? [String: String] ?? [:], langAttribute: o["langAttribute"] as? String))
        }
        return (header?["chromium"] as? String ?? "?", cases)
    }
}

/// The CSS model's verdict on one recorded case.
struct ConformanceResult {
    var reference: ChromiumCase
    var lineStarts: [Int]
    var height: Double
    var scrollHeight: Double
    var startsMatch: Bool { lineStarts == reference.lineStarts }
    var heightMatches: Bool { abs(height - reference.height) < 1.0 / 128 }
    var scrollMatches: Bool { scrollHeight == reference.scrollHeight }
}

enum Conformance {
    static func run(_ cases: [ChromiumCase]) throws -> [ConformanceResult] {
        var faces: [String: FontFace] = [:]
        func face(_ path: String) throws -> FontFace {
            if let face = faces[path] { return face }
            let face = try FontFace(file: Fixtures.root + "/" + path)
            faces[path] = face
            return face
        }
        let shaper = Shaper()
        return try cases.map { c in
            let primary = try Font(face: face(c.font), size: c.size)
            let fallbacks = try c.fallback.map { try Font(face: face($0), size: c.size) }
            let fonts = try FontStack(primary, fallbacks: fallbacks, language: c.langAttribute)
            let model = CSSModel(measure: c.measure, lineHeight: c.lineHeight, text: c.cssText)
            let prepared = try model.prepare(c.text, fonts: fonts, shaper: shaper)
            // Line starts come from the div (the recorder measures them there).
            let div = CSSModel(measure: .div, lineHeight: c.lineHeight, text: c.cssText)
            let starts = div.measure(prepared, width: c.width, includeLines: true).lines.map(\.start)
            // Recorded `height` is the div's getBoundingClientRect for both measures.
            let divHeight = div.measure(prepared, width: c.width).contentHeight
            let m = model.measure(prepared, width: c.width)
            return ConformanceResult(reference: c, lineStarts: starts, height: divHeight, scrollHeight: m.scrollHeight ?? -1)
        }
    }
}
