import CHarfBuzz

/// The font and script of every character of a text, found once per text, as Blink's
/// `RunSegmenter` itemizes a paragraph once: measuring each segment, join and hanging run then
/// splits it into runs from stored values instead of asking the fonts' cmaps and the script
/// property again for every stretch measured.
///
/// `forEachRun(from:to:)` hands out exactly the runs `FontRuns.runs` finds for that stretch on
/// its own, whenever `covers` says so:
/// - fonts are chosen per grapheme cluster from the cluster alone, so a stretch that starts and
///   ends on a cluster boundary of the whole text has the same clusters and fonts; a text the
///   primary font covers plainly is one font throughout, as each of its stretches is;
/// - the script split is redone inside the stretch from the stored scripts, so neutral
///   characters at its start join the script after them, as they do when it is itemized alone.
struct Itemization {
    /// The whole text's runs of one font (before the script split), in order.
    private var fontRuns: [FontRun]
    /// Per UTF-16 unit: 0 for a neutral character (Common, Inherited, Unknown), else an id of its
    /// script (`StackMemo.info`); both units of a surrogate pair hold the pair's.
    /// Only its first `count` values are this text's: the array is reused (`handBack`).
    private var scripts: [UInt8]
    /// Cluster ends, one bit per unit, when fonts were chosen per cluster; empty otherwise.
    /// Reused as `scripts`; its words past unit `count` are not this text's.
    private var boundaries: [UInt64]
    /// False when the text has more scripts than ids.
    let isUsable: Bool
    /// Where an ASCII control character the primary font lacks stands, when fonts were chosen per
    /// cluster: `primaryCoversPlainly` skips it, the per-cluster choice does not, so a stretch that
    /// holds one may be itemized differently on its own (a stretch without one cannot: its other
    /// clusters get the primary either way when it covers them plainly).
    private let uncoveredControls: [Int]
    private let count: Int
    /// Each font's width cache, instance, scale and spacing when every run of the text is shaped
    /// plainly (no language, no CSS spacing): `PreparedText.plainMeasure` then probes them directly.
    /// The memo's, valid while its Shaper is (an Itemization lives for one `PreparedText.init`).
    let plainFonts: UnsafePointer<StackMemo.PlainFont>?

    /// The memo's width of a lone U+0020 per font on plain runs (NaN until measured).
    let spaceWidths: UnsafeMutablePointer<Double>?
    private let primaryHasSpace: Bool
    /// The memo itself, for `joinIsInert`: unretained, as `plainFonts` (a retained one was retained
    /// and released again around every call by `measureJoins`).
    private let memo: Unmanaged<StackMemo>

    /// `fonts` and `memo` borrowed: owned ones were retained by the caller as well as here.
    init(_ text: UnsafeBufferPointer<UInt16>, fonts: borrowing FontStack, memo: borrowing StackMemo, plainRuns: Bool,
         graphemeEnds: (UnsafeBufferPointer<UInt16>, (UnsafeBufferPointer<Int32>) -> Void) -> Void) {
        count = text.count
        plainFonts = plainRuns ? UnsafePointer(memo.plainFonts) : nil
        spaceWidths = plainRuns ? memo.spaceWidths : nil
        primaryHasSpace = memo.primaryHasSpace
        self.memo = .passUnretained(memo)
        let runs = FontRuns(stack: copy fonts, memo: copy memo)
        // One pass for each character's script and whether the primary font has it plainly
        // (FontRuns.primaryCoversPlainly), both remembered per BMP character.
        let oneFont = fonts.fonts.count == 1
        var usable = true
        // The AND of every character's info: its `plain` bit says whether all are plain.
        var all = StackMemo.plain
        // The last text's arrays, taken from the memo (`handBack`): no allocation, copy and
        // release of two arrays per text. Taken out, so an itemization made meanwhile has its own.
        var scripts: [UInt8] = []
        swap(&scripts, &memo.spareScripts)
        // Array(repeating:) looks its storage type up at run time (ScratchArray): rarely here.
        if scripts.count < text.count { scripts = Array(repeating: 0, count: max(text.count, 1024)) }
        scripts.withUnsafeMutableBufferPointer { scripts in
            let table = memo.bmpInfoTable
            var i = 0
            while i < text.count {
                let unit = text[i]
                // A BMP character already known (`StackMemo.info`'s first step), in few instructions:
                // this loop visits every unit of every text.
                if unit & 0xF800 != 0xD800 {
                    let known = table[Int(unit)]
                    if known & StackMemo.known != 0 {
                        // Stored whether neutral (0) or not: a branch on it missed at every space.
                        scripts[i] = UInt8(truncatingIfNeeded: known)
                        all &= known
                        i &+= 1
                        continue
                    }
                }
                let (scalar, length) = Scalars.decode(text, at: i)
                let info = memo.info(scalar, runs)
                let id = UInt8(truncatingIfNeeded: info)
                if id == StackMemo.tooManyScripts { usable = false }
                scripts[i] = id
                if length == 2 { scripts[i + 1] = id }
                all &= info
                i += length
            }
        }
        self.scripts = scripts
        let plain = oneFont || all & StackMemo.plain != 0
        var bits: [UInt64] = []
        var controls: [Int] = []
        if plain {
            fontRuns = Itemization.oneRun
        } else {
            // The last text's runs, kept by the memo as the scripts are (`handBack`).
            var clusterRuns: [FontRun] = []
            swap(&clusterRuns, &memo.spareRuns)
            clusterRuns.removeAll(keepingCapacity: true)
            // Room for a text's usual runs at once: growing by appends reallocated 3–4 times a text.
            clusterRuns.reserveCapacity(16)
            // Through a pointer: a captured array would be checked for uniqueness per cluster.
            swap(&bits, &memo.spareBoundaries)
            let words = text.count / 64 + 1
            if bits.count < words { bits = Array(repeating: 0, count: max(words, 16)) }
            bits.withUnsafeMutableBufferPointer { bits in
                // Zero this text's words: the array held the last text's.
                UnsafeMutableBufferPointer(rebasing: bits[0..<words]).update(repeating: 0)
                guard let boundaries = bits.baseAddress else { return }
                graphemeEnds(text) { ends in
                    runs.clusterRuns(text, ends: ends, into: &clusterRuns, boundaries: boundaries, controls: &controls)
                }
                bits[0] |= 1
            }
            fontRuns = clusterRuns
        }
        boundaries = bits
        uncoveredControls = controls
        isUsable = usable
    }

