/// The line-breaking quirks of one platform, as plain values: the shared breaker reads these and
/// never asks which platform it serves (pretext's EngineProfile, parley's Chromium overrides).
public struct BreakRules: Sendable, Equatable {
    /// ICU locale for the UAX #14 iterator, with keywords (`ja@lb=strict`); "" is the root locale.
    public var locale: String
    /// Which white space hangs past the line end instead of counting toward the fit.
    public var hanging: HangingWhitespace
    /// Where a tab advances to.
    public var tabStops: TabStops
    /// How a line's width is compared with the available width.
    public var fit: FitRule
    /// Who decides breaks next to ASCII characters.
    public var asciiPairs: AsciiPairs
    /// CSS `text-spacing-trim` (Blink's HanKerning) on fullwidth CJK punctuation; `.spaceAll` is none.
    public var textSpacingTrim: CSSText.TextSpacingTrim
    /// Extra break opportunities or fewer: CSS `word-break` and `line-break: anywhere`.
    public var wordBreaking: WordBreaking
    /// A word wider than the line is broken between graphemes (CSS `overflow-wrap` other than `normal`,
    /// TextKit's word wrapping); otherwise it overflows.
    public var breaksLongWords: Bool
    /// CSS `letter-spacing` and `word-spacing` (Blink's ShapeResultSpacing); zero elsewhere.
    public var letterSpacing: CSSText.Length
    public var wordSpacing: CSSText.Length
    /// CSS `line-break`: when set, the ICU locale is Chromium's for the text's language
    /// (ChromiumLocale) instead of the language followed by `locale`.
    public var chromiumLineBreak: CSSText.LineBreak?
    /// Blink: a tab that would end less than half a space before its stop goes on to the next one.
    public var tabsKeepHalfSpace: Bool
    /// What is added to every advancing glyph: CoreText's `trak` and `.kern`/`.tracking`, or nothing.
    public var spacing: GlyphSpacing
    /// Which adjustments apply over ICU's break opportunities.
    public var wordBreaks: WordBreaks
    /// How a line that ends inside a word is measured.
    public var wordCuts: WordCuts = .shapedAlone
    /// SkParagraph (`TextWrapper::lookAhead`): a word longer than a whole line starts on the line it
    /// overflows, broken there, when more than one of its clusters fits; elsewhere it starts the next line.
    public var longWordsStartOnTheLine = false
    /// Where letter spacing goes: Blink's per cluster, SkParagraph's per glyph or Minikin's (`TextSpacing`).
    public var letterSpacingRule: LetterSpacingRule = .blink
    /// Letter spacing after every glyph rather than once per cluster (SkParagraph: `TextSpacing.perGlyph`).
    public var letterSpacingPerGlyph: Bool {
        get { letterSpacingRule == .skParagraph }
        set { letterSpacingRule = newValue ? .skParagraph : .blink }
    }
    /// Advances scaled by FreeType's fixed-point scale (Skia's FreeType port: `Font.withFreeTypeScale`).
    public var freeTypeAdvances = false

    /// CSS `text-spacing-trim` other than `space-all`.
    public var trimsCJKPunctuation: Bool { textSpacingTrim != .spaceAll }

    public init(locale: String = "", hanging: HangingWhitespace, tabStops: TabStops, fit: FitRule,
                asciiPairs: AsciiPairs = .icu, trimsCJKPunctuation: Bool = false, spacing: GlyphSpacing = .none,
                wordBreaks: WordBreaks = .icu) {
        self.init(locale: locale, hanging: hanging, tabStops: tabStops, fit: fit, asciiPairs: asciiPairs,
                  textSpacingTrim: trimsCJKPunctuation ? .normal : .spaceAll, spacing: spacing, wordBreaks: wordBreaks)
    }

    public init(locale: String = "", hanging: HangingWhitespace, tabStops: TabStops, fit: FitRule,
                asciiPairs: AsciiPairs = .icu, textSpacingTrim: CSSText.TextSpacingTrim,
                wordBreaking: WordBreaking = .normal, breaksLongWords: Bool = true,
                letterSpacing: CSSText.Length = .px(0), wordSpacing: CSSText.Length = .px(0),
                tabsKeepHalfSpace: Bool = false, chromiumLineBreak: CSSText.LineBreak? = nil,
                spacing: GlyphSpacing = .none, wordBreaks: WordBreaks = .icu) {
        self.spacing = spacing
        self.wordBreaks = wordBreaks
        self.tabsKeepHalfSpace = tabsKeepHalfSpace
        self.chromiumLineBreak = chromiumLineBreak
        self.textSpacingTrim = textSpacingTrim
        self.wordBreaking = wordBreaking
        self.breaksLongWords = breaksLongWords
        self.letterSpacing = letterSpacing
        self.wordSpacing = wordSpacing
        self.locale = locale
        self.hanging = hanging
        self.tabStops = tabStops
        self.fit = fit
        self.asciiPairs = asciiPairs
    }

