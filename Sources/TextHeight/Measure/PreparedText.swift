import CHarfBuzz

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

    /// The segments (the text between two break opportunities), their ends, widths and fonts.
    private(set) var segments = SegmentTable.empty
    /// Whether some pair of neighbouring segments joins differently from apart (`measureJoins`).
    var hasJoinAdjustments = false

    // The segment table's columns, read-only, as the parallel arrays they replace (preparing writes
    // through `segments` itself; copies of a prepared text share the table).
    var segmentEnds: UnsafeBufferPointer<Int32> { UnsafeBufferPointer(segments.ends) }
    var contentEnds: UnsafeBufferPointer<Int32> { UnsafeBufferPointer(segments.contentEnds) }
    var contentWidths: UnsafeBufferPointer<Double> { UnsafeBufferPointer(segments.contentWidths) }
    var trailingWidths: UnsafeBufferPointer<Double> { UnsafeBufferPointer(segments.trailingWidths) }
    var flags: UnsafeBufferPointer<SegmentFlags> { UnsafeBufferPointer(segments.flags) }
    var fontMasks: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(segments.fontMasks) }
    /// What segment i and i + 1 gain or lose by being shaped together when they share a line
    /// (kerning, contextual forms); empty when no pair differs.
    var joinAdjustments: UnsafeBufferPointer<Double> {
        hasJoinAdjustments ? UnsafeBufferPointer(segments.joinAdjustments) : UnsafeBufferPointer(start: nil, count: 0)
    }
    /// …and what a closing bracket ending a line gives back when that makes the line fit (allow-end).
    var endTrims: [Double] = []
    /// Every character text-spacing-trim may narrow: its reduction, and whether it opens (its ink
    /// moves left with the `halt` advance) and whether a neighbour already trims it.
    var punctuationTrims: [Int: (reduction: Double, opens: Bool, byPair: Bool)] = [:]
    /// The pair-trimmed positions in order, for range sums in O(log n) when words are broken.
    var pairTrimPositions: [Int] = []
    var pairTrimReductions: [Double] = []
    /// `word-break: break-all`'s opportunities, sorted (`forEachLine` takes those inside a word; the
    /// segments end at `normal`'s). Empty otherwise: `line-break: anywhere` breaks at every grapheme.
    var breakAllOpportunities: [Int32] = []
    /// Trailing runs that hold tabs, whose width depends on the pen position.
    var tabbedTrailing: [Int: [TrailingPiece]] = [:]
    let tabInterval: Double
    /// Points added to each advancing glyph of `fonts.fonts[i]` (`rules.spacing`); all 0 for CSS.
    let glyphSpacing: [Double]
    /// Half the primary font's space: a tab never advances less (Blink `Font::TabWidth`).
    let minimumTab: Double
    /// CSS letter-spacing and word-spacing in points, resolved against the primary font's size.
    let cssSpacing: TextSpacing

    /// The largest text accepted: offsets are stored as 32-bit integers.
    public static let maxUTF16Count = Int(Int32.max / 2)

    public init(_ text: String, font: Font, rules: BreakRules, shaper: Shaper? = nil) throws(TextError) {
        try self.init(utf16: UTF16Units.of(text, shaper: shaper), fonts: FontStack(unchecked: font), rules: rules, shaper: shaper)
    }

    public init(_ text: String, fonts: FontStack, rules: BreakRules, shaper: Shaper? = nil) throws(TextError) {
        try self.init(utf16: UTF16Units.of(text, shaper: shaper), fonts: fonts, rules: rules, shaper: shaper)
    }

    public init(utf16 units: [UInt16], fonts: FontStack, rules: BreakRules, shaper: Shaper? = nil) throws(TextError) {
        guard units.count <= PreparedText.maxUTF16Count else {
            throw .tooLong(units: units.count, limit: PreparedText.maxUTF16Count)
        }
        let shaper = shaper ?? Shaper()
        // ICU tailors breaking by language: "ja" + the model's keywords, or Chromium's choice.
        let iterator = try shaper.lineIterator(locale: rules.icuLocale(language: fonts.language))
        self.init(checked: units, fonts: fonts, rules: rules, shaper: shaper, iterator: iterator)
    }

    /// The preparing itself, in an initializer that cannot throw: the throwing one returned a copy
    /// of the whole struct, its error path's cleanup keeping a second load of `self` (14 retains
    /// and 28 releases per text).
    private init(checked units: [UInt16], fonts: FontStack, rules: BreakRules, shaper: Shaper,
                 iterator: BreakIterator) {
        // A non-zero `.tracking` turns optional ligatures off (GlyphSpacing, Font.withoutOptionalLigatures).
        // Minikin drops them as well under a letter spacing above 0.03 em (BreakRules.dropsOptionalLigatures).
        var fonts = rules.spacing.tracking != 0 || rules.dropsOptionalLigatures
            ? fonts.map { $0.withoutOptionalLigatures() } : fonts
        if rules.freeTypeAdvances { fonts = fonts.map { $0.withFreeTypeScale() } }
        // Read in place: `fonts.primary` is a retained copy of the font.
        let fontSize = fonts.fonts[0].size
        cssSpacing = TextSpacing(rules, fontSize: fontSize)
        let memo = shaper.itemizesOnce
            ? shaper.memo(for: fonts, glyphSpacing: rules.spacing) : nil
        glyphSpacing = memo?.glyphSpacing ?? fonts.fonts.map { rules.spacing.perGlyph($0) }
        // Only tab sizes in spaces (CSS) and Blink's half-space minimum use the space: it is
        // shaped only then.
        let usesSpace: Bool
        if case .spaces = rules.tabStops { usesSpace = true } else { usesSpace = rules.tabsKeepHalfSpace }
        let space = usesSpace ? PreparedText.spaceAdvance(fonts.primary, shaper: shaper) : 0
        tabInterval = PreparedText.tabInterval(rules.tabStops, space: space, spacing: cssSpacing, fontSize: fontSize)
        minimumTab = rules.tabsKeepHalfSpace ? space / 2 : 0
        // Stored last, so that the rules and fonts move in rather than being copied.
        self.fonts = fonts
        self.rules = rules
        self.utf16 = units
        prepare(units, iterator: iterator, shaper: shaper, memo: memo)
    }

    /// Segments, measures and joins: in a mutating method, since the initializer's own closure
    /// capturing `self` made it copy the whole struct out as well.
    private mutating func prepare(_ units: [UInt16], iterator: BreakIterator, shaper: Shaper, memo: StackMemo?) {
        units.withUnsafeBufferPointer { text in
            // Plain runs: contextScript is 0 without a language, and CSS spacing shapes again.
            let plainRuns = fonts.language == nil && cssSpacing.isZero
            var items = memo.map {
                Itemization(text, fonts: fonts, memo: $0, plainRuns: plainRuns, graphemeEnds: shaper.withGraphemeEnds)
            }
            // Room for a segment per three units (a word and its space; CJK grows once).
            var records = SegmentColumns(capacity: min(text.count / 3 + 4, 4096))
            var start = 0
            // Most segments in a few steps (PlainSegments); the others, and misses, measured in full.
            do {
                // A `let` for the closure: the `var` captured beside `plain` was copied at every
                // appendSegment call of the Blink walk (CSS: 4 retains each, +20 M instructions).
                let segmentItems = items
                var plain = segmentItems?.parts.flatMap { parts in
                    text.baseAddress.map { PlainSegments(text: text, base: $0, parts: parts, rules: rules) }
                }
                var measuredInFull = 0
                // The breaks first (each end << 2, 1 if hard, 2 if bad: ends stay below 2^30,
                // `maxUTF16Count`), then the segments, most of them in runs through PlainSegments:
                // called once per segment, it loaded its fields again at every call. Breaks come in
                // increasing order within 1...text.count (`forEachBreak`), so there are at most
                // text.count of them. Growing here kept the closure from being inlined, so the room is
                // checked only in debug builds (the tests).
                let breaks = shaper.breakBuffer(capacity: text.count &+ 1)
                var count = 0
                PreparedText.forEachBreak(in: text, wordBreaks: rules.wordBreaks, asciiPairs: rules.asciiPairs,
                                          breaking: rules.wordBreaking.betweenWords,
                                          iterator: iterator) { end, isHard, isBad in
                    assert(count < breaks.count, "more breaks than units")
                    guard count < breaks.count else { return }
                    breaks[count] = UInt32(truncatingIfNeeded: end) &<< 2 | (isHard ? 1 : 0) | (isBad ? 2 : 0)
                    count &+= 1
                }
                if let base = breaks.baseAddress {
                    var k = 0
                    while k < count {
                        k = plain?.append(base, from: k, count: count, start: &start, into: &records,
                                          missingGlyphs: &missingGlyphs) ?? k
                        guard k < count else { break }
                        let packed = base[k], end = Int(truncatingIfNeeded: packed &>> 2)
                        missingGlyphs += appendSegment(text, start: start, end: end, isHard: packed & 1 != 0,
                                                       isBad: packed & 2 != 0, shaper: shaper, items: segmentItems,
                                                       into: &records)
                        measuredInFull &+= 1
                        start = end
                        k &+= 1
                    }
                }
                if plain != nil { shaper.plainSegments &+= records.count - measuredInFull }
            }
            segments = records.table()
            if rules.wordBreaking == .breakAll {
                var opportunities: [Int32] = []
                PreparedText.forEachBreak(in: text, wordBreaks: rules.wordBreaks, asciiPairs: rules.asciiPairs,
                                          breaking: .breakAll, iterator: iterator) { end, _, _ in
                    opportunities.append(Int32(truncatingIfNeeded: end))
                }
                breakAllOpportunities = opportunities
            }
            measureJoins(text, shaper: shaper, items: items, memo: memo)
            if let memo { items?.handBack(to: memo) }
            if rules.trimsCJKPunctuation { applyHanKerning(text, shaper: shaper) }
        }
    }

    public var isEmpty: Bool { utf16.isEmpty }

    /// Break opportunities in order, ending with `text.count`: ICU's, or Blink's or Minikin's rules
    /// over ICU's; `body(end, isHard, isInEmailOrURL)`. Static: a method of `self` called while
    /// `body` mutates `self` ran on a copy of it (14 retains and releases per text); the rules'
    /// fields it reads are passed alone for the same reason (the rules were copied).
    private static func forEachBreak(in text: UnsafeBufferPointer<UInt16>, wordBreaks: BreakRules.WordBreaks,
                                     asciiPairs: BreakRules.AsciiPairs, breaking: BreakRules.WordBreaking,
                                     iterator: BreakIterator, _ body: (Int, Bool, Bool) -> Void) {
        if wordBreaks == .minikin {
            MinikinWordBreaks.forEachBreak(in: text, iterator: iterator, body)
            return
        }
        guard asciiPairs == .blink else {
            iterator.forEachBoundary(in: text) { body($0, $1, false) }
            return
        }
        // Blink decides before every unit; ICU's boundaries are walked alongside as they come, unstored.
        var walk = BlinkLineBreaks.Walk(text: text, breaking: breaking)
        iterator.forEachBoundary(in: text) { position, _ in
            while let found = walk.next(through: position, icu: true) { body(found.position, found.isHard, false) }
        }
        while let found = walk.next(through: text.count, icu: false) { body(found.position, found.isHard, false) }
        if let last = text.last { body(text.count, CharacterClass.isLineBreak(last), false) }
    }

    /// Whether the last character is a mandatory break (LF, CR, U+2028, …): a text view then
    /// shows an empty line for the caret after it.
    public var endsWithLineBreak: Bool {
        guard let last = utf16.last else { return false }
        return CharacterClass.isLineBreak(last)
    }

    private mutating func appendSegment(_ text: UnsafeBufferPointer<UInt16>, start: Int, end: Int,
                                        isHard: Bool, isBad: Bool, shaper: Shaper, items: Itemization?,
                                        into records: inout SegmentColumns) -> Int {
        if end == start + 1 && !isHard && CharacterClass.neverHangs(text[start]), let items,
           let font = items.fontOfUnit(at: start, in: text), let plainFonts = items.plainFonts {
            // One unit that does not hang (an ideograph, a kana): the steps below for it alone, with
            // no hanging run to scan or measure.
            let content = PreparedText.plainRunWidth(text, from: start, to: end, font: plainFonts[font],
                                                     hash: WidthCache.hash(WidthCache.hashSeed, text[start]),
                                                     shaper: shaper)
            let hanging = rules.spacing.hangingTracking
            records.append(end: Int32(end), contentEnd: Int32(end), mask: 1 << UInt32(font),
                           flags: isBad ? [.oneUnit, .insideEmailOrURL] : .oneUnit,
                           contentWidth: (0.0 + content.width) - hanging, trailingWidth: 0.0 + hanging)
            return content.missingGlyphs
        }
        var contentEnd = end
        while contentEnd > start && rules.hangs(text[contentEnd - 1]) { contentEnd -= 1 }
        var mask: UInt32 = 0
        let content = measureInPlace(text, from: start, to: contentEnd, shaper: shaper, mask: &mask, items: items)
        var segmentFlags: SegmentFlags = isBad ? [.insideEmailOrURL] : []
        if isHard {
            segmentFlags.insert(.hardBreak)
            if CharacterClass.isParagraphSeparator(text[end - 1]) { segmentFlags.insert(.endsParagraph) }
            mask |= 1  // the line-break character carries the primary font
        }
        var trailingWidth = 0.0
        var plainEnd = end  // the hanging run without its line-break character
        if isHard { while plainEnd > contentEnd && CharacterClass.isLineBreak(text[plainEnd - 1]) { plainEnd -= 1 } }
        if !(contentEnd..<plainEnd).contains(where: { CharacterClass.isTab(text[$0]) || CharacterClass.isLineBreak(text[$0]) }) {
            // The common case, spaces only: one measurement, no pieces.
            if plainEnd == contentEnd + 1 && text[contentEnd] == 0x20, let items, let widths = items.spaceWidths,
               let font = items.fontOfSpace(at: contentEnd) ?? items.fontOfUnit(at: contentEnd, in: text) {
                // One space, the commonest: its width on a plain run depends on the font alone.
                if widths[font].isNaN {
                    var used: UInt32 = 0
                    widths[font] = measure(text, from: contentEnd, to: plainEnd, shaper: shaper, mask: &used,
                                           items: items).width
                }
                trailingWidth = widths[font]
                mask |= 1 << UInt32(font)
            } else if plainEnd > contentEnd {
                trailingWidth = measureInPlace(text, from: contentEnd, to: plainEnd, shaper: shaper, mask: &mask,
                                               items: items).width
            }
        } else {
            let trailing = trailingPieces(text, from: contentEnd, to: end, shaper: shaper, mask: &mask)
            if trailing.contains(.tab) {
                segmentFlags.insert(.tabbedTrailing)
                tabbedTrailing[records.count] = trailing
                mask |= 1
            } else {
                for case .advance(let width) in trailing { trailingWidth += width }
            }
        }
        // `.tracking` after the content's last glyph hangs at a line end and counts before the next
        // segment on the line: it moves from the content to the trailing width (GlyphSpacing.hangingTracking).
        let hanging = contentEnd > start ? rules.spacing.hangingTracking : 0
        if hanging != 0 {
            if segmentFlags.contains(.tabbedTrailing) {
                tabbedTrailing[records.count]?.insert(.advance(hanging), at: 0)
            } else {
                trailingWidth += hanging
            }
        }
        records.append(end: Int32(end), contentEnd: Int32(contentEnd), mask: mask, flags: segmentFlags,
                       contentWidth: content.width - hanging, trailingWidth: trailingWidth)
        return content.missingGlyphs
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

    private static func spaceAdvance(_ font: Font, shaper: Shaper) -> Double {
        let space: [UInt16] = [0x20]
        return Double(space.withUnsafeBufferPointer { shaper.advance(of: $0, in: font).advance }) * font.scale
    }

    /// Font::TabWidthInternal: TabSize::GetPixelSize, N spaces of the primary font each counted with
    /// the letter and word spacing (CSS Text 3 `tab-size`; Blink's TabSizeWithSpacing), or a length;
    /// when that is 0, the letter spacing.
    private static func tabInterval(_ stops: BreakRules.TabStops, space: Double, spacing: TextSpacing,
                                    fontSize: Double) -> Double {
        let interval: Double
        switch stops {
        case .every(let length): interval = length
        case .spaces(let count): interval = count * (space + spacing.letter + spacing.word)
        case .em(let em): interval = em * fontSize
        }
        return interval != 0 ? interval : spacing.letter
    }
}

