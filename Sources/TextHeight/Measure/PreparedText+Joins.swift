import CTextHeight

/// What whole-run shaping gives and segment-by-segment shaping misses: kerning and contextual
/// forms across break opportunities, and CSS text-spacing-trim between neighbouring punctuation.
extension PreparedText {
    /// Engines shape a whole run, not each break segment: two segments that meet without white
    /// space interact where their graphemes touch (Noto Sans CJK kerns クグ by −40 units, Inter's
    /// `calt` joins "->" into an arrow). Each such join is shaped as a pair, once (the width cache
    /// keeps it), and the difference applies when both segments stand on one line.
    /// The `memo` keeps each pair's result: the same two graphemes join the same way again.
    mutating func measureJoins(_ text: UnsafeBufferPointer<UInt16>, shaper: Shaper, items: Itemization?,
                               memo: StackMemo?) {
        guard segmentEnds.count > 1 else { return }
        // No nested functions or closures over `self` or the locals below: they cost a retain and
        // release of the memo and an access check per join (callgrind, 12 a text).
        var mask: UInt32 = 0
        // The memo's key: the pair's units and where the join falls in it (graphemeAround keeps a
        // pair within 32 units), built in place rather than in an array per join.
        var key: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0)
        let keyUnits = MemoryLayout.size(ofValue: key) / 2
        // Not kept when a language is set: the script around the text may then shape a pair of
        // punctuation (contextScript).
        let keepsJoins = fonts.language == nil
        // Fonts that kern against the space (Liberation Sans) interact across hanging spaces too.
        let spaceKerning = fonts.fonts.contains { $0.face.kernsWithSpace }
        for i in 0..<(segmentEnds.count - 1) {
            let join = Int(segmentEnds[i])
            let segmentStart = i == 0 ? 0 : Int(segmentEnds[i - 1])
            let nextContentEnd = Int(contentEnds[i + 1])
            guard nextContentEnd > join else { continue }
            let d: Double
            if Int(contentEnds[i]) < join {
                // A hanging space run before the next word: "space T" kerns when both share a line.
                guard spaceKerning, text[join - 1] == 0x20, !flags[i].contains(.hardBreak) else { continue }
                let after = PreparedText.graphemeAround(text, join, from: join, to: nextContentEnd, shaper: shaper).after
                d = joinDifference(text, join - 1, join, after, shaper: shaper, items: items, mask: &mask)
            } else {
                guard join > segmentStart else { continue }
                let before: Int, after: Int
                if flags[i].contains(.oneUnit) && flags[i + 1].contains(.oneUnit)
                    && PreparedText.isOtherGrapheme(text[join - 1]) && PreparedText.isOtherGrapheme(text[join]),
                   let items {
                    // Two segments of one unit each (two ideographs: most joins of Chinese and Japanese), both
                    // Other: `graphemeAround`'s first shortcut, and `joinIsInert` from the fonts the one-unit
                    // path found for them.
                    (before, after) = (join - 1, join + 1)
                    if shaper.skipsInertJoins
                        && items.oneUnitJoinIsInert(text, at: join, fonts: fontMasks[i], fontMasks[i + 1]) {
                        continue
                    }
                } else {
                    (before, after) = PreparedText.graphemeAround(text, join, from: segmentStart, to: nextContentEnd,
                                                                  shaper: shaper)
                    // Two characters no lookup joins (two ideographs, most joins): nothing to measure.
                    if after - before == 2, shaper.skipsInertJoins, let items, items.joinIsInert(text, at: join) {
                        continue
                    }
                }
                let length = after - before + 1
                if keepsJoins, let memo, length <= keyUnits {
                    let (hash, known) = withUnsafeMutableBytes(of: &key) { raw in
                        let units = raw.bindMemory(to: UInt16.self)
                        for k in before..<after { units[k - before] = text[k] }
                        units[length - 1] = UInt16(truncatingIfNeeded: join - before)
                        let pair = UnsafeBufferPointer(rebasing: units[0..<length])
                        let hash = WidthCache.hash(pair)
                        return (hash, memo.joins.lookup(pair, hash: hash))
                    }
                    if let known {
                        d = Double(bitPattern: UInt64(bitPattern: known.advance))
                    } else {
                        d = joinDifference(text, before, join, after, shaper: shaper, items: items, mask: &mask)
                        withUnsafeBytes(of: &key) { raw in
                            memo.joins.insert(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt16.self)[0..<length]),
                                              hash: hash, advance: Int64(bitPattern: d.bitPattern), missingGlyphs: 0,
                                              advancingGlyphs: 0)
                        }
                    }
                } else {
                    d = joinDifference(text, before, join, after, shaper: shaper, items: items, mask: &mask)
                }
            }
            if abs(d) > 1e-9 {
                // Zeroed at the first join that differs: most texts have none.
                if !hasJoinAdjustments { segments.joinAdjustments.update(repeating: 0) }
                hasJoinAdjustments = true
                segments.joinAdjustments[i] = d
            }
        }
        guard spaceKerning else { return }
        // "T " kerns too: the pair adjusts the letter's advance, so the content ends that much earlier.
        var segmentStart = 0
        for i in segmentEnds.indices {
            let contentEnd = Int(contentEnds[i])
            if contentEnd > segmentStart && contentEnd < Int(segmentEnds[i]) && text[contentEnd] == 0x20 {
                let before = PreparedText.graphemeAround(text, contentEnd, from: segmentStart, to: contentEnd,
                                                         shaper: shaper).before
                segments.contentWidths[i] += joinDifference(text, before, contentEnd, contentEnd + 1, shaper: shaper,
                                                   items: items, mask: &mask)
            }
            segmentStart = Int(segmentEnds[i])
        }
    }

    /// What shaping `before..<after` whole gains over shaping it apart at `join`.
    private mutating func joinDifference(_ text: UnsafeBufferPointer<UInt16>, _ before: Int, _ join: Int, _ after: Int,
                                         shaper: Shaper, items: Itemization?, mask: inout UInt32) -> Double {
        let pair = measureInPlace(text, from: before, to: after, shaper: shaper, mask: &mask, items: items).width
        let first = measureInPlace(text, from: before, to: join, shaper: shaper, mask: &mask, items: items).width
        let second = measureInPlace(text, from: join, to: after, shaper: shaper, mask: &mask, items: items).width
        return pair - (first + second)
    }

    /// The grapheme that ends at `join` (from `lower`) and the one that starts there (up to `upper`),
    /// as the grapheme iterator finds them in a window of 16 units each side; `shortcuts` off only
    /// for the tests that compare the two common cases below with the window.
    static func graphemeAround(_ text: UnsafeBufferPointer<UInt16>, _ join: Int, from lower: Int, to upper: Int,
                               shaper: Shaper, shortcuts: Bool = true) -> (before: Int, after: Int) {
        var before = max(lower, join - 1), after = min(upper, join + 1)
        let shortcut = shortcuts && lower < join && join < upper
        // The commonest join, checked first as the cheapest (baseAndMarks below covers it too, at
        // several times the cost), two one-unit graphemes: the characters at join − 1 and join, and each
        // neighbour within the bounds, are Grapheme_Cluster_Break Other (ideographs, kana, Thai
        // consonants, letters), and UAX #29 breaks between two such characters whatever comes
        // before (GB999: no Prepend, ZWJ, mark or Hangul rule applies), so the window's iterator
        // would find exactly these ends.
        if shortcut && PreparedText.isOtherGrapheme(text[join - 1]) && PreparedText.isOtherGrapheme(text[join])
            && (join - 1 == lower || PreparedText.isOtherGrapheme(text[join - 2]))
            && (join + 1 == upper || PreparedText.isOtherGrapheme(text[join + 1])) {
            return (before, after)
        }
        let windowStart = max(lower, join - 16)
        let windowEnd = min(upper, join + 16)
        if shortcut, let found = PreparedText.baseAndMarks(text, join, from: windowStart, to: windowEnd) { return found }
        guard windowEnd > windowStart else { return (before, after) }
        before = windowStart
        after = windowEnd
        shaper.forEachGrapheme(in: UnsafeBufferPointer(rebasing: text[windowStart..<windowEnd])) { boundary in
            let position = windowStart + boundary
            if position < join { before = position }
            if position > join && position < after { after = position }
        }
        return (before, after)
    }

    /// The other common joins, a base and its combining marks on each side (Thai ที่|ครับ), Hangul
    /// syllables (안녕|하세요) and emoji (😂|😂): nil unless every character involved is a base —
    /// Grapheme_Cluster_Break Other, LV or LVT — or a mark (Extend, SpacingMark) without a virama,
    /// none is a ZWJ, Prepend, jamo or regional indicator, and each grapheme ends inside the window.
    /// UAX #29 then keeps marks with what precedes them (GB9, GB9a) and breaks before any such base
    /// after a base or a mark (GB999: GB6–8 need a jamo, GB9c a virama, GB11 a ZWJ), except a
    /// linking consonant after a mark: the ends the window's iterator would find.
    private static func baseAndMarks(_ text: UnsafeBufferPointer<UInt16>, _ join: Int, from windowStart: Int,
                                     to windowEnd: Int) -> (before: Int, after: Int)? {
        // Class bytes (th_grapheme_class): ICU's UGraphemeClusterBreak value and flags. A base may
        // carry flags; a mark may not (a virama is an Extend with TH_GRAPHEME_VIRAMA).
        func isBase(_ c: UInt8) -> Bool {
            let value = Int(c) & TH_GRAPHEME_VALUE
            return value == 0 || value == 6 || value == 7  // Other, LV, LVT
        }
        func isMark(_ c: UInt8) -> Bool { c == 3 || c == 10 || Int(c) == TH_GRAPHEME_EXTEND_CCC }  // Extend, SpacingMark
        func pair(_ lead: UInt16, _ trail: UInt16) -> UInt32 { 0x10000 + (UInt32(lead & 0x3FF) << 10) + UInt32(trail & 0x3FF) }
        // A lone surrogate reads as Control (1), as ICU reads it.
        func single(_ unit: UInt16) -> UInt8 { unit & 0xF800 == 0xD800 ? 1 : th_grapheme_class_cached(UInt32(unit)) }
        func character(endingAt p: Int) -> (start: Int, class: UInt8) {
            if p >= 2 && text[p - 1] & 0xFC00 == 0xDC00 && text[p - 2] & 0xFC00 == 0xD800 {
                return (p - 2, th_grapheme_class_cached(pair(text[p - 2], text[p - 1])))
            }
            return (p - 1, single(text[p - 1]))
        }
        func character(at p: Int) -> (end: Int, class: UInt8) {
            if p + 1 < text.count && text[p] & 0xFC00 == 0xD800 && text[p + 1] & 0xFC00 == 0xDC00 {
                return (p + 2, th_grapheme_class_cached(pair(text[p], text[p + 1])))
            }
            return (p + 1, single(text[p]))
        }
        var before = character(endingAt: join)
        while before.start > windowStart && isMark(before.class) { before = character(endingAt: before.start) }
        guard isBase(before.class), before.start >= windowStart else { return nil }
        if before.start > windowStart {
            let previous = character(endingAt: before.start)
            // After a mark, a linking consonant may continue a conjunct begun further back (GB9c).
            guard previous.start >= windowStart,
                  isBase(previous.class)
                    || isMark(previous.class) && Int(before.class) & TH_GRAPHEME_LINKING_CONSONANT == 0 else { return nil }
        }
        var after = character(at: join)
        guard isBase(after.class), after.end <= windowEnd else { return nil }
        while after.end < windowEnd {
            let next = character(at: after.end)
            guard next.end <= windowEnd else { return nil }
            if isBase(next.class) { break }
            guard isMark(next.class) else { return nil }
            after = next
        }
        return (before.start, after.end)
    }

    /// A BMP character of Grapheme_Cluster_Break Other (with any of GraphemeBreak.c's flags).
    fileprivate static func isOtherGrapheme(_ unit: UInt16) -> Bool {
        unit & 0xF800 != 0xD800 && Int(th_grapheme_class_cached(UInt32(unit))) & TH_GRAPHEME_VALUE == 0
    }

    /// Blink's HanKerning over the whole text: adjacent-pair trims narrow the segments that hold
    /// them; line-start trims are recorded for the breaker. Nothing is recorded (`endTrims` stays
    /// empty, the breaker's common-case loop applies) when no character would be trimmed.
    mutating func applyHanKerning(_ text: UnsafeBufferPointer<UInt16>, shaper: Shaper) {
        // Sparse: only punctuation can be trimmed, so a 10 MB text costs no per-character arrays.
        var marks = UnsafeMutableBufferPointer<HanKerningMark>(start: nil, count: 0)  // allocated at the first
        defer { marks.deallocate() }
        var count = 0
        var drawn = false
        var i = HanKerning.firstCandidate(in: text, from: 0)
        while i < text.count {
            defer { i = HanKerning.firstCandidate(in: text, from: i + 1) }
            guard HanKerning.staticType(text[i]) != .other else { continue }
            var mark = HanKerningMark(position: i)
            let scalar = Unicode.Scalar(text[i]) ?? " "
            // The font data of the face the character is drawn with (none: no `halt`).
            if let index = fonts.fonts.firstIndex(where: { $0.face.covers(scalar) }),
               let data = shaper.hanKerning(fonts.fonts[index].face, language: fonts.language) {
                mark.font = index
                mark.data = data
                drawn = true
            }
            if count == marks.count {
                let grown = UnsafeMutableBufferPointer<HanKerningMark>.allocate(capacity: max(16, 2 * count))
                _ = grown.moveInitialize(fromContentsOf: marks)
                marks.deallocate()
                marks = grown
            }
            marks.initializeElement(at: count, to: mark)
            count += 1
        }
        guard drawn else { return }
        // HanKerning::Compute types both neighbours with the font data of the run it shapes:
        // "）”" trims "）" because its CJK font calls the quote after it fullwidth, whatever
        // font then draws the quote.
        func type(_ i: Int, as data: HanKerning.FontData) -> HanKerning.CharType { HanKerning.type(text[i], font: data) }
        for k in 1..<count where marks[k - 1].position == marks[k].position - 1 {
            let i = marks[k].position
            if marks[k - 1].font >= 0,
               HanKerning.shouldKernLast(type(i, as: marks[k - 1].data), after: type(i - 1, as: marks[k - 1].data)) {
                marks[k - 1].trimmed = true
            } else if marks[k].font >= 0,
                      HanKerning.shouldKern(type(i, as: marks[k].data), after: type(i - 1, as: marks[k].data)) {
                marks[k].trimmed = true
            }
        }
        var recorded = 0
        for k in 0..<count {
            let mark = marks[k], i = mark.position
            let own = mark.font >= 0 ? type(i, as: mark.data) : .other
            // allow-end applies to closing brackets and quotes, not to dots or colons: recorded Chromium
            // trims "「a%c」" and "“自动”" to end a line, but keeps "序。" off a line the trimmed "。" would fit.
            let closesForAllowEnd = own == .close
                && (HanKerning.staticType(text[i]) == .close || HanKerning.staticType(text[i]) == .closeQuote)
            guard mark.trimmed || own == .open || closesForAllowEnd, mark.font >= 0 else { continue }
            let font = fonts.fonts[mark.font]
            let amount = Double(shaper.haltReduction(text[i], in: font)) * font.scale
            guard amount > 0 else { continue }
            marks[k].reduction = amount
            marks[k].opens = own == .open
            if own != .open && !mark.trimmed && closesForAllowEnd { marks[k].endTrim = amount }
            recorded += 1
        }
        guard recorded > 0 else { return }
        punctuationTrims = Dictionary(minimumCapacity: recorded)
        for k in 0..<count where marks[k].reduction > 0 {
            let mark = marks[k]
            punctuationTrims[mark.position] = (mark.reduction, mark.opens, mark.trimmed)
            if mark.trimmed {
                pairTrimPositions.append(mark.position)
                pairTrimReductions.append(mark.reduction)
            }
        }
        var next = 0  // the first pair trim not yet given to a segment
        var segmentStart = 0
        for s in segmentEnds.indices {
            let contentEnd = Int(contentEnds[s])
            while next < pairTrimPositions.count && pairTrimPositions[next] < segmentStart { next += 1 }
            while next < pairTrimPositions.count && pairTrimPositions[next] < contentEnd {
                segments.contentWidths[s] -= pairTrimReductions[next]
                next += 1
            }
            segmentStart = Int(segmentEnds[s])
        }
        // A closing bracket or quote ending a segment's content, neither opening nor pair-trimmed.
        endTrims = ScratchArray.make(Double.self, capacity: segmentEnds.count) { trims in
            var k = 0  // the first mark not before the segment's last character
            var segmentStart = 0
            for s in 0..<trims.count {
                let contentEnd = Int(contentEnds[s])
                if contentEnd > segmentStart {
                    while k < count && marks[k].position < contentEnd - 1 { k += 1 }
                    if k < count && marks[k].position == contentEnd - 1 { trims[s] = marks[k].endTrim }
                }
                segmentStart = Int(segmentEnds[s])
            }
            return trims.count
        }
    }

    /// HanKerning::Compute at a line's first character (text_spacing_trim.h): `is_line_start` drops
    /// an opening bracket's pair kern with the character before, now on the previous line (Chromium
    /// 156 sets "、「" broken between them with 「 full width); `apply_start` trims the bracket
    /// instead, on wrapped lines for `space-first` and on every line for `trim-start`.
    func opensTrimmedAtLineStart(paragraphStart: Bool) -> Bool {
        switch rules.textSpacingTrim {
        case .trimStart: return true
        case .spaceFirst: return !paragraphStart
        case .normal, .spaceAll: return false
        }
    }

    /// How much narrower than measured a line starting at `position` is: an opening bracket's
    /// line-start trim, less its pair trim given back (negative then). `measuredWhole`: the width
    /// at hand has no pair trim there (forEachPairTrim from a line start).
    func lineStartTrim(at position: Int, paragraphStart: Bool, measuredWhole: Bool = false) -> Double {
        guard let trim = punctuationTrims[position], trim.opens else { return 0 }
        let taken = opensTrimmedAtLineStart(paragraphStart: paragraphStart) ? trim.reduction : 0
        return taken - (trim.byPair && !measuredWhole ? trim.reduction : 0)
    }
}

/// A character HanKerning may trim, while `applyHanKerning` works: the font that draws it (the
/// first of the stack that covers it) and that font's data, and what was decided.
struct HanKerningMark {
    var position: Int
    /// Index into `fonts.fonts`, or -1: no font with a `halt` feature draws it.
    var font = -1
    var data = HanKerning.FontData()
    /// A neighbour trims it (ShouldKern, ShouldKernLast).
    var trimmed = false
    var opens = false
    /// Its `halt` reduction, when it is recorded (0: not).
    var reduction = 0.0
    /// What allow-end gives back when it ends a line.
    var endTrim = 0.0

    init(position: Int) { self.position = position }
}