    /// Which engine's letter spacing `letterSpacing` is (TextSpacing applies each).
    public enum LetterSpacingRule: Sendable, Hashable {
        /// Blink's ShapeResultSpacing: once per cluster, none on zero-width characters or cursive scripts.
        case blink
        /// SkParagraph's `Run::addSpacesEvenly`: after every glyph.
        case skParagraph
        /// Minikin's LayoutPiece: once per cluster but for control characters and the scripts
        /// `isLetterSpacingCapableScript` excludes, and one spacing less per line for the fit.
        case minikin
    }

    /// Minikin (FontFeatureUtils.cpp `cleanAndAddDefaultFontFeatures`): liga and clig are off while
    /// |letter spacing| > 0.03 em, compared in float as `fabs(paint.letterSpacing) > 0.03`; calt stays.
    var dropsOptionalLigatures: Bool {
        guard letterSpacingRule == .minikin, case .em(let em) = letterSpacing else { return false }
        return Double(abs(Float(em))) > 0.03
    }

    public enum AsciiPairs: Sendable, Equatable {
        /// ICU's UAX #14 everywhere.
        case icu
        /// Blink's own table between ASCII characters, breaks after space runs (BlinkLineBreaks).
        case blink
    }

    public enum WordBreaks: Sendable, Equatable {
        /// ICU's (or Blink's, per `asciiPairs`) opportunities; every UAX #14 mandatory break is hard.
        case icu
        /// Android's Minikin WordBreaker (MinikinWordBreaks): no break after hyphens, e-mail and
        /// URL breaks, and only U+000A ends a line (StaticLayout's paragraphs).
        case minikin
    }

    /// Blink's `LineBreakType` (text_break_iterator.h), chosen from `word-break` and `line-break`.
    public enum WordBreaking: Sendable, Equatable {
        case normal
        /// `word-break: keep-all`: no break between two letters or numbers (`ShouldKeepAfterKeepAll`).
        case keepAll
        /// `word-break: break-all`: `kBreakAllLineBreakClassTable` adds breaks between letters.
        case breakAll
        /// `line-break: anywhere`: a break at every grapheme boundary.
        case anywhere

        /// What ends the prepared segments: break-all's and anywhere's own opportunities fall inside words,
        /// where a line breaks only when the word does not fit (`forEachLine`), and never inside a run of
        /// preserved spaces, which hangs whole (Blink `LineBreaker::HandleTrailingSpaces`).
        var betweenWords: WordBreaking { self == .keepAll ? .keepAll : .normal }

        /// Whether a line may end inside a word that does not fit it, not only at one that is wider than the line.
        var breaksInsideWords: Bool { self == .breakAll || self == .anywhere }
    }

    /// Where a line ends inside a word (overflow-wrap, break-all, anywhere) and how wide it is.
    public enum WordCuts: Sendable, Equatable {
        /// The furthest grapheme whose line, by its glyph advances or shaped again alone, fits.
        case shapedAlone
        /// Blink's `ShapingLineBreaker::ShapeLine`: the character at the room's end by its position in
        /// the text shaped whole (a ligature's characters at its start), the last opportunity before it,
        /// that line end shaped again where HarfBuzz says the cut is unsafe, and the opportunity before
        /// while that does not fit; pieces are shaped with the text around as HarfBuzz context, so an
        /// Arabic word broken across lines keeps its joining forms.
        case shapingLineBreaker
    }

    public enum HangingWhitespace: Sendable, Equatable {
        /// Every Unicode White_Space character that allows a break (CoreText's trailing whitespace).
        case unicodeWhiteSpace
        /// CSS `white-space: pre-wrap`: U+0020 and tabs hang; Chromium also hangs U+3000.
        case preWrap
        /// CSS `white-space: break-spaces`: nothing hangs, spaces wrap like text.
        case none
        /// Minikin's `isLineEndSpace` (LineBreakerUtil.h: General_Category Zs minus Line_Break GL),
        /// plus tabs, kept apart so that the Android breaker can advance them to tab stops.
        case lineEndSpaces
    }

