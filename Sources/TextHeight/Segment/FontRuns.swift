import CHarfBuzz
import CTextHeight

/// A stretch of text shaped with one font and one script.
struct FontRun: Equatable {
    var start: Int
    var end: Int
    var font: Int
}

/// Splits text into runs of one font and one script.
///
/// The font is chosen per grapheme cluster, as Blink does (a cluster is never split across fonts,
/// so a base and its marks, a ZWJ sequence or a flag shape together): the first font of the stack
/// that covers every character of the cluster, ignoring default ignorables (ZWJ, variation
/// selectors); failing that, the first that covers its base; failing that, the primary (.notdef).
/// A cluster that asks for emoji presentation explicitly (U+FE0F, or a keycap U+20E3) goes to the
/// first colour font that covers its base, even when a text font has a monochrome glyph for it;
/// other emoji (😀, flags, modifiers) take the first font that covers the whole cluster, colour
/// or not: recorded Chromium 156 draws "😀" with DejaVu Sans, which has it, ahead of Noto Color
/// Emoji, but "❤️" with the colour font although Inter has U+2764. Runs also break where the script changes (Common and Inherited characters take
/// the script before them), since HarfBuzz shapes one script at a time.
struct FontRuns {
    let stack: FontStack
    /// Remembers the font of each cluster (it depends on the stack alone).
    var memo: StackMemo? = nil

    func runs(_ text: UnsafeBufferPointer<UInt16>, from start: Int, to end: Int,
              graphemes: (UnsafeBufferPointer<UInt16>, (Int) -> Void) -> Void) -> [FontRun] {
        guard start < end else { return [] }
        let slice = UnsafeBufferPointer(rebasing: text[start..<end])
        return splitByScript(slice, offset: start, runs: fontRuns(slice, offset: start, graphemes: graphemes))
    }

    /// The runs of one font, before splitting by script: a font per grapheme cluster when the
    /// primary does not cover the slice plainly.
    func fontRuns(_ slice: UnsafeBufferPointer<UInt16>, offset start: Int,
                  graphemes: (UnsafeBufferPointer<UInt16>, (Int) -> Void) -> Void) -> [FontRun] {
        if stack.fonts.count == 1 || primaryCoversPlainly(slice) {
            return [FontRun(start: start, end: start + slice.count, font: 0)]
        }
        var runs: [FontRun] = []
        // Room for a text's usual runs at once: growing by appends reallocated 3–4 times a text.
        runs.reserveCapacity(16)
        let end = start + slice.count
        // The open run, appended when the font changes: no uniqueness check per cluster.
        var current = FontRun(start: start, end: start, font: -1)
        var clusterStart = 0
        graphemes(slice) { clusterEnd in
            let font = clusterFont(UnsafeBufferPointer(rebasing: slice[clusterStart..<clusterEnd]))
            if current.font == font {
                current.end = start + clusterEnd
            } else {
                if current.font >= 0 { runs.append(current) }
                current = FontRun(start: start + clusterStart, end: start + clusterEnd, font: font)
            }
            clusterStart = clusterEnd
        }
        if current.font >= 0 { runs.append(current) }
        if clusterStart < slice.count {  // the iterator stopped early: keep the rest with the primary
            runs.append(FontRun(start: start + clusterStart, end: end, font: 0))
        }
        return runs
    }

    /// `fontRuns` of a whole text the primary does not cover plainly, for `Itemization`, from its
    /// grapheme-cluster ends (`Shaper.withGraphemeEnds`), appended to `runs`; also sets the bit of
    /// each cluster end in `boundaries` and appends where the ASCII controls the primary font lacks
    /// stand to `controls`. A plain loop over the ends: through `forEachGrapheme`'s callback, its
    /// state lived on the stack (~45 instructions a cluster). A control is a cluster of its own or
    /// in CR LF (UAX #29), but every unit of a longer cluster is looked at.
    func clusterRuns(_ text: UnsafeBufferPointer<UInt16>, ends: UnsafeBufferPointer<Int32>, into runs: inout [FontRun],
                     boundaries: UnsafeMutablePointer<UInt64>, controls: inout [Int]) {
        var current = FontRun(start: 0, end: 0, font: -1)
        var clusterStart = 0
        // The memo's BMP table (`StackMemo.font(for:)`), for the commonest cluster in a loop of its own:
        // one unit, no control, its font known and the open run's.
        let table = memo?.bmpInfoTable
        var k = 0
        while k < ends.count {
            if let table {
                while k < ends.count {
                    let clusterEnd = Int(ends[k])
                    guard clusterEnd == clusterStart + 1 else { break }
                    let unit = text[clusterStart]
                    let known = table[Int(unit)] & StackMemo.fontBits
                    guard unit >= 0x20, known != 0, Int(known >> 9) - 1 == current.font else { break }
                    boundaries[clusterEnd >> 6] |= 1 << UInt64(clusterEnd & 63)
                    current.end = clusterEnd
                    clusterStart = clusterEnd
                    k += 1
                }
                if k == ends.count { break }
            }
            let clusterEnd = Int(ends[k])
            k += 1
            boundaries[clusterEnd >> 6] |= 1 << UInt64(clusterEnd & 63)
            if text[clusterStart] < 0x20 || clusterEnd - clusterStart > 1 {
                for i in clusterStart..<clusterEnd where lacksControl(text[i]) { controls.append(i) }
            }
            let font = clusterFont(UnsafeBufferPointer(rebasing: text[clusterStart..<clusterEnd]))
            if current.font == font {
                current.end = clusterEnd
            } else {
                if current.font >= 0 { runs.append(current) }
                current = FontRun(start: clusterStart, end: clusterEnd, font: font)
            }
            clusterStart = clusterEnd
        }
        if current.font >= 0 { runs.append(current) }
        if clusterStart < text.count {  // the iterator stopped early: keep the rest with the primary
            runs.append(FontRun(start: clusterStart, end: text.count, font: 0))
            for i in clusterStart..<text.count where lacksControl(text[i]) { controls.append(i) }
        }
    }

