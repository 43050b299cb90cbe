/// A text segmented at its break opportunities and measured once, ready to be laid out at any width.
///
/// Preparing does the expensive work (UAX #14 segmentation with ICU, HarfBuzz shaping through the
/// `Shaper`'s width cache); `layout(width:)` is then arithmetic over the stored widths, so one text
/// can be laid out at many widths cheaply (pretext's prepare/layout split).
///
/// ```swift
/// let font = try Font(file: "fixtures/fonts/Inter-Regular.otf", size: 17)
/// let prepared = try PreparedText("Hello world", font: font, rules: TextKitModel.breakRules)
/// prepared.layout(width: 40).count  // 2
/// ```
/// - Complexity: O(n) in the text's UTF-16 length to prepare; O(segments) per layout.
public struct PreparedText: Sendable {
    public let fonts: FontStack
    public var font: Font { fonts.primary }
    public let rules: BreakRules
    /// The text's UTF-16 code units; line ranges index into them.
    public let utf16: [UInt16]
    /// Glyphs shaped as `.notdef` because the font lacks the character.
    public private(set) var missingGlyphs = 0

    // One entry per segment (the text between two break opportunities), parallel arrays.
    // Segment i covers [segmentEnds[i-1], segmentEnds[i]); its content ends at contentEnds[i],
    // after which white space and line-break characters hang.
    var segmentEnds: [Int32] = []
    var contentEnds: [Int32] = []
    var contentWidths: [Double] = []
    var trailingWidths: [Double] = []
    var flags: [SegmentFlags] = []
    /// The fonts each segment uses (bit i = fonts.fonts[i]), for per-line heights.
    var fontMasks: [UInt32] = []
    /// What segment i and i + 1 gain or lose by being shaped together when they share a line
    /// (kerning, contextual forms); empty when no pair differs.
    var joinAdjustments: [Double] = []
    /// text-spacing-trim: what an opening bracket starting a line gives back (empty unless the
    /// rules trim CJK punctuation).
    var startTrims: [Double] = []
    /// Every character text-spacing-trim may narrow: its reduction, and whether it opens (its ink
    /// moves left with the `halt` advance) and whether a neighbour already trims it.
    var punctuationTrims: [Int: (reduction: Double, opens: Bool, byPair: Bool)] = [:]
    /// Trailing runs that hold tabs, whose width depends on the pen position.
    var tabbedTrailing: [Int: [TrailingPiece]] = [:]
    let tabInterval: Double

    /// The largest text accepted: offsets are stored as 32-bit integers.
    public static let maxUTF16Count = Int(Int32.max / 2)

    public init(_ text: String, font: Font, rules: BreakRules, shaper: Shaper? = nil) throws(TextError) {
        try self.init(utf16: Array(text.utf16), fonts: FontStack(unchecked: font), rules: rules, shaper: shaper)
    }

    public init(_ text: String, fonts: FontStack, rules: BreakRules, shaper: Shaper? = nil) throws(TextError) {
        try self.init(utf16: Array(text.utf16), fonts: fonts, rules: rules, shaper: shaper)
    }

    public init(utf16 units: [UInt16], fonts: FontStack, rules: BreakRules, shaper: Shaper? = nil) throws(TextError) {
        guard units.count <= PreparedText.maxUTF16Count else {
            throw .tooLong(units: units.count, limit: PreparedText.maxUTF16Count)
        }
        let shaper = shaper ?? Shaper()
        self.fonts = fonts
        self.rules = rules
        self.utf16 = units
        // ICU tailors breaking by language: "ja" + the model's keywords ("@lb=normal").
        let iterator = try shaper.lineIterator(locale: (fonts.language ?? "") + rules.locale)
        tabInterval = PreparedText.tabInterval(rules.tabStops, font: fonts.primary, shaper: shaper)
        units.withUnsafeBufferPointer { text in
            var start = 0
            forEachBreak(in: text, iterator: iterator) { end, isHard in
                missingGlyphs += appendSegment(text, start: start, end: end, isHard: isHard, shaper: shaper)
                start = end
            }
            measureJoins(text, shaper: shaper)
            if rules.trimsCJKPunctuation { applyHanKerning(text, shaper: shaper) }
        }
    }

    public var isEmpty: Bool { utf16.isEmpty }

