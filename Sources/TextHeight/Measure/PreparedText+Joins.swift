/// What whole-run shaping gives and segment-by-segment shaping misses: kerning and contextual
/// forms across break opportunities, and CSS text-spacing-trim between neighbouring punctuation.
extension PreparedText {
    /// Engines shape a whole run, not each break segment: two segments that meet without white
    /// space interact where their graphemes touch (Noto Sans CJK kerns クグ by −40 units, Inter's
    /// `calt` joins "->" into an arrow). Each such join is shaped as a pair, once (the width cache
    /// keeps it), and the difference applies when both segments stand on one line.
    mutating func measureJoins(_ text: UnsafeBufferPointer<UInt16>, shaper: Shaper) {
        guard segmentEnds.count > 1 else { return }
        var adjustments = [Double](repeating: 0, count: segmentEnds.count)
        var any = false
        var mask: UInt32 = 0
        for i in 0..<(segmentEnds.count - 1) {
            let join = Int(segmentEnds[i])
            let segmentStart = i == 0 ? 0 : Int(segmentEnds[i - 1])
            guard Int(contentEnds[i]) == join, join > segmentStart, Int(contentEnds[i + 1]) > join else { continue }
            var before = join - 1, after = join + 1
            if !PreparedText.isSimpleGrapheme(text, at: join - 1) || !PreparedText.isSimpleGrapheme(text, at: join) {
                let windowStart = max(segmentStart, join - 16)
                let window = UnsafeBufferPointer(rebasing: text[windowStart..<min(Int(contentEnds[i + 1]), join + 16)])
                before = windowStart
                after = windowStart + window.count
                shaper.forEachGrapheme(in: window) { boundary in
                    let position = windowStart + boundary
                    if position < join { before = position }
                    if position > join && position < after { after = position }
                }
            }
            let pair = measure(text, from: before, to: after, shaper: shaper, mask: &mask).width
            let apart = measure(text, from: before, to: join, shaper: shaper, mask: &mask).width
                + measure(text, from: join, to: after, shaper: shaper, mask: &mask).width
            let difference = pair - apart
            if abs(difference) > 1e-9 {
                adjustments[i] = difference
                any = true
            }
        }
        if any { joinAdjustments = adjustments }
    }

    /// A CJK or Hangul character that is a grapheme by itself (no combining kana voicing mark
    /// after it): the common join, decided without running ICU's grapheme iterator.
    fileprivate static func isSimpleGrapheme(_ text: UnsafeBufferPointer<UInt16>, at i: Int) -> Bool {
        func wide(_ c: UInt16) -> Bool {
            (0x3040...0x3096).contains(c) || (0x309B...0x30FF).contains(c) || (0x3400...0x9FFF).contains(c)
                || (0xAC00...0xD7A3).contains(c) || (0xFF01...0xFF60).contains(c) || (0x3001...0x3003).contains(c)
        }
        guard i >= 0, i < text.count, wide(text[i]) else { return false }
        if i + 1 < text.count, (0x3099...0x309A).contains(text[i + 1]) || (0xFE00...0xFE0F).contains(text[i + 1]) {
            return false
        }
        return true
    }

    /// Blink's HanKerning over the whole text: adjacent-pair trims narrow the segments that hold
    /// them; line-start trims are recorded for the breaker.
    mutating func applyHanKerning(_ text: UnsafeBufferPointer<UInt16>, shaper: Shaper) {
        var types = [HanKerning.CharType](repeating: .other, count: text.count)
        var faces = [FontFace?](repeating: nil, count: text.count)
        var any = false
        for i in text.indices {
            let type = HanKerning.staticType(text[i])
            guard type != .other else { continue }
            let scalar = Unicode.Scalar(text[i]) ?? " "
            let face = fonts.fonts.first { $0.face.covers(scalar) }?.face
            if let face, let data = face.hanKerning {
                types[i] = HanKerning.type(text[i], font: data)
                faces[i] = face
                any = true
            } else if type == .openNarrow || type == .closeNarrow {
                types[i] = type
            }
        }
        guard any else { return }
        var trimmed = [Bool](repeating: false, count: text.count)
        for i in text.indices.dropFirst() {
            if HanKerning.shouldKernLast(types[i], after: types[i - 1]) {
                trimmed[i - 1] = true
            } else if HanKerning.shouldKern(types[i], after: types[i - 1]) {
                trimmed[i] = true
            }
        }
        func reduction(_ i: Int) -> Double {
            guard let face = faces[i], let font = fonts.fonts.first(where: { $0.face === face }) else { return 0 }
            return Double(shaper.haltReduction(text[i], in: face)) * font.scale
        }
        startTrims = [Double](repeating: 0, count: segmentEnds.count)
        for i in text.indices where trimmed[i] || types[i] == .open {
            let amount = reduction(i)
            if amount > 0 { punctuationTrims[i] = (amount, types[i] == .open, trimmed[i]) }
        }
        var segmentStart = 0
        for s in segmentEnds.indices {
            let contentEnd = Int(contentEnds[s])
            for i in segmentStart..<contentEnd where trimmed[i] { contentWidths[s] -= reduction(i) }
            if contentEnd > segmentStart && types[segmentStart] == .open && !trimmed[segmentStart] {
                startTrims[s] = reduction(segmentStart)
            }
            segmentStart = Int(segmentEnds[s])
        }
    }
}