/// The end of a grapheme inside a segment: where a line may be cut when a word is wider than it.
struct GraphemeEnd {
    var end: Int
    /// The advance from the start of the measured range to here.
    var advance: Double
    /// HarfBuzz's unsafe-to-break flag is clear: the prefix shaped alone has exactly `advance`.
    var safeToBreak: Bool
    /// A glyph starts right after this end (false inside a ligature such as "fi").
    var glyphStartsAfter: Bool
}

struct SegmentFlags: OptionSet, Sendable {
    let rawValue: UInt8
    /// A mandatory break ends the segment.
    static let hardBreak = SegmentFlags(rawValue: 1)
    /// That break is a paragraph separator (not U+2028).
    static let endsParagraph = SegmentFlags(rawValue: 2)
    /// The hanging run holds a tab (its width depends on the pen position).
    static let tabbedTrailing = SegmentFlags(rawValue: 4)
    /// The break ending the segment is inside an e-mail address or URL (Minikin's breakBadness).
    static let insideEmailOrURL = SegmentFlags(rawValue: 8)
    /// One unit measured by `appendSegment`'s one-unit path: a cluster of its own in the one font
    /// its mask holds (`measureJoins` skips the checks that implies).
    static let oneUnit = SegmentFlags(rawValue: 16)
}

enum TrailingPiece: Equatable, Sendable {
    case advance(Double)
    case tab
}
