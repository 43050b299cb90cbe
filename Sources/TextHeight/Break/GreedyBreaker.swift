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
        forEachLine(width: width) { lines.append($0) }
        return lines
    }

    /// How many lines `layout(width:)` would return, without building them.
    public func lineCount(width: Double) -> Int {
        var count = 0
        forEachLine(width: width) { _ in count += 1 }
        return count
    }

    func forEachLine(width: Double, _ emit: (Line) -> Void) {
        // A negative or NaN width leaves no room: one grapheme per line, as TextKit does.
        let available = width > 0 ? width : 0
        var lineStart = 0
        var pen = 0.0           // after the last placed segment, its hanging white space included
        var contentRight = 0.0  // right edge of the last placed content
        var lineIsEmpty = true
        var lineMask: UInt32 = 0
        var segmentStart = 0
        let trims = !startPairTrims.isEmpty
        let joins = !joinAdjustments.isEmpty

        /// Emits the current line up to `end` and starts an empty one there.
        func finishLine(at end: Int, lineBreak: Bool = false, paragraph: Bool = false, endTrim: Double = 0) {
            emit(Line(start: lineStart, end: end, width: contentRight, endsWithLineBreak: lineBreak,
                      endsParagraph: paragraph, fontMask: lineMask, endTrim: endTrim))
            lineStart = end
            pen = 0
            contentRight = 0
            lineIsEmpty = true
            lineMask = 0
        }

        for i in segmentEnds.indices {
            let segmentEnd = Int(segmentEnds[i])
            let contentEnd = Int(contentEnds[i])
            var contentWidth = contentWidths[i]
            // Shaped together with the segment before it on this line (kerning, ligatures).
            let join = joins && i > 0 ? joinAdjustments[i - 1] : 0

            // allow-end: a closing bracket may give back its blank half to end this line, also when its
            // segment is the first on the line (recorded Chromium 156: "（Macintosh）" fits 128 px at 19 px).
            let endTrim = trims ? endTrims[i] : 0
            if !lineIsEmpty && !rules.fits(pen + join + contentWidth - endTrim, in: available) {
                finishLine(at: segmentStart)
            }
            // An opening bracket trimmed for the character before it gets its blank half back when it starts
            // a line: Blink reshapes a line's start without the previous line's context (measured in Chromium
            // 156: "、「" broken between them sets 「 full width), and trims no other bracket there.
            if trims && lineIsEmpty { contentWidth += startPairTrims[i] }
            var endsLineTrimmed = false
            let offset = lineIsEmpty ? 0 : pen + join
            if endTrim > 0 && !rules.fits(offset + contentWidth, in: available)
                && rules.fits(offset + contentWidth - endTrim, in: available) {
                contentWidth -= endTrim
                endsLineTrimmed = true
            }
            if lineIsEmpty && !rules.fits(contentWidth, in: available) {
                let rest = breakInsideSegment(from: segmentStart, to: contentEnd, available: available,
                                              mask: fontMasks[i], lineStart: &lineStart, emit: emit)
                // The remainder's last `.tracking` hangs, as the whole segment's did.
                contentWidth = rest > 0 ? rest - rules.spacing.hangingTracking : rest
            }
            if !lineIsEmpty { pen += join }
            if contentEnd > segmentStart { contentRight = pen + contentWidth }
            pen += contentWidth
            pen = flags[i].contains(.tabbedTrailing) ? advance(pen, over: tabbedTrailing[i] ?? []) : pen + trailingWidths[i]
            lineIsEmpty = false
            lineMask |= fontMasks[i]

            if flags[i].contains(.hardBreak) {
                finishLine(at: segmentEnd, lineBreak: true, paragraph: flags[i].contains(.endsParagraph),
                           endTrim: endsLineTrimmed ? endTrim : 0)
            } else if endsLineTrimmed {
                finishLine(at: segmentEnd, endTrim: endTrim)
            }
            segmentStart = segmentEnd
        }
        if !lineIsEmpty { finishLine(at: utf16.count) }
    }

    /// Emits full lines of graphemes from a segment wider than the line; returns the width of the
    /// remainder, which stays on the current line and may be followed by more segments.
    ///
    /// Glyph advances of a window of the segment give a first guess; each candidate line is then
    /// shaped on its own and the break moved until that fits, as Blink's ShapingLineBreaker
    /// reshapes the line it cuts (a ligature such as "fi" splits, a kern into the next glyph no
    /// longer counts). The window grows only as far as a line needs, so a 10 MB word costs time
    /// and memory in proportion to its length, not to its square. What is shaped here is kept
    /// for the next layout (`WordBreakMemo`).
    private func breakInsideSegment(from start: Int, to end: Int, available: Double, mask: UInt32,
                                    lineStart: inout Int, emit: (Line) -> Void) -> Double {
        var pieceStart = start
        var window = 64
        while true {
            let windowEnd = min(end, pieceStart + window)
            var ends = wordBreaks.graphemeAdvances(from: pieceStart, to: windowEnd) {
                graphemeAdvances(from: pieceStart, to: windowEnd, shaper: $0)
            }
            // A window that stops inside the segment may cut a grapheme: its end is no boundary.
            if windowEnd < end { ends.removeLast() }
            if ends.isEmpty || (windowEnd < end && rules.fits(ends[ends.count - 1].advance, in: available)) {
                window *= 2  // the line may hold more than this window: look further
                continue
            }
            var last = 0  // at least one grapheme per line
            while last + 1 < ends.count && rules.fits(ends[last + 1].advance, in: available) { last += 1 }
            // Where HarfBuzz says a cut is safe, the prefix's advance is exact; elsewhere shape it.
            func lineWidth(_ k: Int) -> Double {
                ends[k].safeToBreak ? ends[k].advance
                    : wordBreaks.width(from: pieceStart, to: ends[k].end) { width(from: pieceStart, to: ends[k].end, shaper: $0) }
            }
            var lastWidth = lineWidth(last)
            while last + 1 < ends.count {
                let wider = lineWidth(last + 1)
                guard rules.fits(wider, in: available) else { break }
                last += 1
                lastWidth = wider
            }
            while last > 0 && !rules.fits(lastWidth, in: available) {
                last -= 1
                lastWidth = lineWidth(last)
            }
            if ends[last].end == end { return lastWidth }  // the remainder fits: it stays on this line
            emit(Line(start: lineStart, end: ends[last].end, width: lastWidth, fontMask: mask, isEmergencyBreak: true))
            lineStart = ends[last].end
            pieceStart = ends[last].end
            window = max(64, 2 * (last + 1))
        }
    }

    /// The pen after a hanging run with tabs: each tab moves to the next stop past the pen.
    private func advance(_ pen: Double, over pieces: [TrailingPiece]) -> Double {
        var pen = pen
        for piece in pieces {
            switch piece {
            case .advance(let width): pen += width
            case .tab: pen = tabInterval > 0 ? ((pen / tabInterval).rounded(.down) + 1) * tabInterval : pen
            }
        }
        return pen
    }
}
