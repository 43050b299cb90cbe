import Testing
@testable import TextHeight

/// `measureJoins` skips a join between two characters no lookup of their run's shape plan
/// reaches (`InertGlyphs`). The expected values come from HarfBuzz itself: such a pair, shaped
/// together, must advance exactly as its two halves shaped apart; and the joins a text keeps must
/// be the ones it keeps when every join is measured.
@Suite("Inert joins")
struct InertGlyphsTests {
    static let cjkFirst = ["NotoSansCJKsc-Regular.subset.otf"]
        + FastPathTests.chain.filter { !$0.hasPrefix("NotoSansCJK") }

    func stack(_ names: [String]) throws -> FontStack {
        let fonts = try names.map { try Font(file: Fixtures.path($0), size: 16) }
        return try FontStack(fonts[0], fallbacks: Array(fonts.dropFirst()))
    }

    /// Every pair of neighbouring BMP characters of the corpus that the primary font draws, with
    /// the run's script as `joinIsInert` finds it: a pair called inert shapes as its halves do.
    @Test("a pair called inert shapes as its halves (Noto Sans CJK, the whole corpus)")
    func pairsShapeApart() throws {
        let fonts = try stack(InertGlyphsTests.cjkFirst)
        let font = fonts.primary
        let shaper = Shaper()
        let memo = shaper.memo(for: fonts, glyphSpacing: .none)
        let runs = FontRuns(stack: fonts, memo: memo)
        func advance(_ units: [UInt16]) -> Int64 { units.withUnsafeBufferPointer { shaper.advance(of: $0, in: font).advance } }
        var seen: Set<UInt32> = []
        var inert = 0, differing: [String] = []
        for (_, text) in FastPathTests.messages {
            let units = Array(text.utf16)
            for k in 1..<max(units.count, 1) {
                let a = units[k - 1], b = units[k]
                guard a >= 0x20, b >= 0x20, a & 0xF800 != 0xD800, b & 0xF800 != 0xD800,
                      seen.insert(UInt32(a) << 16 | UInt32(b)).inserted,
                      font.face.covers(Unicode.Scalar(a) ?? " "), font.face.covers(Unicode.Scalar(b) ?? " ") else { continue }
                let scriptA = UInt8(truncatingIfNeeded: memo.info(UInt32(a), runs))
                let scriptB = UInt8(truncatingIfNeeded: memo.info(UInt32(b), runs))
                guard scriptA == 0 || scriptB == 0 || scriptA == scriptB else { continue }
                let script = scriptA != 0 ? scriptA : scriptB
                guard script != 0, memo.areInert(a, b, font: 0, script: script) else { continue }
                inert += 1
                if advance([a, b]) != advance([a]) + advance([b]) {
                    differing.append(String(decoding: [a, b], as: UTF16.self))
                }
            }
        }
        #expect(inert > 10_000)  // the rule is not vacuous: most ideograph pairs qualify
        #expect(differing.isEmpty, "\(differing.prefix(10))")
    }

    /// Noto Sans CJK kerns クグ (−40 units in HarfBuzz, as Chromium draws it): not inert; 一二 is.
    @Test("kana that kern are not inert, ideographs are")
    func kanaKern() throws {
        let fonts = try stack(InertGlyphsTests.cjkFirst)
        let shaper = Shaper()
        let memo = shaper.memo(for: fonts, glyphSpacing: .none)
        let runs = FontRuns(stack: fonts, memo: memo)
        func advance(_ s: String) -> Int64 {
            Array(s.utf16).withUnsafeBufferPointer { shaper.advance(of: $0, in: fonts.primary).advance }
        }
        #expect(advance("クグ") != advance("ク") + advance("グ"))
        let katakana = UInt8(truncatingIfNeeded: memo.info(0x30AF, runs))
        #expect(!memo.areInert(0x30AF, 0x30B0, font: 0, script: katakana))
        let han = UInt8(truncatingIfNeeded: memo.info(0x4E00, runs))
        #expect(advance("一二") == advance("一") + advance("二"))
        #expect(memo.areInert(0x4E00, 0x4E8C, font: 0, script: han))
    }

