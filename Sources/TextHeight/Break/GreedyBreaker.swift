/// Greedy line filling over prepared segment widths, as TextKit's `NSLineBreakByWordWrapping`
/// and CSS `overflow-wrap: break-word` both do:
/// - a line takes segments while their content fits; the last fitting break opportunity wins;
/// - trailing white space hangs past the edge (it never makes a segment not fit);
/// - a segment that does not fit starts the next line; if it is wider than a whole line it is
///   broken between grapheme clusters (UAX #29), at least one grapheme per line;
/// - mandatory breaks always end a line; tabs advance to the next stop.
extension PreparedText {
    /// The lines of the text at `width` points of available line width.
    public func layout(width: Double) -> [Line] {
        var lines: [Line] = []
        forEachLine(width: width) { line, _ in lines.append(line) }
        return lines
    }

    /// How many lines `layout(width:)` would return, without building them.
    public func lineCount(width: Double) -> Int {
        var count = 0
        forEachLine(width: width) { _, _ in count += 1 }
        return count
    }

    /// Calls `emit` with each line and the fonts its `fontMask` indexes, lent rather than captured:
    /// a closure holding a copy of them (or of the text) would retain and release it on every layout.
    ///
    /// `plain`: every segment through the general step, none through the common-case loop (tests
    /// compare the two).
    ///
    /// - Complexity: O(segments), about 47 instructions a segment in the common case (BENCHMARKS.md,
    ///   re-layout): the line in progress is a struct of locals, the fit test's width side is computed
    ///   once, and a loop of its own places segments when there is no text-spacing-trim and no word
    ///   is wider than the line.
    func forEachLine(width: Double, plain: Bool = false, _ emit: (Line, borrowing FontStack) -> Void) {
        // A negative or NaN width leaves no room: one grapheme per line, as TextKit does.
        let available = width > 0 ? width : 0
        let fits = rules.fit(available)
        let trims = !endTrims.isEmpty
        let joins = !joinAdjustments.isEmpty
        let breaksLongWords = rules.breaksLongWords
        // word-break: break-all and line-break: anywhere end a line inside a word that does not fit it.
        let breaksInsideWords = rules.wordBreaking.breaksInsideWords
        let breaksWideWords = breaksLongWords || breaksInsideWords
        // The general step decides where a word that does not fit the rest of the line starts.
        let splitsAtOverflow = breaksInsideWords || rules.longWordsStartOnTheLine

        // The segment table's columns, all as long (`appendSegment` fills them together), read unchecked,
        // taken from the table itself: through the read-only views the layout at a width cost 3 % more.
        let ends = segments.ends, contentEnds = segments.contentEnds, widths = segments.contentWidths
        let trailing = segments.trailingWidths, kinds = segments.flags, masks = segments.fontMasks
        var line = OpenLine()
        var segmentStart = 0
        let count = ends.count
        var i = 0
        while i < count {
            if !trims && !plain {
                // The general step below with the tests that cannot hold left out: no text-spacing-trim,
                // and a word wider than the line is handed to it, so no line starts inside a word here
                // and none of a segment's fonts is dropped.
                while i < count {
                    let segmentEnd = Int(ends[i])
                    let contentWidth = widths[i]
                    if line.isEmpty {
                        if breaksWideWords && !fits(contentWidth) { break }
                    } else {
                        let join = joins ? joinAdjustments[i - 1] : 0
                        if fits(line.pen + join + contentWidth) {
                            line.pen += join
                        } else {
                            if splitsAtOverflow { break }
                            emit(line.finish(at: segmentStart), fonts)
                            if breaksLongWords && !fits(contentWidth) { break }
                        }
                    }
                    let segmentFlags = kinds[i]
                    if Int(contentEnds[i]) > segmentStart { line.contentRight = line.pen + contentWidth }
                    line.pen += contentWidth
                    line.pen = segmentFlags.contains(.tabbedTrailing) ? advance(line.pen, overTrailingOf: i)
                        : line.pen + trailing[i]
                    line.isEmpty = false
                    line.mask |= masks[i]
                    if segmentFlags.contains(.hardBreak) {
                        let paragraph = segmentFlags.contains(.endsParagraph)
                        emit(line.finish(at: segmentEnd, lineBreak: true, paragraph: paragraph), fonts)
                    }
                    segmentStart = segmentEnd
                    i += 1
                }
                if i == count { break }
            }
            let segmentEnd = Int(ends[i])
            let contentEnd = Int(contentEnds[i])
            let segmentFlags = kinds[i]
            var contentWidth = widths[i]
            // Shaped together with the segment before it on this line (kerning, ligatures).
            let join = joins && i > 0 ? joinAdjustments[i - 1] : 0

            // allow-end: a closing bracket may give back its blank half to end this line, also when its
            // segment is the first on the line (recorded Chromium 156: "（Macintosh）" fits 128 px at 19 px),
            // but not before a mandatory break (it keeps "（參見 %G）" whole before a "\n").
            let endTrim = trims && !segmentFlags.contains(.hardBreak) ? endTrims[i] : 0
            // Where this segment's text on the current line starts: past a piece that ended the line before.
            var pieceStart = segmentStart
            if !line.isEmpty && !fits(line.pen + join + contentWidth - endTrim) {
                // break-all, anywhere: the word's first piece ends this line if one fits after its content
                // (Blink's ShapingLineBreaker::ShapeLine looks for the break in the whole text item).
                // An opening bracket the character before trims keeps that trim here, inside the line (the
                // advances inside the segment are measured as from a line start: forEachPairTrim).
                let pairTrim = breaksInsideWords
                    ? punctuationTrims[segmentStart].map { $0.opens && $0.byPair ? $0.reduction : 0 } ?? 0 : 0
                var window = 64
                let piece = breaksInsideWords
                    ? furthestFit(from: segmentStart, to: contentEnd, offset: line.pen + join - pairTrim,
                                  available: available, cuts: .insideWords, window: &window)
                    : rules.longWordsStartOnTheLine
                    ? longWordStart(from: segmentStart, to: contentEnd, width: contentWidth,
                                    endsAtBreak: contentEnd == segmentEnd,
                                    offset: line.pen + join, available: available)
                    : nil
                if let piece, piece.end < contentEnd {
                    line.pen += join
                    line.contentRight = line.pen + piece.width - pairTrim
                    line.mask |= fontMask(from: segmentStart, to: piece.end)
                    emit(line.finish(at: piece.end), fonts)
                    pieceStart = piece.end
                    contentWidth = segments.wordBreaks.width(from: pieceStart, to: contentEnd) {
                        self.width(from: pieceStart, to: contentEnd, shaper: $0)
                    }
                } else {
                    emit(line.finish(at: segmentStart), fonts)
                }
            }
            var endsLineTrimmed = false
            if trims {
                // An opening bracket starting a line: its pair trim given back, or a line-start trim taken
                // (text-spacing-trim's value; lineStartTrim).
                if line.isEmpty {
                    contentWidth -= lineStartTrim(at: pieceStart, paragraphStart: line.atParagraphStart,
                                                  measuredWhole: pieceStart > segmentStart)
                }
                let offset = line.isEmpty ? 0 : line.pen + join
                if endTrim > 0 && !fits(offset + contentWidth) && fits(offset + contentWidth - endTrim) {
                    contentWidth -= endTrim
                    endsLineTrimmed = true
                }
            }
            // overflow-wrap: normal lets a word wider than the line overflow it (to its first break-all
            // opportunity).
            if line.isEmpty && breaksWideWords && !fits(contentWidth) {
                let rest = breakInsideSegment(from: pieceStart, to: contentEnd, available: available,
                                              paragraphStart: line.atParagraphStart, lineStart: &line.start,
                                              emit: emit)
                // The remainder's last `.tracking` hangs, as the whole segment's did.
                contentWidth = rest > 0 ? rest - rules.spacing.hangingTracking : rest
            }
            if !line.isEmpty { line.pen += join }
            if contentEnd > segmentStart { line.contentRight = line.pen + contentWidth }
            line.pen += contentWidth
            line.pen = segmentFlags.contains(.tabbedTrailing) ? advance(line.pen, overTrailingOf: i)
                : line.pen + trailing[i]
            line.isEmpty = false
            // A word broken across lines leaves only its last piece's fonts on this one.
            line.mask |= line.start > segmentStart
                ? fontMask(from: line.start, to: segmentEnd) | (masks[i] & 1) : masks[i]

            if segmentFlags.contains(.hardBreak) {
                emit(line.finish(at: segmentEnd, lineBreak: true, paragraph: segmentFlags.contains(.endsParagraph),
                                 endTrim: endsLineTrimmed ? endTrim : 0), fonts)
            } else if endsLineTrimmed {
                emit(line.finish(at: segmentEnd, endTrim: endTrim), fonts)
            }
            segmentStart = segmentEnd
            i += 1
        }
        if !line.isEmpty { emit(line.finish(at: utf16.count), fonts) }
    }