    /// The runs of a text in one font: its end past any text's, so that it is shared by all.
    private static let oneRun = [FontRun(start: 0, end: .max, font: 0)]

    /// Gives the arrays of `scripts`, `boundaries` and `fontRuns` to the memo for the next text,
    /// once this itemization is no longer used (at the end of `PreparedText.prepare`).
    mutating func handBack(to memo: StackMemo) {
        swap(&scripts, &memo.spareScripts)
        // Not the shared `oneRun` of a plain text.
        if !boundaries.isEmpty {
            swap(&boundaries, &memo.spareBoundaries)
            swap(&fontRuns, &memo.spareRuns)
        }
    }

    /// Whether `start..<end` on its own is itemized as the whole text is there.
    /// Inlined: a million calls over the 20,000 mixed texts (1,951 M → 1,928 M instructions).
    @inline(__always)
    func covers(_ start: Int, _ end: Int, in text: UnsafeBufferPointer<UInt16>) -> Bool {
        guard isUsable, start < end, end <= count, Itemization.clusterEnds(boundaries, text, start, end) else {
            return false
        }
        // Only a text whose fonts were chosen per cluster has uncovered controls.
        guard !uncoveredControls.isEmpty else { return true }
        // The first such position at or after `start` (a binary search: a long text may hold many).
        var low = 0, high = uncoveredControls.count
        while low < high {
            let mid = (low + high) / 2
            if uncoveredControls[mid] < start { low = mid + 1 } else { high = mid }
        }
        return low == uncoveredControls.count || uncoveredControls[low] >= end
    }

    /// When `forEachRun` makes `start..<end` one run: its font and the units' `WidthCache.hash`,
    /// computed in the same scan as the script check (check `covers` first). One loop over the units
    /// instead of two: each loop's exit is a mispredicted branch at almost every word.
    @inline(__always)
    func singleRun(from start: Int, to end: Int, in text: UnsafeBufferPointer<UInt16>) -> (font: Int, hash: UInt64)? {
        let run = fontRuns[fontRun(holding: start)]
        guard run.end >= end, start >= 0, end <= scripts.count else { return nil }
        // The scripts read through a pointer: no bounds check a unit.
        return scripts.withUnsafeBufferPointer { scripts in
            guard let units = text.baseAddress, let scripts = scripts.baseAddress,
                  let hash = Itemization.hashOfOneScript(units, scripts, from: start, to: end) else { return nil }
            return (run.font, hash)
        }
    }

