/// Widths inside a segment: for words wider than a line, and runs too long to shape at once.
extension PreparedText {
    /// Longer runs of text without a break opportunity are shaped in pieces cut at grapheme
    /// boundaries, so that a 10 MB word needs no 10-million-glyph HarfBuzz buffer (only kerning
    /// across the cuts is lost, on input no platform lays out either).
    static let maxShapedUnits = 1 << 16

    /// The last grapheme boundary at or before `target` (and after `floor`), or `end`.
    static func graphemeCut(_ text: UnsafeBufferPointer<UInt16>, near target: Int, after floor: Int,
                            end: Int, shaper: Shaper) -> Int {
        guard target < end else { return end }
        let windowStart = max(floor, target - 64)
        var cut = windowStart
        shaper.forEachGrapheme(in: UnsafeBufferPointer(rebasing: text[windowStart..<min(end, target + 64)])) { boundary in
            if windowStart + boundary <= target { cut = windowStart + boundary }
        }
        return cut > floor ? cut : min(end, target)
    }

    /// The advance of `start..<end` shaped on its own, as a line holding just that text is
    /// shaped: a piece of a word broken across lines, with text-spacing-trim's pair trims inside it.
    /// Blink shapes it with the text around as HarfBuzz context (`rules.wordCuts`).
    func width(from start: Int, to end: Int, shaper: Shaper) -> Double {
        var mask: UInt32 = 0
        let inContext = rules.wordCuts == .shapingLineBreaker
        let shaped = utf16.withUnsafeBufferPointer {
            measure($0, from: start, to: end, shaper: shaper, mask: &mask, inContext: inContext).width
        }
        return shaped - pairTrims(from: start, to: end)
    }

    /// What text-spacing-trim's adjacent pairs take from `start..<end`.
    func pairTrims(from start: Int, to end: Int) -> Double {
        var total = 0.0
        forEachPairTrim(from: start, to: end) { _, reduction in total += reduction }
        return total
    }

    /// The pair trims at positions in `start..<end` of text that starts a line, found by binary search. An
    /// opening bracket at `start` keeps its blank half: Blink shapes a line's start without what came before.
    func forEachPairTrim(from start: Int, to end: Int, _ body: (Int, Double) -> Void) {
        guard !pairTrimPositions.isEmpty else { return }
        var low = 0, high = pairTrimPositions.count
        while low < high {
            let mid = (low + high) / 2
            if pairTrimPositions[mid] < start { low = mid + 1 } else { high = mid }
        }
        var k = low
        if k < pairTrimPositions.count && pairTrimPositions[k] == start && punctuationTrims[start]?.opens == true { k += 1 }
        while k < pairTrimPositions.count && pairTrimPositions[k] < end {
            body(pairTrimPositions[k], pairTrimReductions[k])
            k += 1
        }
    }

    /// Cumulative advances at each grapheme end of `start..<end`, in points, for breaking inside a
    /// word wider than the line (UAX #29: never inside an emoji sequence or a base + mark), and
    /// whether the text can be cut there without shaping the two sides again.
    func graphemeAdvances(from start: Int, to end: Int, shaper: Shaper) -> [GraphemeEnd] {
        utf16.withUnsafeBufferPointer { text in
            let slice = UnsafeBufferPointer(rebasing: text[start..<end])
            var boundaries: [Int] = []
            shaper.forEachGrapheme(in: slice) { boundaries.append(start + $0) }
            if boundaries.last != end { boundaries.append(end) }
            var perGrapheme = [Double](repeating: 0, count: boundaries.count)
            var unsafeEnd = [Bool](repeating: false, count: boundaries.count)
            // A boundary no glyph starts at lies inside a ligature ("fi"): never safe.
            var glyphStartsAfter = [Bool](repeating: false, count: boundaries.count)
            glyphStartsAfter[boundaries.count - 1] = true
            for run in FontRuns(stack: fonts).runs(text, from: start, to: end, graphemes: shaper.forEachGrapheme) {
                let font = fonts.fonts[run.font]
                let spacing = glyphSpacing[run.font]
                var lastCluster = -1
                let (ligatures, runSpacing) = cssSpacing.run(text, from: run.start, to: run.end)
                let pieces = runSpacing.rule == .minikin && runSpacing.letter != 0
                    ? MinikinPieces(text, from: run.start, to: run.end) : nil
                shaper.forEachGlyph(of: UnsafeBufferPointer(rebasing: text[run.start..<run.end]), in: font,
                                    language: fonts.language, ligatures: ligatures,
                                    context: rules.wordCuts == .shapingLineBreaker ? text : nil) { cluster, advance, unsafe in
                    // The first boundary past the glyph's cluster ends the grapheme it belongs to.
                    let position = run.start + cluster
                    var low = 0, high = boundaries.count - 1
                    while low < high {
                        let mid = (low + high) / 2
                        if boundaries[mid] > position { high = mid } else { low = mid + 1 }
                    }
                    perGrapheme[low] += Double(advance) * font.scale + (advance != 0 ? spacing : 0)
                    // CSS letter/word spacing, once per cluster (Skia: per glyph)
                    if (cluster != lastCluster || runSpacing.perGlyph) && !runSpacing.isZero {
                        perGrapheme[low] += pieces.map { runSpacing.minikinAmount(text, at: position, in: $0) }
                            ?? runSpacing.amount(text[position], at: position)
                        lastCluster = cluster
                    }
                    // Cutting before this glyph's grapheme would reshape the previous one's end.
                    if low > 0 && boundaries[low - 1] == position {
                        glyphStartsAfter[low - 1] = true
                        if unsafe { unsafeEnd[low - 1] = true }
                    }
                }
            }
            // text-spacing-trim's pair trims, as the whole segment was measured.
            forEachPairTrim(from: start, to: end) { position, reduction in
                var low = 0, high = boundaries.count - 1
                while low < high {
                    let mid = (low + high) / 2
                    if boundaries[mid] > position { high = mid } else { low = mid + 1 }
                }
                perGrapheme[low] -= reduction
            }
            var running = 0.0
            return boundaries.indices.map { i in
                running += perGrapheme[i]
                return GraphemeEnd(end: boundaries[i], advance: running, safeToBreak: !unsafeEnd[i] && glyphStartsAfter[i],
                                   glyphStartsAfter: glyphStartsAfter[i])
            }
        }
    }
}
