import Foundation
import Testing
@testable import TextHeight

/// The CSS model against layouts recorded from Chromium 156 (fixtures/chromium/references.jsonl,
/// recorded by fixtures/chromium/record.py), parley-style: the known residual counts are asserted
/// exactly, so an improvement and a regression both fail until this file is updated.
@Suite("CSS model against recorded Chromium layouts")
struct ChromiumConformanceTests {
    /// Residual classes (README "Agreement with Chromium"): Blink's text-spacing-trim (HanKerning)
    /// on fullwidth CJK punctuation.
    static func residualClass(_ text: String) -> String? {
        let cjkPunctuation: Set<Character> = ["、", "。", "，", "．", "：", "；", "！", "？", "・", "「", "」", "『", "』",
                                              "（", "）", "《", "》", "〈", "〉", "【", "】", "〔", "〕", "［", "］", "｛", "｝", "“", "”"]
        if text.contains(where: { cjkPunctuation.contains($0) }) { return "text-spacing-trim" }
        return nil
    }

    @Test("line starts match Chromium in every case but the known residual classes; heights match whenever starts do")
    func agreement() throws {
        let (version, cases) = try ChromiumCase.load()
        let results = try Conformance.run(cases)
        let startMismatches = results.filter { !$0.startsMatch }
        let heightMismatches = results.filter { $0.startsMatch && !$0.heightMatches }
        let scrollMismatches = results.filter { $0.startsMatch && !$0.scrollMatches }
        print("Chromium \(version): \(results.count) cases; line starts agree in \(results.count - startMismatches.count), "
              + "heights (to 1/64 px) and scrollHeight in every case whose starts agree: "
              + "\(heightMismatches.isEmpty && scrollMismatches.isEmpty)")
        for r in startMismatches {
            print("  \(r.reference.id) [\(ChromiumConformanceTests.residualClass(r.reference.text) ?? "unexplained")] "
                  + "Chromium \(r.reference.lineStarts) textheight \(r.lineStarts)")
        }
        #expect(cases.count == 2786)
        #expect(heightMismatches.map(\.reference.id) == [])
        #expect(scrollMismatches.map(\.reference.id) == [])
        let classes = Dictionary(grouping: startMismatches) { ChromiumConformanceTests.residualClass($0.reference.text) ?? "unexplained" }
            .mapValues(\.count)
        #expect(classes == ["text-spacing-trim": 2])
    }
}