    /// The units' `WidthCache.hash` when `start..<end` holds one script at most besides neutral ones,
    /// nil otherwise (`singleRun`, `PlainSegments`): the smallest and largest non-zero ids agree. Kept
    /// as a minimum and a maximum, the loop has no exit but its end.
    @inline(__always)
    static func hashOfOneScript(_ text: UnsafePointer<UInt16>, _ scripts: UnsafePointer<UInt8>, from start: Int,
                                to end: Int) -> UInt64? {
        var lowest = UInt8.max, highest: UInt8 = 0
        var hash = WidthCache.hashSeed
        for i in start..<end {
            hash = WidthCache.hash(hash, text[i])
            let script = scripts[i]
            highest = max(highest, script)
            lowest = min(lowest, script &- 1)
        }
        return highest != 0 && lowest &+ 1 != highest ? nil : hash
    }

    /// The font `plainMeasure` measures the one unit at `i` with, when it is a BMP character other
    /// than a control (most segments of Chinese and Japanese text are one ideograph or kana, and most
    /// hanging runs one space): `covers` and `singleRun` reduced to one such unit, whose cluster
    /// boundaries are all that is left to check. nil: the general path decides.
    @inline(__always)
    func fontOfUnit(at i: Int, in text: UnsafeBufferPointer<UInt16>) -> Int? {
        guard standsAlone(i) else { return nil }
        guard Itemization.isPlainBMP(text[i]) else { return nil }
        let run = fontRuns[fontRun(holding: i)]
        return run.end > i ? run.font : nil
    }

    /// `fontOfUnit` for a U+0020 at `i`, without looking for its font run: a space that is a cluster
    /// of its own gets the first font that has it, whichever run it stands in (fonts are chosen per
    /// cluster from the cluster alone; a plain text's one run is the primary's, which has every character).
    /// So where the primary font has the space, that is the primary. nil: `fontOfUnit` decides.
    @inline(__always)
    func fontOfSpace(at i: Int) -> Int? {
        guard primaryHasSpace, standsAlone(i) else { return nil }
        return 0  // the primary
    }

    /// What `fontOfUnit` and `fontOfSpace` ask of the unit at `i` before its character: plain runs, an
    /// itemization that holds, and a grapheme cluster of its own (boundaries on both sides).
    @inline(__always)
    private func standsAlone(_ i: Int) -> Bool {
        plainFonts != nil && isUsable && Itemization.clusterOfItsOwn(boundaries, at: i, count: count)
    }

    @inline(__always)
    private func isBoundary(_ i: Int) -> Bool { Itemization.isBoundary(boundaries, i) }

    // The checks `covers`, `standsAlone` and `fontOfUnit` share with `PlainSegments`, over the arrays.

    /// Cluster ends at `start` and `end`; with `boundaries` empty (one font throughout), no surrogate
    /// pair cut in two there, the only way a stretch could read differently alone.
    @inline(__always)
    static func clusterEnds(_ boundaries: [UInt64], _ text: UnsafeBufferPointer<UInt16>, _ start: Int, _ end: Int) -> Bool {
        if boundaries.isEmpty { return !splitsPair(text, at: start) && !splitsPair(text, at: end) }
        return isBoundary(boundaries, start) && isBoundary(boundaries, end)
    }

    /// The unit at `i` is a grapheme cluster of its own: boundaries on both sides.
    @inline(__always)
    static func clusterOfItsOwn(_ boundaries: [UInt64], at i: Int, count: Int) -> Bool {
        guard i >= 0, i < count else { return false }
        return boundaries.isEmpty || isBoundary(boundaries, i) && isBoundary(boundaries, i + 1)
    }

    /// A BMP character other than a control: no surrogate pair to cut in two, none of `uncoveredControls`.
    @inline(__always)
    static func isPlainBMP(_ unit: UInt16) -> Bool { unit >= 0x20 && unit & 0xF800 != 0xD800 }

    @inline(__always)
    private static func isBoundary(_ boundaries: [UInt64], _ i: Int) -> Bool {
        boundaries[i >> 6] & (1 << UInt64(i & 63)) != 0
    }

    private static func splitsPair(_ text: UnsafeBufferPointer<UInt16>, at i: Int) -> Bool {
        i > 0 && i < text.count && text[i - 1] & 0xFC00 == 0xD800 && text[i] & 0xFC00 == 0xDC00
    }

    /// What `PlainSegments` reads of this itemization (the arrays shared, not copied).
    struct Parts {
        let scripts: [UInt8]
        /// Empty: one font throughout.
        let boundaries: [UInt64]
        let runs: [FontRun]
        let count: Int
        let plainFonts: UnsafePointer<StackMemo.PlainFont>
        let spaceWidths: UnsafeMutablePointer<Double>
        let primaryHasSpace: Bool
    }