    /// The line being filled.
    private struct OpenLine {
        var start = 0
        var pen = 0.0           // after the last placed segment, its hanging white space included
        var contentRight = 0.0  // right edge of the last placed content
        var isEmpty = true
        var mask: UInt32 = 0
        var atParagraphStart = true  // the first line, or one after a mandatory break

        /// The line up to `end`; an empty one starts there.
        mutating func finish(at end: Int, lineBreak: Bool = false, paragraph: Bool = false,
                             endTrim: Double = 0) -> Line {
            let line = Line(start: start, end: end, width: contentRight, endsWithLineBreak: lineBreak,
                            endsParagraph: paragraph, fontMask: mask, endTrim: endTrim)
            self = OpenLine()
            start = end
            atParagraphStart = lineBreak
            return line
        }
    }

    /// Emits full lines from a segment wider than the line, broken at `word-break: break-all`'s or
    /// `line-break: anywhere`'s opportunities, else between graphemes (UAX #29) when `overflow-wrap`
    /// allows, at least one grapheme per line; returns the width of the remainder, which stays on the
    /// current line and may be followed by more segments. Under `overflow-wrap: normal` a line that no
    /// break-all opportunity fits overflows to the first one.
    private func breakInsideSegment(from start: Int, to end: Int, available: Double, paragraphStart: Bool,
                                    lineStart: inout Int, emit: (Line, borrowing FontStack) -> Void) -> Double {
        var pieceStart = start
        var window = 64
        while true {
            // An opening bracket starting this line, measured whole (forEachPairTrim), may be trimmed.
            let trim = lineStartTrim(at: pieceStart, paragraphStart: paragraphStart && pieceStart == start,
                                     measuredWhole: true)
            var found: (end: Int, width: Double)?
            if rules.wordBreaking == .breakAll {
                // A line no opportunity fits: Blink lays it out again with overflow-wrap's breaks between
                // graphemes (LineBreaker::HandleOverflow, override_break_anywhere_), or lets it overflow.
                found = furthestFit(from: pieceStart, to: end, offset: -trim, available: available,
                                    cuts: .insideWords, window: &window)
                if found == nil && !rules.breaksLongWords {
                    let cut = firstBreakAllOpportunity(after: pieceStart, before: end)
                    found = (cut, segments.wordBreaks.width(from: pieceStart, to: cut) {
                        width(from: pieceStart, to: cut, shaper: $0)
                    })
                }
            }
            // (.graphemes always finds a cut: at least the first grapheme.)
            guard let piece = found ?? furthestFit(from: pieceStart, to: end, offset: -trim, available: available,
                                                   cuts: .graphemes, window: &window) else { return 0 }
            if piece.end == end { return piece.width - trim }  // the remainder fits: it stays on this line
            // The fonts of this piece only: a line's height counts the fonts used on it.
            emit(Line(start: lineStart, end: piece.end, width: piece.width - trim,
                      fontMask: fontMask(from: lineStart, to: piece.end), isEmergencyBreak: true), fonts)
            lineStart = piece.end
            pieceStart = piece.end
        }
    }

