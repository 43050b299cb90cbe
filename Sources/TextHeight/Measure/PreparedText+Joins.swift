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
        // The font data of the face each punctuation character is drawn with (nil: no `halt`).
        var data = [HanKerning.FontData?](repeating: nil, count: text.count)
        var faces = [FontFace?](repeating: nil, count: text.count)
        var any = false
        for i in text.indices where HanKerning.staticType(text[i]) != .other {
            let scalar = Unicode.Scalar(text[i]) ?? " "
            guard let face = fonts.fonts.first(where: { $0.face.covers(scalar) })?.face,
                  let fontData = face.hanKerning else { continue }
            data[i] = fontData
            faces[i] = face
            any = true
        }
        guard any else { return }
        // HanKerning::Compute types both neighbours with the font data of the run it shapes:
        // "）”" trims "）" because its CJK font calls the quote after it fullwidth, whatever
        // font then draws the quote.
        func type(_ i: Int, as fontData: HanKerning.FontData) -> HanKerning.CharType {
            HanKerning.type(text[i], font: fontData)
        }
        var trimmed = [Bool](repeating: false, count: text.count)
        for i in text.indices.dropFirst() {
            if let before = data[i - 1],
               HanKerning.shouldKernLast(type(i, as: before), after: type(i - 1, as: before)) {
                trimmed[i - 1] = true
            } else if let here = data[i], HanKerning.shouldKern(type(i, as: here), after: type(i - 1, as: here)) {
                trimmed[i] = true
            }
        }
        var types = [HanKerning.CharType](repeating: .other, count: text.count)
        for i in text.indices { if let fontData = data[i] { types[i] = type(i, as: fontData) } }
        func reduction(_ i: Int) -> Double {
            guard let face = faces[i], let font = fonts.fonts.first(where: { $0.face === face }) else { return 0 }
            return Double(shaper.haltReduction(text[i], in: face)) * font.scale
        }
        startTrims = [Double](repeating: 0, count: segmentEnds.count)
        endTrims = [Double](repeating: 0, count: segmentEnds.count)
        // allow-end applies to closing brackets, not to dots, colons or quotes: recorded Chromium
        // trims "「a%c」" to end a line, but keeps "序。" off a line the trimmed "。" would fit.
        func closesForAllowEnd(_ i: Int) -> Bool { types[i] == .close && HanKerning.staticType(text[i]) == .close }
        for i in text.indices where trimmed[i] || types[i] == .open || closesForAllowEnd(i) {
            let amount = reduction(i)
            if amount > 0 { punctuationTrims[i] = (amount, types[i] == .open, trimmed[i]) }
            if amount > 0 && trimmed[i] {
                pairTrimPositions.append(i)
                pairTrimReductions.append(amount)
            }
        }
        var segmentStart = 0
        for s in segmentEnds.indices {
            let contentEnd = Int(contentEnds[s])
            for i in segmentStart..<contentEnd where trimmed[i] { contentWidths[s] -= reduction(i) }
            if contentEnd > segmentStart && types[segmentStart] == .open && !trimmed[segmentStart] {
                startTrims[s] = reduction(segmentStart)
            }
            if contentEnd > segmentStart && closesForAllowEnd(contentEnd - 1) && !trimmed[contentEnd - 1] {
                endTrims[s] = reduction(contentEnd - 1)
            }
            segmentStart = Int(segmentEnds[s])
        }
    }
}
