import CTextHeight

/// Grapheme clusters (UAX #29) for the measuring path: ICU's boundaries from `th_grapheme_ends`, into a
/// buffer the Shaper keeps for the next text.
extension Shaper {
    /// Calls `body(end)` for each grapheme-cluster end in `units` (UAX #29), the last at `units.count`:
    /// ICU's boundaries, found by `th_grapheme_ends` over ICU's properties.
    func forEachGrapheme(in units: UnsafeBufferPointer<UInt16>, _ body: (Int) -> Void) {
        withGraphemeEnds(in: units) { ends in
            for end in ends { body(Int(end)) }
        }
    }

    /// `forEachGrapheme`'s ends all at once (none for no units).
    func withGraphemeEnds(in units: UnsafeBufferPointer<UInt16>, _ body: (UnsafeBufferPointer<Int32>) -> Void) {
        guard let base = units.baseAddress, !units.isEmpty else { return }
        // The scratch buffer is taken out while `body` runs, so a `body` that asks for graphemes
        // again gets a buffer of its own.
        var ends: [Int32] = []
        swap(&ends, &graphemeEnds)
        if ends.count < units.count { ends = [Int32](repeating: 0, count: max(units.count, 256)) }
        ends.withUnsafeMutableBufferPointer { ends in
            let count = Int(th_grapheme_ends(base, Int32(units.count), ends.baseAddress))
            body(UnsafeBufferPointer(rebasing: ends[0..<count]))
        }
        swap(&ends, &graphemeEnds)
    }

    /// ICU's own grapheme iterator, for the tests that compare it with `forEachGrapheme`.
    func forEachICUGrapheme(in units: UnsafeBufferPointer<UInt16>, _ body: (Int) -> Void) {
        guard let iterator = graphemes() else {
            body(units.count)
            return
        }
        iterator.forEachICUBoundary(in: units) { position, _ in body(position) }
    }

    private func graphemes() -> BreakIterator? {
        if graphemeIterator == nil { graphemeIterator = try? BreakIterator(TH_BREAK_GRAPHEME, locale: "") }
        return graphemeIterator
    }
}
