/// Android's greedy line breaking (`Layout.BREAK_STRATEGY_SIMPLE`), as Minikin's
/// GreedyLineBreaker.cpp does it, over the segments of a text prepared with Minikin's word breaks:
/// - a line grows word by word while its width, trailing line-end spaces excluded
///   (`isLineEndSpace`), is at most the limit (`isWidthExceeded`: width > limit overflows);
/// - a word that overflows goes to the next line, at the last break opportunity remembered
///   (`tryLineBreakWithWordBreak`); a break inside an e-mail address or URL is remembered only when
///   no other break is (`processLineBreak`: `mIsPrevWordBreakIsInEmailOrUrl | !isInEmailOrUrl`);
/// - with no opportunity left on the line, the word is cut before the first grapheme that
///   overflows, at least one per line (`doLineBreakWithGraphemeBounds`), from the advances of the
///   word shaped whole (no reshaping of the pieces); a cluster that starts no glyph (inside a
///   ligature) or has no advance is no cut point (`w == 0`);
/// - a tab advances to the next stop every 20 px (`TabStops::nextTab`, StaticLayout TAB_INCREMENT)
///   and counts toward the width;
/// - StaticLayout breaks paragraphs at U+000A and the last line of each ends at its end.
/// - with letter spacing, a line fits when its width less one spacing fits, and reports that width
///   (`isWidthExceeded`, `breakLineAt`: `lineWidth - edgeLetterSpacing`; `minikinEdgeSpacing`).
/// Hyphenation is not modelled (`HYPHENATION_FREQUENCY_NONE`).
extension PreparedText {
    /// Greedy lines of the paragraph made of `segments` (the last one ends at U+000A or the text's end).
    func forEachMinikinGreedyLine(segments: Range<Int>, width: Double, _ emit: (Line) -> Void) {
        let limit = width > 0 ? width : 0
        var lineStart = segments.lowerBound > 0 ? Int(segmentEnds[segments.lowerBound - 1]) : 0
        var lineWidth = 0.0  // mLineWidth: to the end of the last character that is not a line-end space
        var sum = 0.0        // mSumOfCharWidths: every character since the line start
        var lineMask: UInt32 = 0
        var maskSincePrevious: UInt32 = 0
        var previous: (offset: Int, lineWidth: Double, sum: Double, bad: Bool, mask: UInt32, join: Double)?
        var segmentStart = lineStart
        // Lent (`LentShapers`): a Shaper of its own per layout shaped every over-wide word afresh.
        var emergency: Shaper?
        defer { if let emergency { LentShapers.giveBack(emergency) } }
        let joins = !joinAdjustments.isEmpty
        // The fit test's width side computed once; the segment table's columns, all as long, read
        // unchecked (`segments` lies within them), as GreedyBreaker reads them.
        // The width less the edges' letter spacing must fit: the limit grows by it (0 without spacing).
        let edge = minikinEdgeSpacing
        let fits = rules.fit(limit + edge)
        // breakLineAt reports the line's width less the edges' spacing (an empty line keeps 0).
        func trimmed(_ width: Double) -> Double { width > 0 ? width - edge : width }
        let ends = segmentEnds, contentEnds = self.contentEnds, widths = contentWidths
        let trailing = trailingWidths, kinds = flags, masks = fontMasks
        precondition(segments.upperBound <= ends.count)

        for i in segments {
            let end = Int(ends[i])
            let segmentFlags = kinds[i]
            // Shaped together with the word before it when both are on the line (kerning, contextual forms).
            let join = joins && i > 0 && segmentStart > lineStart ? joinAdjustments[i - 1] : 0
            sum += join + widths[i]
            if Int(contentEnds[i]) > segmentStart { lineWidth = sum }
            if segmentFlags.contains(.tabbedTrailing) {
                for piece in tabbedTrailing[i] ?? [] {
                    switch piece {
                    case .advance(let w): sum += w
                    case .tab:
                        sum = tabInterval > 0 ? ((sum / tabInterval).rounded(.down) + 1) * tabInterval : sum
                        lineWidth = sum
                    }
                }
            } else {
                sum += trailing[i]
            }
            lineMask |= masks[i]
            maskSincePrevious |= masks[i]

            // processLineBreak(offset = end of this word)
            var endedAtWord = false
            while !fits(lineWidth) {
                if let p = previous {
                    emit(Line(start: lineStart, end: p.offset, width: trimmed(p.lineWidth), fontMask: p.mask))
                    // The word after the break no longer joins the one before it.
                    lineWidth -= p.sum + p.join
                    sum -= p.sum + p.join
                    lineStart = p.offset
                    lineMask = maskSincePrevious
                    previous = nil
                    continue
                }
                let shaper = emergency ?? LentShapers.take()
                emergency = shaper
                guard let cut = graphemeCut(from: lineStart, to: end, limit: limit + edge, shaper: shaper) else {
                    // Not even one cluster fits: the line ends at this word's end.
                    emit(Line(start: lineStart, end: end, width: trimmed(lineWidth), fontMask: lineMask, isEmergencyBreak: true))
                    lineStart = end
                    lineWidth = 0
                    sum = 0
                    lineMask = 0
                    maskSincePrevious = 0
                    endedAtWord = true
                    break
                }
                emit(Line(start: lineStart, end: cut.end, width: trimmed(cut.width), fontMask: lineMask, isEmergencyBreak: true))
                lineWidth -= cut.width
                sum -= cut.width
                lineStart = cut.end
            }
            let bad = segmentFlags.contains(.insideEmailOrURL)
            if !endedAtWord && (previous == nil || previous?.bad == true || !bad) {
                let nextJoin = joins && i + 1 < segmentEnds.count ? joinAdjustments[i] : 0
                previous = (end, lineWidth, sum, bad, lineMask, nextJoin)
                maskSincePrevious = 0
            }
            // The end of a paragraph (U+000A): its last line ends here.
            if segmentFlags.contains(.hardBreak) && lineStart < end {
                emit(Line(start: lineStart, end: end, width: trimmed(lineWidth), endsWithLineBreak: true,
                          endsParagraph: true, fontMask: lineMask | 1))
                lineStart = end
                lineWidth = 0
                sum = 0
                lineMask = 0
                maskSincePrevious = 0
                previous = nil
            } else if segmentFlags.contains(.hardBreak) {
                previous = nil
            }
            segmentStart = end
        }
        if let last = segments.last, lineStart < Int(segmentEnds[last]), let p = previous {
            emit(Line(start: lineStart, end: p.offset, width: trimmed(lineWidth), fontMask: lineMask))
        }
    }

    /// GreedyLineBreaker::doLineBreakWithGraphemeBounds over `start..<end`: the end of the longest
    /// run of clusters that fits (at least one; `limit` already holds the edges' letter spacing), and its width; nil when no cluster after the first
    /// overflows (the whole range stays on one line). Shaped in growing windows, so a long word
    /// costs time in proportion to the line, not to the word.
    private func graphemeCut(from start: Int, to end: Int, limit: Double, shaper: Shaper) -> (end: Int, width: Double)? {
        var window = 64
        while true {
            let windowEnd = min(end, start + window)
            var ends = graphemeAdvances(from: start, to: windowEnd, shaper: shaper)
            if windowEnd < end && ends.count > 1 { ends.removeLast() }  // the window may cut a grapheme
            var j = 1
            while j < ends.count {
                let w = ends[j].advance - ends[j - 1].advance
                // w == 0: no cluster starts here (inside a ligature, or a zero-width character).
                if w != 0 && ends[j - 1].glyphStartsAfter && !rules.fits(ends[j - 1].advance + w, in: limit) {
                    return (ends[j - 1].end, ends[j - 1].advance)
                }
                j += 1
            }
            if windowEnd >= end { return nil }
            window *= 2
        }
    }
}
