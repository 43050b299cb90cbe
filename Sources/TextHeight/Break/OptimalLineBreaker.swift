/// Android's optimal line breaking (`BREAK_STRATEGY_HIGH_QUALITY`, `BREAK_STRATEGY_BALANCED`), as
/// Minikin's OptimalLineBreaker.cpp does it for one paragraph (no tabs, no justification, no
/// hyphenation), in float as Minikin computes (`ParaWidth` is float):
/// - candidates (`populateCandidates`): the paragraph start, every word break with the width
///   before it with trailing spaces (`preBreak`) and without (`postBreak`), its penalty the
///   hyphen penalty × breakBadness (inside an e-mail or URL); before a word wider than the line,
///   a desperate break before every cluster of it (`populateDesperatePoints`, score 1e10);
/// - penalties (`computePenalties`): hyphenPenalty = 0.5 × text size × line width, line penalty =
///   2 × hyphenPenalty added for every line;
/// - the score of a line from candidate j to i (`computeBreaks`): delta = line width − (postBreak(i)
///   − preBreak(j)); overfull (delta < 0) 1e12; the last line 0 (+ 4 × penalty(j)) unless balanced;
///   else delta²; the best sum wins, ties to the later start; `active` skips starts that overflow;
/// - with letter spacing, every candidate's preBreak gains half a spacing and its postBreak loses
///   half (`pushBreakCandidate`), so each line is one spacing narrower (`minikinEdgeSpacing`).
extension PreparedText {
    private struct Candidate {
        var offset: Int
        var preBreak: Float
        var postBreak: Float
        var penalty: Float
    }

    func forEachMinikinOptimalLine(segments: Range<Int>, width: Double, balanced: Bool, textSize: Double,
                                   _ emit: (Line) -> Void) {
        let paragraphStart = segments.lowerBound > 0 ? Int(segmentEnds[segments.lowerBound - 1]) : 0
        let lineWidth = Float(width > 0 ? width : 0)
        let hyphenPenalty = 0.5 * Float(textSize) * lineWidth
        let linePenalty = hyphenPenalty * 2  // LINE_PENALTY_MULTIPLIER, text not justified
        // pushBreakCandidate: letterSpacingHalf = letterSpacing * 0.5 (float), 0 without spacing.
        let half = Float(minikinEdgeSpacing) * 0.5
        var candidates = [Candidate(offset: paragraphStart, preBreak: half, postBreak: -half, penalty: 0)]
        let joins = !joinAdjustments.isEmpty
        var sum: Float = 0        // CharProcessor.sumOfCharWidths
        var effective: Float = 0  // …minus trailing line-end spaces
        var segmentStart = paragraphStart
        // Lent (`LentShapers`), as the greedy breaker's, only where a word is wider than the line.
        var shaper: Shaper?
        defer { if let shaper { LentShapers.giveBack(shaper) } }
        for i in segments {
            let end = Int(segmentEnds[i])
            let sumAtWordStart = sum
            let join = joins && i > segments.lowerBound ? Float(joinAdjustments[i - 1]) : 0
            sum += join + Float(contentWidths[i])
            if Int(contentEnds[i]) > segmentStart { effective = sum }
            sum += Float(trailingWidths[i])
            // populateDesperatePoints: a word wider than the line may break before any cluster.
            if effective - sumAtWordStart > lineWidth {
                let s = shaper ?? LentShapers.take()
                shaper = s
                let ends = graphemeAdvances(from: segmentStart, to: end, shaper: s)
                for j in ends.indices.dropLast() {
                    let w = ends[j + 1].advance - ends[j].advance
                    guard w != 0 && ends[j].glyphStartsAfter else { continue }  // no cluster starts here
                    let at = sumAtWordStart + Float(ends[j].advance)
                    candidates.append(Candidate(offset: ends[j].end, preBreak: at + half, postBreak: at - half,
                                                penalty: 1e10))
                }
            }
            let badness: Float = flags[i].contains(.insideEmailOrURL) ? 1 : 0
            candidates.append(Candidate(offset: end, preBreak: sum + half, postBreak: effective - half,
                                        penalty: hyphenPenalty * badness))
            segmentStart = end
        }
        let breaks = optimalBreaks(candidates, lineWidth: lineWidth, linePenalty: linePenalty, balanced: balanced)
        var segment = segments.lowerBound  // the first segment not yet wholly on an earlier line
        for k in 1..<breaks.count {
            let from = candidates[breaks[k - 1]], to = candidates[breaks[k]]
            // The fonts of the segments the line overlaps (a desperate break cuts inside one).
            var mask: UInt32 = 0
            while segment < segments.upperBound && (segment > 0 ? Int(segmentEnds[segment - 1]) : 0) < to.offset {
                mask |= fontMasks[segment]
                guard Int(segmentEnds[segment]) <= to.offset else { break }
                segment += 1
            }
            let hard = k == breaks.count - 1 && flags[segments.upperBound - 1].contains(.hardBreak)
            // The width less the edges' spacing (finishBreaksOptimal); an empty line keeps 0.
            let width = to.postBreak - from.preBreak
            emit(Line(start: from.offset, end: to.offset, width: Double(width + 2 * half > 0 ? width : 0),
                      endsWithLineBreak: hard, endsParagraph: hard, fontMask: hard ? mask | 1 : mask,
                      isEmergencyBreak: to.penalty >= 1e10))
        }
    }

    /// LineBreakOptimizer::computeBreaks: the indices of the chosen candidates, the first and last included.
    private func optimalBreaks(_ candidates: [Candidate], lineWidth: Float, linePenalty: Float,
                               balanced: Bool) -> [Int] {
        let overfull: Float = 1e12
        var score: [Float] = [0]
        var previous: [Int] = [0]
        var active = 0
        for i in 1..<candidates.count {
            let atEnd = i == candidates.count - 1
            var best = Float.greatestFiniteMagnitude
            var bestPrevious = 0
            let leftEdge = candidates[i].postBreak - lineWidth
            var bestHope: Float = 0
            var j = active
            while j < i {
                defer { j += 1 }
                let jScore = score[j]
                if jScore + bestHope >= best { continue }
                let delta = candidates[j].preBreak - leftEdge
                var widthScore: Float = 0
                var additionalPenalty: Float = 0
                if delta < 0 {
                    widthScore = overfull
                } else if atEnd && !balanced {
                    additionalPenalty = 4 * candidates[j].penalty  // LAST_LINE_PENALTY_MULTIPLIER
                } else {
                    widthScore = delta * delta
                }
                if delta < 0 { active = j + 1 } else { bestHope = widthScore }
                let total = jScore + widthScore + additionalPenalty
                if total <= best {
                    best = total
                    bestPrevious = j
                }
            }
            // A desperate candidate's penalty is SCORE_DESPERATE (pushDesperate).
            score.append(best + candidates[i].penalty + linePenalty)
            previous.append(bestPrevious)
        }
        var chosen = [candidates.count - 1]
        while let last = chosen.last, last > 0 { chosen.append(previous[last]) }
        return chosen.reversed()
    }
}