    /// SkParagraph's `TextWrapper::lookAhead`: the piece of a word longer than a whole line that stays on
    /// the line it overflows, or nil when the word starts the next line. The word's length stops before a
    /// cluster with a break right after it (`isSoftBreak`), so the last cluster of a word without trailing
    /// white space, or at the end of the text, is not counted; the word stays when more than one of its
    /// glyphs fits (`fClusters.endPos() - fClusters.startPos() > 1`, here: more than one grapheme).
    private func longWordStart(from start: Int, to end: Int, width contentWidth: Double, endsAtBreak: Bool,
                               offset: Double, available: Double) -> (end: Int, width: Double)? {
        var length = contentWidth
        if endsAtBreak {
            let lastCluster = utf16.withUnsafeBufferPointer { text in
                LentShapers.with { PreparedText.graphemeCut(text, near: end - 1, after: start, end: end, shaper: $0) }
            }
            guard lastCluster > start, lastCluster < end else { return nil }
            length = segments.wordBreaks.width(from: start, to: lastCluster) { width(from: start, to: lastCluster, shaper: $0) }
        }
        guard length > available else { return nil }
        var window = 64
        guard let piece = furthestFit(from: start, to: end, offset: offset, available: available, cuts: .graphemes,
                                      window: &window) else { return nil }
        let firstEnd = min(end, start + 64)
        let first = segments.wordBreaks.graphemeAdvances(from: start, to: firstEnd) {
            graphemeAdvances(from: start, to: firstEnd, shaper: $0)
        }
        return first.first.map { piece.end > $0.end } == true ? piece : nil
    }

