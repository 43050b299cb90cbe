/// `appendSegment`'s commonest segments in one lean step: a word (one font run, one script) with no
/// hanging run or one hanging space, and one ideograph or kana alone, when the width cache already
/// holds the word. What `appendSegment` reaches through `measureInPlace` → `plainMeasure` →
/// `Itemization.covers`/`singleRun` → `plainRunWidth` → `Shaper.advance`, and `fontOfSpace`, is
/// read here from the itemization's arrays and the memo's pointers, taken once per text, with the
/// itemization's own checks; the font run comes from a cursor (segments come in order) instead of a
/// search. Anything else (a miss, a hard break, tabs, several hanging units, a cluster or run
/// boundary inside the word) is left to `appendSegment`, which measures it as before: both write
/// the same record (`FastPathTests`).
struct PlainSegments {
    private let units: UnsafeBufferPointer<UInt16>
    private let text: UnsafePointer<UInt16>
    private let parts: Itemization.Parts
    private let hanging: BreakRules.HangingWhitespace
    /// Whether U+0020 hangs under `hanging` (it does but for `break-spaces`).
    private let spaceHangs: Bool
    /// `GlyphSpacing.hangingTracking`: moves from the content to the hanging width, as in `appendSegment`.
    private let hangingTracking: Double
    /// The font run holding the last position asked (`Itemization.fontRun(holding:)`, walked forward).
    private var run = 0

    init(text: UnsafeBufferPointer<UInt16>, base: UnsafePointer<UInt16>, parts: Itemization.Parts, rules: BreakRules) {
        units = text
        self.text = base
        self.parts = parts
        hanging = rules.hanging
        spaceHangs = BreakRules.hangs(0x20, rules.hanging)
        hangingTracking = rules.spacing.hangingTracking
    }

    /// Appends the segments of `breaks` from `first` on (each `end << 2`, + 1 if hard, + 2 if bad)
    /// until one it leaves to `appendSegment`, whose index it returns (`count` after the last);
    /// `start` follows. One call for many segments: the loop keeps this struct's fields in
    /// registers, where a call per segment loaded them again (about 50 instructions a segment).
    mutating func append(_ breaks: UnsafePointer<UInt32>, from first: Int, count: Int, start: inout Int,
                         into records: inout SegmentColumns, missingGlyphs: inout Int) -> Int {
        var k = first, segmentStart = start
        while k < count {
            let packed = breaks[k], end = Int(truncatingIfNeeded: packed &>> 2)
            guard append(start: segmentStart, end: end, isHard: packed & 1 != 0, isBad: packed & 2 != 0, into: &records,
                         missingGlyphs: &missingGlyphs) else { break }
            segmentStart = end
            k &+= 1
        }
        start = segmentStart
        return k
    }

