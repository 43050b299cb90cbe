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
                        if breaksLongWords && !fits(contentWidth) { break }
                    } else {
                        let join = joins ? joinAdjustments[i - 1] : 0
                        if fits(line.pen + join + contentWidth) {
                            line.pen += join
                        } else {
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
            if !line.isEmpty && !fits(line.pen + join + contentWidth - endTrim) {
                emit(line.finish(at: segmentStart), fonts)
            }
            var endsLineTrimmed = false
            if trims {
                // An opening bracket starting a line: its pair trim given back, or a line-start trim taken
                // (text-spacing-trim's value; lineStartTrim).
                if line.isEmpty {
                    contentWidth -= lineStartTrim(at: segmentStart, paragraphStart: line.atParagraphStart)
                }
                let offset = line.isEmpty ? 0 : line.pen + join
                if endTrim > 0 && !fits(offset + contentWidth) && fits(offset + contentWidth - endTrim) {
                    contentWidth -= endTrim
                    endsLineTrimmed = true
                }
            }
            // overflow-wrap: normal lets a word wider than the line overflow it.
            if line.isEmpty && breaksLongWords && !fits(contentWidth) {
                let rest = breakInsideSegment(from: segmentStart, to: contentEnd, available: available,
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

    /// Emits full lines of graphemes from a segment wider than the line; returns the width of the
    /// remainder, which stays on the current line and may be followed by more segments.
    ///
    /// Glyph advances of a window of the segment give a first guess; each candidate line is then
    /// shaped on its own and the break moved until that fits, as Blink's ShapingLineBreaker
    /// reshapes the line it cuts (a ligature such as "fi" splits, a kern into the next glyph no
    /// longer counts). The window grows only as far as a line needs, so a 10 MB word costs time
    /// and memory in proportion to its length, not to its square. What is shaped here is kept
    /// for the next layout (`WordBreakMemo`).
    private func breakInsideSegment(from start: Int, to end: Int, available: Double, paragraphStart: Bool,
                                    lineStart: inout Int, emit: (Line, borrowing FontStack) -> Void) -> Double {
        var pieceStart = start
        var window = 64
        while true {
            let windowEnd = min(end, pieceStart + window)
            var ends = segments.wordBreaks.graphemeAdvances(from: pieceStart, to: windowEnd) {
                graphemeAdvances(from: pieceStart, to: windowEnd, shaper: $0)
            }
            // An opening bracket starting this line, measured whole (forEachPairTrim), may be trimmed.
            let trim = lineStartTrim(at: pieceStart, paragraphStart: paragraphStart && pieceStart == start,
                                     measuredWhole: true)
            if trim != 0 { for k in ends.indices { ends[k].advance -= trim } }
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
                    : segments.wordBreaks.width(from: pieceStart, to: ends[k].end) {
                        width(from: pieceStart, to: ends[k].end, shaper: $0)
                    } - trim
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
            // The fonts of this piece only: a line's height counts the fonts used on it.
            emit(Line(start: lineStart, end: ends[last].end, width: lastWidth,
                      fontMask: fontMask(from: lineStart, to: ends[last].end), isEmergencyBreak: true), fonts)
            lineStart = ends[last].end
            pieceStart = ends[last].end
            window = max(64, 2 * (last + 1))
        }
    }

    /// The fonts `start..<end` is drawn with (bit i = `fonts.fonts[i]`), cluster by cluster.
    private func fontMask(from start: Int, to end: Int) -> UInt32 {
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