    /// Where a line may end inside a segment.
    private enum Cuts {
        /// Every grapheme boundary; the first grapheme when none fits (a line holds at least one).
        case graphemes
        /// The opportunities of `word-break: break-all`, or every grapheme boundary under `line-break: anywhere`.
        case insideWords
    }

    /// The furthest cut after `start` and up to `end` (`end` itself or an opportunity of `cuts`) at which
    /// `offset` + the width of `start..<cut` fits the line, and that width; nil if none (`.insideWords`).
    /// As Blink's `ShapingLineBreaker::ShapeLine` finds it: the first grapheme past the room by its
    /// advance in the text shaped whole, the last opportunity before it, that line end shaped again
    /// where HarfBuzz says the cut is unsafe (a ligature such as "fi" splits, a kern into the next glyph
    /// no longer counts), and the opportunity before while that does not fit.
    ///
    /// The advances come from a window of the segment that grows only as far as a line needs (`window`
    /// graphemes, doubled until the line ends inside it, then sized for the next line), so a 10 MB word
    /// costs time and memory in proportion to its length, not to its square. What is shaped here is
    /// kept for the next layout (`WordBreakMemo`).
    private func furthestFit(from start: Int, to end: Int, offset: Double, available: Double, cuts: Cuts,
                             window: inout Int) -> (end: Int, width: Double)? {
        let anyGrapheme = cuts == .graphemes || rules.wordBreaking == .anywhere
        let opportunities = breakAllOpportunities
        func isCut(_ position: Int) -> Bool {
            if position == end || anyGrapheme { return true }
            var low = 0, high = opportunities.count
            while low < high {
                let mid = (low + high) / 2
                if Int(opportunities[mid]) < position { low = mid + 1 } else { high = mid }
            }
            return low < opportunities.count && Int(opportunities[low]) == position
        }
        func fits(_ width: Double) -> Bool { rules.fits(offset + width, in: available) }
        let blink = rules.wordCuts == .shapingLineBreaker
        while true {
            let windowEnd = min(end, start + window)
            var ends = segments.wordBreaks.graphemeAdvances(from: start, to: windowEnd) {
                graphemeAdvances(from: start, to: windowEnd, shaper: $0)
            }
            // A window that stops inside the segment may cut a grapheme: its end is no boundary.
            if windowEnd < end { ends.removeLast() }
            if ends.isEmpty || (windowEnd < end && fits(ends[ends.count - 1].advance)) {
                window *= 2  // the line may hold more than this window: look further
                continue
            }
            // Where HarfBuzz says a cut is safe, the prefix's advance is exact; elsewhere shape it.
            func lineWidth(_ k: Int) -> Double {
                ends[k].safeToBreak ? ends[k].advance
                    : segments.wordBreaks.width(from: start, to: ends[k].end) { width(from: start, to: ends[k].end, shaper: $0) }
            }
            func cut(before k: Int) -> Int {
                var k = k - 1
                while k >= 0 && !isCut(ends[k].end) { k -= 1 }
                return k
            }
            func cut(after k: Int) -> Int {
                var k = k + 1
                while k < ends.count && !isCut(ends[k].end) { k += 1 }
                return k
            }
            // The first grapheme whose end does not fit by its advance; Blink places the end inside a ligature at
            // the ligature's start (ShapeResult::ComputePositionData gives a character without a glyph of its own
            // its cluster's position; CachedOffsetForPosition finds the character at the room's end).
            var past = blink ? 0 : 1  // (shapedAlone: the first grapheme is taken whatever its advance)
            var glyphStart = 0.0
            while past < ends.count {
                let position = ends[past].glyphStartsAfter || !blink ? ends[past].advance : glyphStart
                guard fits(position) else { break }
                if ends[past].glyphStartsAfter { glyphStart = position }
                past += 1
            }
            var last = cut(before: past)
            if last < 0 {
                guard cuts == .graphemes else { return nil }
                last = 0  // at least one grapheme per line
            }
            var lastWidth = lineWidth(last)
            // The next cuts may still fit once their line end is shaped again (not in Blink, which goes only back).
            while !blink, case let next = cut(after: last), next < ends.count {
                let wider = lineWidth(next)
                guard fits(wider) else { break }
                (last, lastWidth) = (next, wider)
            }
            while !fits(lastWidth) {
                let previous = cut(before: last)
                guard previous >= 0 else {
                    guard cuts == .graphemes else { return nil }
                    break
                }
                last = previous
                lastWidth = lineWidth(last)
            }
            window = max(64, 2 * (last + 1))
            return (ends[last].end, lastWidth)
        }
    }

