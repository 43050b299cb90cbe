import CHarfBuzz

/// Measuring a stretch of the text: run by run (one font, one script each), through the stack's width
/// caches, or shaped with the text around it as context.
extension PreparedText {
    /// Shapes `text[start..<end]` run by run (one font, one script each); adds the fonts used to `mask`.
    /// With the text's `items`, the runs come from the stored itemization where it is exact.
    /// `inContext`: shaped with the text around as HarfBuzz context (`Shaper.advance(of:context:)`).
    func measure(_ text: UnsafeBufferPointer<UInt16>, from start: Int, to end: Int, shaper: Shaper,
                 mask: inout UInt32, items: Itemization? = nil, inContext: Bool = false) -> (width: Double, missingGlyphs: Int) {
        var width = 0.0
        var missing = 0
        if end - start > PreparedText.maxShapedUnits {
            var pieceStart = start
            while pieceStart < end {
                let pieceEnd = PreparedText.graphemeCut(text, near: pieceStart + PreparedText.maxShapedUnits,
                                                        after: pieceStart, end: end, shaper: shaper)
                let piece = measure(text, from: pieceStart, to: pieceEnd, shaper: shaper, mask: &mask, inContext: inContext)
                width += piece.width
                missing += piece.missingGlyphs
                pieceStart = pieceEnd
            }
            return (width, missing)
        }
        var used: UInt32 = 0
        func add(_ runStart: Int, _ runEnd: Int, _ index: Int) {
            let font = fonts.fonts[index]
            let shaped = shaper.advance(of: UnsafeBufferPointer(rebasing: text[runStart..<runEnd]), in: font,
                                        language: fonts.language,
                                        ligatures: cssSpacing.run(text, from: runStart, to: runEnd).ligatures,
                                        script: contextScript(text, from: runStart, to: runEnd),
                                        context: inContext ? text : nil)
            // CoreText adds tracking to every glyph's advance, the line's last included (GlyphSpacing).
            width += Double(shaped.advance) * font.scale + Double(shaped.advancingGlyphs) * glyphSpacing[index]
            // CSS letter/word spacing, per cluster after shaping (TextSpacing).
            width += cssSpacing.amount(text, from: runStart, to: runEnd, font: font, language: fonts.language,
                                       shaper: shaper)
            missing += Int(shaped.missingGlyphs)
            used |= 1 << UInt32(index)
        }
        if let items, items.covers(start, end, in: text) {
            if let plain = PreparedText.plainMeasure(text, from: start, to: end, shaper: shaper, mask: &mask,
                                                     items: items) {
                return plain
            }
            items.forEachRun(from: start, to: end, add)
        } else {
            for run in FontRuns(stack: fonts).runs(text, from: start, to: end, graphemes: shaper.forEachGrapheme) {
                add(run.start, run.end, run.font)
            }
        }
        mask |= used
        return (width, missing)
    }

    /// `measure` for the mutating steps of preparing (appendSegment, measureJoins): the plain runs
    /// through the static `plainMeasure`, since calling the non-mutating `measure` from a mutating
    /// method copies `self` (288 bytes a call); other stretches through `measure`.
    mutating func measureInPlace(_ text: UnsafeBufferPointer<UInt16>, from start: Int, to end: Int, shaper: Shaper,
                                 mask: inout UInt32, items: Itemization?) -> (width: Double, missingGlyphs: Int) {
        PreparedText.plainMeasure(text, from: start, to: end, shaper: shaper, mask: &mask, items: items)
            ?? measure(text, from: start, to: end, shaper: shaper, mask: &mask, items: items)
    }