    /// The one-unit join path (`Itemization.oneUnitJoinIsInert`) gives `joinIsInert`'s verdict at
    /// every join between two one-unit segments: compared verdict by verdict, since a wrong "not
    /// inert" only costs a measurement and leaves every width as it was. Inter first, so that the
    /// ideographs and kana stand in a fallback font.
    @Test("one-unit joins: joinIsInert's verdicts")
    func oneUnitJoins() throws {
        let fonts = try FontStack(try Font(file: Fixtures.path("Inter-Regular.otf"), size: 16),
                                  fallbacks: try stack(InertGlyphsTests.cjkFirst).fonts)
        let shaper = Shaper()
        var compared = 0, inert = 0
        var differing: [String] = []
        for (id, text) in FastPathTests.messages {
            let prepared = try PreparedText(text, fonts: fonts, rules: TextKitModel.breakRules, shaper: shaper)
            let memo = shaper.memo(for: fonts, glyphSpacing: prepared.rules.spacing)
            prepared.utf16.withUnsafeBufferPointer { units in
                let items = Itemization(units, fonts: fonts, memo: memo, plainRuns: true,
                                        graphemeEnds: shaper.withGraphemeEnds)
                for i in 0..<max(prepared.segmentEnds.count - 1, 0)
                where prepared.flags[i].contains(.oneUnit) && prepared.flags[i + 1].contains(.oneUnit) {
                    let join = Int(prepared.segmentEnds[i])
                    let verdict = items.joinIsInert(units, at: join)
                    compared += 1
                    inert += verdict ? 1 : 0
                    if items.oneUnitJoinIsInert(units, at: join, fonts: prepared.fontMasks[i],
                                                prepared.fontMasks[i + 1]) != verdict { differing.append(id) }
                }
            }
        }
        #expect(compared > 10_000 && inert > 1_000 && compared - inert > 1_000, "\(compared), \(inert) inert")
        let differingCount = differing.count  // not the array itself: a failure would print every id
        #expect(differingCount == 0, "first: \(differing.prefix(10))")
    }

    /// `fontOfSpace` names the primary for a lone U+0020 without looking for its font run: at every
    /// space of the corpus (Inter first, so Arabic, Hebrew, Thai, Devanagari and CJK words stand in
    /// fallback runs around their spaces), and beside a combining mark (one cluster with the space),
    /// it must be nil or what `fontOfUnit` finds from the runs.
    @Test("lone spaces: fontOfSpace agrees with fontOfUnit")
    func loneSpaces() throws {
        let fonts = try FontStack(try Font(file: Fixtures.path("Inter-Regular.otf"), size: 16),
                                  fallbacks: try stack(InertGlyphsTests.cjkFirst).fonts)
        let shaper = Shaper()
        let memo = shaper.memo(for: fonts, glyphSpacing: .none)
        var compared = 0, inFallbackRuns = 0, left = 0
        var differing: [String] = []
        let texts = FastPathTests.messages + [("marks", "a \u{301}b \u{5D0} \u{5B8}\u{5D1} 中 \u{3099}文")]
        for (id, text) in texts {
            let units = Array(text.utf16)
            units.withUnsafeBufferPointer { units in
                let items = Itemization(units, fonts: fonts, memo: memo, plainRuns: true,
                                        graphemeEnds: shaper.withGraphemeEnds)
                for i in units.indices where units[i] == 0x20 {
                    let unitFont = items.fontOfUnit(at: i, in: units)
                    guard let spaceFont = items.fontOfSpace(at: i) else {
                        left += 1
                        continue
                    }
                    compared += 1
                    let neighbours = [i - 1, i + 1].filter { units.indices.contains($0) }
                    if neighbours.contains(where: { items.fontOfUnit(at: $0, in: units).map { $0 != 0 } ?? false }) {
                        inFallbackRuns += 1
                    }
                    if unitFont != spaceFont { differing.append(id) }
                }
            }
        }
        #expect(compared > 10_000 && inFallbackRuns > 1_000 && left >= 2, "\(compared), \(inFallbackRuns), \(left)")
        let differingCount = differing.count
        #expect(differingCount == 0, "first: \(differing.prefix(10))")
    }

    /// Whole texts: skipping inert joins leaves every width, join and line as measuring them all
    /// does (TextKit, Noto Sans CJK first; the CSS model is covered by FastPathTests).
    @Test("prepared texts are the same with every join measured")
    func sameTexts() throws {
        let fonts = try stack(InertGlyphsTests.cjkFirst)
        let skipping = Shaper(), measuring = Shaper()
        measuring.skipsInertJoins = false
        var differing: [String] = []
        for (id, text) in FastPathTests.messages {
            let a = try PreparedText(text, fonts: fonts, rules: TextKitModel.breakRules, shaper: skipping)
            let b = try PreparedText(text, fonts: fonts, rules: TextKitModel.breakRules, shaper: measuring)
            let same = withExtendedLifetime((a, b)) {
                Array(a.joinAdjustments) == Array(b.joinAdjustments) && Array(a.contentWidths) == Array(b.contentWidths)
            }
            if !same || a.layout(width: 120) != b.layout(width: 120) { differing.append(id) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
    }
}
