import Foundation
import Testing
@testable import TextHeight

/// Opt-in: the user's own SF Pro against published iOS figures. SF Pro cannot be redistributed, so
/// this runs only when TEXTHEIGHT_SF_PRO names the variable `SF-Pro.ttf` (developer.apple.com/fonts).
///
/// - `UIFont.systemFont(ofSize:).lineHeight`: 10 → 11.93359375, 12 → 14.3203125, 15 → 17.900390625,
///   16 → 19.09375, 17 → 20.287109375, 20 → 23.8671875 (public unit tests and posts, iOS 14–17).
/// - Tracking per size, Apple HIG "Typography" SF Pro table (1/1000 em, editions of iOS 11–17):
///   12: 0, 13: −6, 14: −11, 15: −16, 16: −20, 17: −26, 18: −25, 19: −24, 20: −23, 22: −12, 24: +3,
///   28: +14. The HIG's own columns disagree by up to 0.012 pt (17 pt: −0.43 pt vs −26/1000 em =
///   −0.442 pt), so the font's `trak` is checked within 3/1000 em.
@Suite("SF Pro against published iOS figures (opt-in: TEXTHEIGHT_SF_PRO)")
struct SFProConformanceTests {
    static let path = ProcessInfo.processInfo.environment["TEXTHEIGHT_SF_PRO"].flatMap { $0.isEmpty ? nil : $0 }
    static let skipReason: Comment = "skipped: set TEXTHEIGHT_SF_PRO to your SF-Pro.ttf (developer.apple.com/fonts)"

    @Test("the variable SF Pro has what CoreText uses: trak, STAT, opsz, wght; opsz follows the point size",
          .enabled(if: path != nil, skipReason))
    func tables() throws {
        let face = try FontFace(file: try #require(SFProConformanceTests.path))
        #expect(face.trackingTable != nil && face.hasStyleAttributes)
        #expect(face.axes.map(\.tag).contains("opsz") && face.axes.map(\.tag).contains("wght"))
        let font = try Font(face: face, size: 17)
        #expect(font.variations.first { $0.tag == "opsz" }?.value == 17)
    }

    @Test("UIFont.lineHeight at published sizes", .enabled(if: path != nil, skipReason),
          arguments: [(10.0, 11.93359375), (12, 14.3203125), (15, 17.900390625), (16, 19.09375), (17, 20.287109375),
                      (20, 23.8671875)])
    func lineHeight(size: Double, published: Double) throws {
        let font = try Font(file: try #require(SFProConformanceTests.path), size: size)
        let model = TextKitModel(measure: .boundingRect)
        #expect(model.measure(try model.prepare("Hello", font: font), width: 1000).lineHeight == published)
    }

    @Test("trak at the HIG's sizes, within 3/1000 em", .enabled(if: path != nil, skipReason),
          arguments: [(12.0, 0.0), (13, -6), (14, -11), (15, -16), (16, -20), (17, -26), (18, -25), (19, -24),
                      (20, -23), (22, -12), (24, 3), (28, 14)])
    func tracking(size: Double, perMille: Double) throws {
        let font = try Font(file: try #require(SFProConformanceTests.path), size: size)
        #expect(abs(font.fontTracking / size * 1000 - perMille) <= 3, "\(size) pt: \(font.fontTracking / size * 1000)/1000 em")
    }
}