    public enum TabStops: Sendable, Equatable {
        /// Stops every `interval` points from the line start (NSParagraphStyle: 28 pt).
        case every(Double)
        /// CSS `tab-size: N`: stops every N advances of the primary font's space (default 8).
        case spaces(Double)
        /// CSS `tab-size` as a length in em of the primary font.
        case em(Double)
    }

    public enum FitRule: Sendable, Equatable {
        /// Fits when width ≤ available (CoreText works in CGFloat doubles).
        case exact
        /// Blink: fits when the width rounded up to LayoutUnit (1/64 px) is within the available width
        /// plus one LayoutUnit (`ShapeResult::SnappedWidth` against `LineBreaker::AvailableWidthToFit`,
        /// which adds an epsilon): a width on the 1/64 grid may exceed the line by 1/64 px. Measured in
        /// Chromium 156: Liberation Sans "The <em>appstreamcli</em> command-", 289.015625 px, fits 289 px
        /// but not 288.984375; "XML or", 50.9765625 px, fits 50.96875 but not 50.953125.
        case layoutUnit
        /// SkParagraph's `LineBreakerWithLittleRounding::breakLine` (TextWrapper.cpp): fits below
        /// available − 0.25, not above available + 0.25; in between the width cut to 1/100 px must not
        /// exceed the available width. `roundingHack` (Skia's default `applyRoundingHack`; Flutter turns it
        /// off) rounds to 1/100 px instead of cutting.
        case skParagraph(roundingHack: Bool)
    }

    /// The ICU locale for the line iterator of a text in `language`.
    func icuLocale(language: String?) -> String {
        if let lineBreak = chromiumLineBreak { return ChromiumLocale.icuLocale(language: language, lineBreak: lineBreak) }
        // Without a language, the model's locale itself: no string built per text.
        guard let language else { return locale }
        return language + locale
    }

    func fits(_ width: Double, in available: Double) -> Bool {
        fit(available)(width)
    }

    /// `fits(_:in: available)` with the available width's side of the comparison computed once.
    func fit(_ available: Double) -> Fit { Fit(fit, available: available) }

    struct Fit {
        private let onGrid: Bool
        private let limit: Double
        private let skia: (available: Double, roundingHack: Bool)?

        init(_ rule: FitRule, available: Double) {
            switch rule {
            case .exact:
                // Widths are sums of scaled font units; allow only floating-point noise.
                onGrid = false
                limit = available + 1e-9
                skia = nil
            case .layoutUnit:
                onGrid = true
                limit = (available * 64).rounded(.down) + 1
                skia = nil
            case .skParagraph(let roundingHack):
                onGrid = false
                limit = available
                skia = (available, roundingHack)
            }
        }

        func callAsFunction(_ width: Double) -> Bool {
            if let skia { return Fit.skParagraphFits(width, available: skia.available, roundingHack: skia.roundingHack) }
            // The tolerance keeps floating-point noise of an exact grid width from rounding it up.
            return onGrid ? (width * 64 - 1e-7).rounded(.up) <= limit : width <= limit
        }

        /// `breakLine` in float: the 1/100 px step for widths under 10,000 px, 1/10 under 100,000, else whole px.
        static func skParagraphFits(_ width: Double, available: Double, roundingHack: Bool) -> Bool {
            let value = Float(width), maxWidth = Float(available)
            if value < maxWidth - 0.25 { return true }
            if value > maxWidth + 0.25 { return false }
            let step: Float = value < 10_000 ? 100 : value < 100_000 ? 10 : 1
            let scaled = value * step
            let rounded = (roundingHack ? scaled.rounded() : scaled.rounded(.down)) * (1 / step)
            return !(rounded > maxWidth)
        }
    }

    func hangs(_ unit: UInt16) -> Bool { BreakRules.hangs(unit, hanging) }

    /// `hangs` from the hanging rule alone (`PlainSegments` keeps the rule, not the whole rules).
    static func hangs(_ unit: UInt16, _ hanging: HangingWhitespace) -> Bool {
        if CharacterClass.isLineBreak(unit) { return true }
        switch hanging {
        case .none:
            return false
        case .preWrap:
            return unit == 0x20 || unit == 0x09 || unit == 0x3000
        case .lineEndSpaces:
            switch unit {
            case 0x20, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000, 0x09: return true
            default: return false
            }
        case .unicodeWhiteSpace:
            // White_Space minus the no-break spaces U+00A0, U+2007, U+202F.
            switch unit {
            case 0x09, 0x20, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: return true
            default: return false
            }
        }
    }
}