    /// The first `word-break: break-all` opportunity after `start`, or `end`.
    private func firstBreakAllOpportunity(after start: Int, before end: Int) -> Int {
        let opportunities = breakAllOpportunities
        var low = 0, high = opportunities.count
        while low < high {
            let mid = (low + high) / 2
            if Int(opportunities[mid]) <= start { low = mid + 1 } else { high = mid }
        }
        return low < opportunities.count ? min(end, Int(opportunities[low])) : end
    }

    /// The fonts `start..<end` is drawn with (bit i = `fonts.fonts[i]`), cluster by cluster.
    func fontMask(from start: Int, to end: Int) -> UInt32 {
        segments.wordBreaks.fontMask(from: start, to: end) { shaper in
            utf16.withUnsafeBufferPointer { text in
                FontRuns(stack: fonts).runs(text, from: start, to: end, graphemes: shaper.forEachGrapheme)
                    .reduce(0) { $0 | 1 << UInt32($1.font) }
            }
        }
    }

    /// The pen after a hanging run with tabs. Blink shapes a run of tabs on its own, unspaced
    /// (`ShapeResult::CreateForTabulationCharacters`): its first tab moves to the next stop past the
    /// pen, and on to the one after when it would be less than `minimumTab` wide (`Font::TabWidth`:
    /// "the minimum width is half the space width"); the run's other tabs advance by the interval.
    /// A run of negative width (a negative interval) leaves the pen where it is (measured; Blink clamps
    /// an item's inline size, `SnappedWidth().ClampNegativeToZero()`, and a run's tabs share its sign).
    private func advance(_ pen: Double, overTrailingOf segment: Int) -> Double {
        var pen = pen
        var afterTab = false
        for piece in tabbedTrailing[segment] ?? [] {
            switch piece {
            case .advance(let width):
                pen += width
                afterTab = false
            case .tab:
                pen += max(0, afterTab ? tabInterval : tabDistance(from: pen))
                afterTab = true
            }
        }
        return pen
    }

    /// Font::TabWidth at a position: to the next multiple of the interval, plus one interval under
    /// the minimum. An interval of 0 (tab-size 0 without letter spacing) gives 0. Blink's position
    /// is never negative (each item's width is clamped to 0), so a pen below 0, after text of negative
    /// width, is not wrapped: the tab ends on the first stop, where Blink's does (measured).
    private func tabDistance(from pen: Double) -> Double {
        guard tabInterval != 0 else { return 0 }
        var distance = tabInterval - pen.truncatingRemainder(dividingBy: tabInterval)
        if distance < minimumTab { distance += tabInterval }
        return distance
    }
}