    /// Appends the segment `start..<end` as `appendSegment` would and adds its missing glyphs; false
    /// (nothing appended) for a segment it leaves to `appendSegment`. Called from the loop above only:
    /// inside the segment closure of the Blink walk it made the closure too large to inline and every
    /// call copied the itemization (CSS, +42 M instructions over the 20,000 mixed texts).
    @inline(__always)
    private mutating func append(start: Int, end: Int, isHard: Bool, isBad: Bool, into records: inout SegmentColumns,
                         missingGlyphs: inout Int) -> Bool {
        guard !isHard, !isBad, start >= 0, start < end, end <= parts.count else { return false }
        let last = text[end &- 1]
        if end == start &+ 1 {
            // appendSegment's one-unit path.
            guard CharacterClass.neverHangs(last), let font = fontOfUnit(at: start),
                  let content = cachedWidth(start, end, font: font, hash: WidthCache.hash(WidthCache.hashSeed, last))
            else { return false }
            records.append(end: Int32(truncatingIfNeeded: end), contentEnd: Int32(truncatingIfNeeded: end),
                           mask: 1 << UInt32(font), flags: .oneUnit, contentWidth: (0.0 + content.width) - hangingTracking,
                           trailingWidth: 0.0 + hangingTracking)
            missingGlyphs &+= content.missingGlyphs
            return true
        }
        // The content: all but one hanging space (letters never hang, whatever the rule).
        var contentEnd = end
        if last == 0x20 {
            if spaceHangs { contentEnd = end &- 1 }
        } else if !CharacterClass.neverHangs(last) && BreakRules.hangs(last, hanging) {
            return false
        }
        // Longer words are measured in pieces (`measure`).
        guard contentEnd > start, contentEnd &- start <= PreparedText.maxShapedUnits else { return false }
        let lastContent = text[contentEnd &- 1]
        guard CharacterClass.neverHangs(lastContent) || !BreakRules.hangs(lastContent, hanging), covers(start, contentEnd),
              let (font, hash) = singleRun(start, contentEnd),
              let content = cachedWidth(start, contentEnd, font: font, hash: hash) else { return false }
        var mask: UInt32 = 1 << UInt32(font)
        var trailingWidth = 0.0
        if contentEnd < end {
            // The hanging space: its font's width on a plain run, once measured (NaN before).
            guard let spaceFont = fontOfSpace(at: contentEnd) ?? fontOfUnit(at: contentEnd),
                  !parts.spaceWidths[spaceFont].isNaN else { return false }
            trailingWidth = parts.spaceWidths[spaceFont]
            mask |= 1 << UInt32(spaceFont)
        }
        if hangingTracking != 0 { trailingWidth += hangingTracking }
        records.append(end: Int32(truncatingIfNeeded: end), contentEnd: Int32(truncatingIfNeeded: contentEnd), mask: mask,
                       flags: [], contentWidth: (0.0 + content.width) - hangingTracking, trailingWidth: trailingWidth)
        missingGlyphs &+= content.missingGlyphs
        return true
    }

    /// The width cache's entry for a plain run, nil when it holds none (then `appendSegment` shapes it).
    @inline(__always)
    private func cachedWidth(_ start: Int, _ end: Int, font: Int, hash: UInt64) -> (width: Double, missingGlyphs: Int)? {
        let plain = parts.plainFonts[font]
        let units = UnsafeBufferPointer(start: text + start, count: end &- start)
        guard let entry = plain.cache._withUnsafeGuaranteedRef({ $0.lookup(units, hash: hash) }) else { return nil }
        return (PreparedText.plainRunWidth(entry, font: plain), Int(entry.missingGlyphs))
    }

    /// `Itemization.covers` with no uncovered control (`Itemization.parts` is nil otherwise).
    @inline(__always)
    private func covers(_ start: Int, _ end: Int) -> Bool {
        Itemization.clusterEnds(parts.boundaries, units, start, end)
    }

    /// `Itemization.singleRun`: the font and the units' hash when `start..<end` is one run.
    @inline(__always)
    private mutating func singleRun(_ start: Int, _ end: Int) -> (font: Int, hash: UInt64)? {
        let run = parts.runs[fontRun(holding: start)]
        guard run.end >= end, end <= parts.scripts.count else { return nil }
        return parts.scripts.withUnsafeBufferPointer { scripts in
            guard let scripts = scripts.baseAddress,
                  let hash = Itemization.hashOfOneScript(text, scripts, from: start, to: end) else { return nil }
            return (run.font, hash)
        }
    }

    /// `Itemization.fontOfUnit`.
    @inline(__always)
    private mutating func fontOfUnit(at i: Int) -> Int? {
        guard standsAlone(i), Itemization.isPlainBMP(text[i]) else { return nil }
        let run = parts.runs[fontRun(holding: i)]
        return run.end > i ? run.font : nil
    }

    /// `Itemization.fontOfSpace`.
    @inline(__always)
    private func fontOfSpace(at i: Int) -> Int? {
        parts.primaryHasSpace && standsAlone(i) ? 0 : nil
    }

    @inline(__always)
    private func standsAlone(_ i: Int) -> Bool {
        Itemization.clusterOfItsOwn(parts.boundaries, at: i, count: parts.count)
    }

    /// The first run ending after `i` (the last run if none), as `Itemization.fontRun(holding:)`
    /// finds it; positions asked never decrease within a text.
    @inline(__always)
    private mutating func fontRun(holding i: Int) -> Int {
        while run < parts.runs.count &- 1 && parts.runs[run].end <= i { run &+= 1 }
        return run
    }
}