    /// The font of one grapheme cluster, remembered by the memo.
    @inline(__always)
    private func clusterFont(_ cluster: UnsafeBufferPointer<UInt16>) -> Int {
        if let memo, let scalar = FontRuns.singleScalar(cluster) {
            return memo.font(for: scalar) { fontIndex(for: cluster) }
        } else if let memo {
            return memo.font(of: cluster) { fontIndex(for: cluster) }
        }
        return fontIndex(for: cluster)
    }

    /// Whether `unit` is an ASCII control the primary font lacks.
    private func lacksControl(_ unit: UInt16) -> Bool {
        unit < 0x20 && !stack.primary.face.covers(Unicode.Scalar(UInt8(unit)))
    }

    /// The common case, decided without cluster analysis: the primary font has every character
    /// and nothing asks for emoji presentation.
    func primaryCoversPlainly(_ slice: UnsafeBufferPointer<UInt16>) -> Bool {
        Scalars(slice).allSatisfy { primaryCoversPlainly($0.value) }
    }

    /// One character of `primaryCoversPlainly`.
    func primaryCoversPlainly(_ value: UInt32) -> Bool {
        let primary = stack.primary.face
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        if value < 0x80 { return value < 0x20 || primary.covers(scalar) }
        if FontRuns.asksForEmoji(value) { return false }
        return th_is_default_ignorable(value) != 0 || primary.covers(scalar)
    }

    private func fontIndex(for cluster: UnsafeBufferPointer<UInt16>) -> Int {
        var base: Unicode.Scalar?
        var emoji = false
        for scalar in Scalars(cluster) {
            if scalar.value == 0xFE0F || scalar.value == 0x20E3 { emoji = true }
            if base == nil && th_is_default_ignorable(scalar.value) == 0 { base = scalar }
        }
        guard let base else { return 0 }
        let fonts = stack.fonts
        if emoji, let index = fonts.indices.first(where: { fonts[$0].face.hasColorGlyphs && fonts[$0].face.covers(base) }) {
            return index
        }
        // Scanned in place, not collected: this runs once per cluster of every fallback text.
        func coversAll(_ face: FontFace) -> Bool {
            for scalar in Scalars(cluster) where th_is_default_ignorable(scalar.value) == 0 && !face.covers(scalar) {
                return false
            }
            return true
        }
        if let index = fonts.indices.first(where: { coversAll(fonts[$0].face) }) { return index }
        return fonts.indices.first { fonts[$0].face.covers(base) } ?? 0
    }

    /// The cluster's scalar when it is one (a BMP character or a surrogate pair).
    private static func singleScalar(_ cluster: UnsafeBufferPointer<UInt16>) -> UInt32? {
        if cluster.count == 1 { return UInt32(cluster[0]) }
        if cluster.count == 2 { let (scalar, length) = Scalars.decode(cluster, at: 0); return length == 2 ? scalar : nil }
        return nil
    }

    /// UTS #51 characters that may need a colour font: such a segment takes the cluster path.
    static func asksForEmoji(_ value: UInt32) -> Bool {
        if value < 0x2000 { return false }
        return value == 0xFE0F || value == 0x20E3 || th_is_emoji_presentation(value) != 0
            || th_is_emoji_modifier(value) != 0 || th_is_regional_indicator(value) != 0
    }

    private func splitByScript(_ slice: UnsafeBufferPointer<UInt16>, offset: Int, runs: [FontRun]) -> [FontRun] {
        let funcs = hb_unicode_funcs_get_default()
        var result: [FontRun] = []
        for run in runs {
            var current = HB_SCRIPT_INVALID
            var runStart = run.start
            var position = run.start - offset
            let runEnd = run.end - offset
            while position < runEnd {
                let (scalar, length) = Scalars.decode(slice, at: position)
                let script = hb_unicode_script(funcs, scalar)
                let isNeutral = script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
                if !isNeutral {
                    if current != HB_SCRIPT_INVALID && script != current {
                        result.append(FontRun(start: runStart, end: offset + position, font: run.font))
                        runStart = offset + position
                    }
                    current = script
                }
                position += length
            }
            result.append(FontRun(start: runStart, end: run.end, font: run.font))
        }
        return result
    }
}

/// Unicode scalars of UTF-16 code units; a lone surrogate reads as U+FFFD.
struct Scalars: Sequence, IteratorProtocol {
    private let units: UnsafeBufferPointer<UInt16>
    private var position = 0

    init(_ units: UnsafeBufferPointer<UInt16>) { self.units = units }

    mutating func next() -> Unicode.Scalar? {
        guard position < units.count else { return nil }
        let (value, length) = Scalars.decode(units, at: position)
        position += length
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    static func decode(_ units: UnsafeBufferPointer<UInt16>, at i: Int) -> (UInt32, Int) {
        let unit = units[i]
        if unit & 0xFC00 == 0xD800, i + 1 < units.count, units[i + 1] & 0xFC00 == 0xDC00 {
            return (0x10000 + (UInt32(unit & 0x3FF) << 10) + UInt32(units[i + 1] & 0x3FF), 2)
        }
        if unit & 0xF800 == 0xD800 { return (0xFFFD, 1) }
        return (UInt32(unit), 1)
    }
}