    /// Break opportunities in order, ending with `text.count`: ICU's, or Blink's rules over ICU's.
    private func forEachBreak(in text: UnsafeBufferPointer<UInt16>, iterator: BreakIterator,
                              _ body: (Int, Bool) -> Void) {
        guard rules.asciiPairs == .blink else {
            iterator.forEachBoundary(in: text, body)
            return
        }
        var icuBreaks: [Int] = []
        var hard: Set<Int> = []
        iterator.forEachBoundary(in: text) { position, isHard in
            icuBreaks.append(position)
            if isHard { hard.insert(position) }
        }
        var next = 0  // index into icuBreaks of the first break ≥ i
        for i in 1..<max(text.count, 1) {
            while next < icuBreaks.count && icuBreaks[next] < i { next += 1 }
            let icu = next < icuBreaks.count && icuBreaks[next] == i
            if hard.contains(i) {
                body(i, true)
            } else if !CharacterClass.isLineBreak(text[i - 1]) && BlinkLineBreaks.allowsBreak(text, before: i, icu: icu) {
                body(i, false)
            }
        }
        if !text.isEmpty { body(text.count, hard.contains(text.count)) }
    }

    /// Whether the last character is a mandatory break (LF, CR, U+2028, …): a text view then
    /// shows an empty line for the caret after it.
    public var endsWithLineBreak: Bool {
        guard let last = utf16.last else { return false }
        return CharacterClass.isLineBreak(last)
    }

    private mutating func appendSegment(_ text: UnsafeBufferPointer<UInt16>, start: Int, end: Int,
                                        isHard: Bool, shaper: Shaper) -> Int {
        var contentEnd = end
        while contentEnd > start && rules.hangs(text[contentEnd - 1]) { contentEnd -= 1 }
        var mask: UInt32 = 0
        let content = measure(text, from: start, to: contentEnd, shaper: shaper, mask: &mask)
        var segmentFlags: SegmentFlags = []
        if isHard {
            segmentFlags.insert(.hardBreak)
            if CharacterClass.isParagraphSeparator(text[end - 1]) { segmentFlags.insert(.endsParagraph) }
            mask |= 1  // the line-break character carries the primary font
        }
        let trailing = trailingPieces(text, from: contentEnd, to: end, shaper: shaper, mask: &mask)
        var trailingWidth = 0.0
        if trailing.contains(.tab) {
            segmentFlags.insert(.tabbedTrailing)
            tabbedTrailing[segmentEnds.count] = trailing
            mask |= 1
        } else {
            for case .advance(let width) in trailing { trailingWidth += width }
        }
        segmentEnds.append(Int32(end))
        contentEnds.append(Int32(contentEnd))
        contentWidths.append(content.width)
        trailingWidths.append(trailingWidth)
        flags.append(segmentFlags)
        fontMasks.append(mask)
        return content.missingGlyphs
    }

