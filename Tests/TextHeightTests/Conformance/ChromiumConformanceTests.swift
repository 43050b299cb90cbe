import Foundation
import Testing
@testable import TextHeight

/// The CSS model against layouts recorded from Chromium 156 (fixtures/chromium/references.jsonl,
/// recorded by fixtures/chromium/record.py). The differing cases are pinned by id, with their line starts on
/// both sides, so an improvement, a regression, or one case swapped for another all fail until this file changes.
@Suite("CSS model against recorded Chromium layouts")
struct ChromiumConformanceTests {
    /// The cases whose line starts differ (README "Agreement with Chromium"), with the starts each side gives:
    /// none. The last ones were text-spacing-trim's line-start rule (issue 16: c2309 and c2344 broke before a
    /// 「 that textheight had trimmed at the line start, where Chromium 156 sets it full width), and in the
    /// text-properties references (issue 13) allow-end before a line break, UAX #14 15.1 quotation breaks,
    /// Liberation Sans's kerning with the space, Chromium's ICU line tables for `lang`, Noto CJK's KOR space.
    static let knownDifferences: [String: (chromium: [Int], textheight: [Int])] = [:]
    /// The cases whose height or scrollHeight differs.
    static let knownHeightDifferences: [String] = []

    @Test("line starts match Chromium in every case but the pinned ones; heights and scrollHeight likewise")
    func agreement() throws {
        let (version, cases) = try ChromiumCase.load()
        let results = try Conformance.run(cases)
        let startMismatches = results.filter { !$0.startsMatch }
        let heightMismatches = results.filter { !$0.heightMatches }
        let scrollMismatches = results.filter { !$0.scrollMatches }
        print("Chromium \(version): \(results.count) cases; line starts agree in \(results.count - startMismatches.count), "
              + "heights (to 1/64 px) in \(results.count - heightMismatches.count), "
              + "scrollHeight in \(results.count - scrollMismatches.count)")
        for r in startMismatches {
            print("  \(r.reference.id) Chromium \(r.reference.lineStarts) textheight \(r.lineStarts)")
        }
        #expect(cases.count == 7713)  // 2,786 defaults + 4,203 text properties + 724 tabs under spacing
        #expect(startMismatches.map(\.reference.id).sorted() == ChromiumConformanceTests.knownDifferences.keys.sorted())
        for r in startMismatches {
            let known = ChromiumConformanceTests.knownDifferences[r.reference.id]
            #expect(known?.chromium == r.reference.lineStarts, "\(r.reference.id): recorded starts")
            #expect(known?.textheight == r.lineStarts, "\(r.reference.id): textheight's starts moved")
        }
        #expect(heightMismatches.map(\.reference.id) == ChromiumConformanceTests.knownHeightDifferences)
        #expect(scrollMismatches.map(\.reference.id) == ChromiumConformanceTests.knownHeightDifferences)
    }
}