    /// `measure` where the text's `items` cover the stretch and its runs are plain (`plainFonts`):
    /// nil elsewhere. Static, so that a mutating caller (appendSegment, measureJoins) passes no
    /// copy of `self` (288 bytes per call otherwise).
    static func plainMeasure(_ text: UnsafeBufferPointer<UInt16>, from start: Int, to end: Int, shaper: Shaper,
                             mask: inout UInt32, items: Itemization?) -> (width: Double, missingGlyphs: Int)? {
        guard let items, let plainFonts = items.plainFonts, end - start <= PreparedText.maxShapedUnits,
              items.covers(start, end, in: text) else { return nil }
        var width = 0.0
        var missing = 0
        var used: UInt32 = 0
        func add(_ runStart: Int, _ runEnd: Int, _ index: Int, hash: UInt64) {
            let run = plainRunWidth(text, from: runStart, to: runEnd, font: plainFonts[index], hash: hash,
                                    shaper: shaper)
            width += run.width
            missing += run.missingGlyphs
            used |= 1 << UInt32(index)
        }
        // One run (most stretches: a word, a space): hashed while its scripts are checked.
        if let run = items.singleRun(from: start, to: end, in: text) {
            add(start, end, run.font, hash: run.hash)
        } else {
            items.forEachRun(from: start, to: end) { runStart, runEnd, index in
                add(runStart, runEnd, index, hash: WidthCache.hash(UnsafeBufferPointer(rebasing: text[runStart..<runEnd])))
            }
        }
        mask |= used
        return (width, missing)
    }

    /// One plain run's width: `measure`'s `add` without the language, spacing and context-script
    /// steps it would skip anyway, and without a retain per run.
    @inline(__always)
    static func plainRunWidth(_ text: UnsafeBufferPointer<UInt16>, from start: Int, to end: Int,
                              font: StackMemo.PlainFont, hash: UInt64,
                              shaper: Shaper) -> (width: Double, missingGlyphs: Int) {
        let units = UnsafeBufferPointer(rebasing: text[start..<end])
        let shaped = font.cache._withUnsafeGuaranteedRef { cache in
            font.instance._withUnsafeGuaranteedRef { shaper.advance(of: units, hash: hash, cache: cache, instance: $0) }
        }
        return (plainRunWidth(advance: shaped.advance, advancingGlyphs: shaped.advancingGlyphs, font: font),
                Int(shaped.missingGlyphs))
    }

    /// A plain run's width in points from its cached entry (`PlainSegments`).
    @inline(__always)
    static func plainRunWidth(_ entry: WidthCache.Entry, font: StackMemo.PlainFont) -> Double {
        plainRunWidth(advance: entry.advance, advancingGlyphs: entry.advancingGlyphs, font: font)
    }

    /// Font units to points, plus the font's tracking per advancing glyph (GlyphSpacing).
    @inline(__always)
    private static func plainRunWidth(advance: Int64, advancingGlyphs: Int32, font: StackMemo.PlainFont) -> Double {
        Double(advance) * font.scale + Double(advancingGlyphs) * font.spacing
    }

    /// The script of the text around a run of spaces and punctuation only (0 otherwise, or without a
    /// language): Blink's RunSegmenter gives Common characters the script before them (after them at
    /// the start), and that script's language system then applies to them, e.g. Noto Sans CJK's
    /// `locl` for KOR widens the space from 224 to 280 units (measured in Chromium 156 with lang="ko").
    func contextScript(_ text: UnsafeBufferPointer<UInt16>, from start: Int, to end: Int) -> UInt32 {
        guard fonts.language != nil else { return 0 }
        let funcs = hb_unicode_funcs_get_default()
        func strong(_ unit: UInt16) -> hb_script_t? {
            let script = hb_unicode_script(funcs, hb_codepoint_t(unit))
            let neutral = script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
            return neutral ? nil : script
        }
        for k in start..<end where strong(text[k]) != nil { return 0 }
        for k in stride(from: start - 1, through: max(0, start - 64), by: -1) {
            if let script = strong(text[k]) { return script.rawValue }
        }
        for k in end..<min(text.count, end + 64) {
            if let script = strong(text[k]) { return script.rawValue }
        }
        return 0
    }
}