    /// Engines shape a whole run, not each break segment: two segments that meet without white
    /// space interact where their graphemes touch (Noto Sans CJK kerns クグ by −40 units, Inter's
    /// `calt` joins "->" into an arrow). Each such join is shaped as a pair, once (the width cache
    /// keeps it), and the difference applies when both segments stand on one line.
    private mutating func measureJoins(_ text: UnsafeBufferPointer<UInt16>, shaper: Shaper) {
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
    private static func isSimpleGrapheme(_ text: UnsafeBufferPointer<UInt16>, at i: Int) -> Bool {
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
    private mutating func applyHanKerning(_ text: UnsafeBufferPointer<UInt16>, shaper: Shaper) {
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

    /// Longer runs of text without a break opportunity are shaped in pieces cut at grapheme
    /// boundaries, so that a 10 MB word needs no 10-million-glyph HarfBuzz buffer (only kerning
    /// across the cuts is lost, on input no platform lays out either).
    static let maxShapedUnits = 1 << 16

    /// Shapes `text[start..<end]` run by run (one font, one script each); adds the fonts used to `mask`.
    private func measure(_ text: UnsafeBufferPointer<UInt16>, from start: Int, to end: Int, shaper: Shaper,
                         mask: inout UInt32) -> (width: Double, missingGlyphs: Int) {
        var width = 0.0
        var missing = 0
        if end - start > PreparedText.maxShapedUnits {
            var pieceStart = start
            while pieceStart < end {
                let pieceEnd = PreparedText.graphemeCut(text, near: pieceStart + PreparedText.maxShapedUnits,
                                                        after: pieceStart, end: end, shaper: shaper)
                let piece = measure(text, from: pieceStart, to: pieceEnd, shaper: shaper, mask: &mask)
                width += piece.width
                missing += piece.missingGlyphs
                pieceStart = pieceEnd
            }
            return (width, missing)
        }
        for run in FontRuns(stack: fonts).runs(text, from: start, to: end, graphemes: shaper.forEachGrapheme) {
            let font = fonts.fonts[run.font]
            let shaped = shaper.advance(of: UnsafeBufferPointer(rebasing: text[run.start..<run.end]), in: font.face,
                                        language: fonts.language)
            width += Double(shaped.advance) * font.scale
            missing += Int(shaped.missingGlyphs)
            mask |= 1 << UInt32(run.font)
        }
        return (width, missing)
    }

    /// Hanging white space split at tabs; line-break characters take no width.
    private func trailingPieces(_ text: UnsafeBufferPointer<UInt16>, from start: Int, to end: Int,
                                shaper: Shaper, mask: inout UInt32) -> [TrailingPiece] {
        var pieces: [TrailingPiece] = []
        var runStart = start
        func flush(_ runEnd: Int) {
            guard runEnd > runStart else { return }
            pieces.append(.advance(measure(text, from: runStart, to: runEnd, shaper: shaper, mask: &mask).width))
        }
        for i in start..<end {
            let unit = text[i]
            if CharacterClass.isTab(unit) || CharacterClass.isLineBreak(unit) {
                flush(i)
                runStart = i + 1
                if CharacterClass.isTab(unit) { pieces.append(.tab) }
            }
        }
        flush(end)
        return pieces
    }

    /// The last grapheme boundary at or before `target` (and after `floor`), or `end`.
    private static func graphemeCut(_ text: UnsafeBufferPointer<UInt16>, near target: Int, after floor: Int,
                                    end: Int, shaper: Shaper) -> Int {
        guard target < end else { return end }
        let windowStart = max(floor, target - 64)
        var cut = windowStart
        shaper.forEachGrapheme(in: UnsafeBufferPointer(rebasing: text[windowStart..<min(end, target + 64)])) { boundary in
            if windowStart + boundary <= target { cut = windowStart + boundary }
        }
        return cut > floor ? cut : min(end, target)
    }

    /// The advance of `start..<end` shaped on its own, as a line holding just that text is shaped.
    /// A piece of a word broken across lines, with text-spacing-trim's pair trims inside it.
    func width(from start: Int, to end: Int, shaper: Shaper) -> Double {
        var mask: UInt32 = 0
        let shaped = utf16.withUnsafeBufferPointer { measure($0, from: start, to: end, shaper: shaper, mask: &mask).width }
        return shaped - pairTrims(from: start, to: end)
    }

    /// What text-spacing-trim's adjacent pairs take from `start..<end`.
    func pairTrims(from start: Int, to end: Int) -> Double {
        guard !punctuationTrims.isEmpty else { return 0 }
        var total = 0.0
        for (position, trim) in punctuationTrims where trim.byPair && position >= start && position < end {
            total += trim.reduction
        }
        return total
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
                shaper.forEachGlyph(of: UnsafeBufferPointer(rebasing: text[run.start..<run.end]), in: font.face,
                                    language: fonts.language) { cluster, advance, unsafe in
                    // The first boundary past the glyph's cluster ends the grapheme it belongs to.
                    let position = run.start + cluster
                    var low = 0, high = boundaries.count - 1
                    while low < high {
                        let mid = (low + high) / 2
                        if boundaries[mid] > position { high = mid } else { low = mid + 1 }
                    }
                    perGrapheme[low] += Double(advance) * font.scale
                    // Cutting before this glyph's grapheme would reshape the previous one's end.
                    if low > 0 && boundaries[low - 1] == position {
                        glyphStartsAfter[low - 1] = true
                        if unsafe { unsafeEnd[low - 1] = true }
                    }
                }
            }
            // text-spacing-trim's pair trims, as the whole segment was measured.
            for (position, trim) in punctuationTrims where trim.byPair && position >= start && position < end {
                if let k = boundaries.firstIndex(where: { $0 > position }) { perGrapheme[k] -= trim.reduction }
            }
            var running = 0.0
            return boundaries.indices.map { i in
                running += perGrapheme[i]
                return GraphemeEnd(end: boundaries[i], advance: running, safeToBreak: !unsafeEnd[i] && glyphStartsAfter[i])
            }
        }
    }

    private static func tabInterval(_ stops: BreakRules.TabStops, font: Font, shaper: Shaper) -> Double {
        switch stops {
        case .every(let interval):
            return interval
        case .spaces(let count):
            let space: [UInt16] = [0x20]
            let advance = space.withUnsafeBufferPointer { shaper.advance(of: $0, in: font.face).advance }
            return Double(count) * Double(advance) * font.scale
        }
    }
}

/// The end of a grapheme inside a segment: where a line may be cut when a word is wider than it.
struct GraphemeEnd {
    var end: Int
    /// The advance from the start of the measured range to here.
    var advance: Double
    /// HarfBuzz's unsafe-to-break flag is clear: the prefix shaped alone has exactly `advance`.
    var safeToBreak: Bool
}

struct SegmentFlags: OptionSet, Sendable {
    let rawValue: UInt8
    /// A mandatory break ends the segment.
    static let hardBreak = SegmentFlags(rawValue: 1)
    /// That break is a paragraph separator (not U+2028).
    static let endsParagraph = SegmentFlags(rawValue: 2)
    /// The hanging run holds a tab (its width depends on the pen position).
    static let tabbedTrailing = SegmentFlags(rawValue: 4)
}

enum TrailingPiece: Equatable, Sendable {
    case advance(Double)
    case tab
}
