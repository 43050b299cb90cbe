/// `Layout.BREAK_STRATEGY_*`: how Minikin chooses a paragraph's line breaks.
public enum AndroidBreakStrategy: String, Sendable, CaseIterable {
    /// `BREAK_STRATEGY_SIMPLE`: greedy (GreedyLineBreaker.cpp).
    case simple
    /// `BREAK_STRATEGY_HIGH_QUALITY`: optimal, the last line free (OptimalLineBreaker.cpp).
    case highQuality = "high-quality"
    /// `BREAK_STRATEGY_BALANCED`: optimal, the last line scored like the others.
    case balanced
}

extension PreparedText {
    /// Minikin's line breakers take one letter spacing (in px) off every line: half for its start,
    /// half for its end, the paint's spacing whatever the script (GreedyLineBreaker `isWidthExceeded`:
    /// "we need to remove a letter spacing amount for one character"; OptimalLineBreaker
    /// `pushBreakCandidate`). Always on since android-15.0.0_r6 (the letter_spacing_justification flag
    /// removed). 0 without Minikin letter spacing.
    var minikinEdgeSpacing: Double { cssSpacing.rule == .minikin ? cssSpacing.letter : 0 }

    /// The lines of an Android StaticLayout: the text is cut into paragraphs after each U+000A
    /// (StaticLayout.generate) and each is broken on its own (LineBreaker.cpp `breakIntoLines`: a
    /// paragraph holding a tab is always broken greedily).
    func forEachMinikinLine(width: Double, strategy: AndroidBreakStrategy, textSize: Double,
                            _ emit: (Line) -> Void) {
        var first = 0
        while first < segmentEnds.count {
            var last = first
            while last + 1 < segmentEnds.count && !flags[last].contains(.hardBreak) { last += 1 }
            let start = first > 0 ? Int(segmentEnds[first - 1]) : 0
            let hasTab = utf16[start..<Int(segmentEnds[last])].contains(0x09)
            if strategy == .simple || hasTab {
                forEachMinikinGreedyLine(segments: first..<last + 1, width: width, emit)
            } else {
                forEachMinikinOptimalLine(segments: first..<last + 1, width: width, balanced: strategy == .balanced,
                                          textSize: textSize, emit)
            }
            first = last + 1
        }
    }
}