    /// This itemization's parts, or nil where `covers` and `singleRun` need more than they hold:
    /// runs that are not plain, an unusable itemization, an uncovered control.
    var parts: Parts? {
        guard isUsable, uncoveredControls.isEmpty, let plainFonts, let spaceWidths else { return nil }
        return Parts(scripts: scripts, boundaries: boundaries, runs: fontRuns, count: count, plainFonts: plainFonts,
                     spaceWidths: spaceWidths, primaryHasSpace: primaryHasSpace)
    }

    /// Calls `body(start, end, font)` for the runs of one font and one script of `start..<end`,
    /// in order, as `FontRuns.runs` splits the stretch shaped alone (check `covers` first).
    func forEachRun(from start: Int, to end: Int, _ body: (Int, Int, Int) -> Void) {
        var k = fontRun(holding: start)
        scripts.withUnsafeBufferPointer { scripts in
            while k < fontRuns.count && fontRuns[k].start < end {
                let pieceEnd = min(end, fontRuns[k].end)
                // FontRuns.splitByScript over the piece: neutrals take the script before them.
                var current: UInt8 = 0
                var runStart = max(start, fontRuns[k].start)
                for i in runStart..<pieceEnd {
                    let script = scripts[i]
                    if script == 0 { continue }
                    if current != 0 && script != current {
                        body(runStart, i, fontRuns[k].font)
                        runStart = i
                    }
                    current = script
                }
                body(runStart, pieceEnd, fontRuns[k].font)
                k += 1
            }
        }
    }

    /// Whether the join at `join` between the characters `text[join - 1]` and `text[join]` shapes
    /// as they do apart, so that `measureJoins` need not measure it: the two fall in different font
    /// runs or scripts (shaped apart either way), or both are inert in their run's shape plan
    /// (`InertGlyphs`). Only for plain runs (`plainFonts`), where the stretches are measured from
    /// this itemization with the fonts' own features; false whenever unsure.
    func joinIsInert(_ text: UnsafeBufferPointer<UInt16>, at join: Int) -> Bool {
        // `covers` for the pair and each of its halves, for two BMP characters that are not
        // controls: cluster boundaries around both (no surrogate pair to split, no uncovered control).
        guard plainFonts != nil, isUsable, join >= 1, join < count else { return false }
        let first = text[join - 1], second = text[join]
        guard first >= 0x20, second >= 0x20, first & 0xF800 != 0xD800, second & 0xF800 != 0xD800 else { return false }
        if !boundaries.isEmpty && !(isBoundary(join - 1) && isBoundary(join) && isBoundary(join + 1)) { return false }
        let run = fontRun(holding: join - 1)
        let font = fontRuns[run].font
        if fontRuns[run].end <= join && fontRuns[run + 1].font != font { return true }
        return pairIsInert(first, second, at: join, font: font)
    }

    /// The end of `joinIsInert` for two characters in one font run: different scripts, or the memo's
    /// verdict in their script.
    @inline(__always)
    private func pairIsInert(_ first: UInt16, _ second: UInt16, at join: Int, font: Int) -> Bool {
        let before = scripts[join - 1], after = scripts[join]
        if before != 0 && after != 0 && before != after { return true }
        // A neutral character takes the script of the other (both neutral: left to shaping).
        let script = before != 0 ? before : after
        return script != 0 && memo._withUnsafeGuaranteedRef { $0.areInert(first, second, font: font, script: script) }
    }

    /// `joinIsInert` at `join` between two segments of one unit each that the one-unit path measured
    /// (`SegmentFlags.oneUnit`): each unit is a BMP character other than a control, a cluster of its
    /// own, in the font its mask names; so only the fonts, the scripts and the memo's verdict are left.
    func oneUnitJoinIsInert(_ text: UnsafeBufferPointer<UInt16>, at join: Int, fonts first: UInt32,
                            _ second: UInt32) -> Bool {
        // Two fonts: two font runs, shaped apart either way.
        if first != second { return true }
        return pairIsInert(text[join - 1], text[join], at: join, font: first.trailingZeroBitCount)
    }

    /// The index of the font run holding `i`: runs are few, a binary search finds it. Its steps
    /// depend only on the number of runs, each a conditional move: asked at every segment, space
    /// and join, a search that branched on the comparison mispredicted about once a step.
    private func fontRun(holding i: Int) -> Int {
        var base = 0, remaining = fontRuns.count
        fontRuns.withUnsafeBufferPointer { runs in
            while remaining > 1 {
                let half = remaining / 2
                base = runs[base + half - 1].end <= i ? base + half : base
                remaining -= half
            }
        }
        return base
    }
}
