/// CSS `letter-spacing` and `word-spacing`, added after shaping as Blink does
/// (ShapeResult::ApplySpacing with ShapeResultSpacing::ComputeSpacing):
/// - once per HarfBuzz cluster (a ligature's or a conjunct's glyphs share one), keyed on the
///   cluster's first character;
/// - letter spacing on every cluster but zero-width ones (`Character::TreatAsZeroWidthSpace`:
///   controls, ZWSP, ZWNJ, ZWJ, bidi marks, soft hyphen, BOM), the last one on a line included;
/// - word spacing on U+0020 and U+00A0 (`TreatAsSpace`; tabs are excluded because tab stops
///   place them, U+3000 gets none), except a space at the very start of the text
///   (`index || character == kNoBreakSpaceCharacter`);
/// - while letter spacing is not zero, liga, clig and calt are off (font_features.cc), which
///   `ligatures` tells the shaper;
/// - cursive scripts get no letter spacing and keep their ligatures (CSS Text 3 §8.2: "UAs should
///   not apply letter-spacing to cursive scripts"; measured in Chromium 156 on Arabic).
///
/// Minikin's (`Paint.setLetterSpacing`, in em × size; `rule == .minikin`), read in android-15.0.0_r6:
/// - LayoutPiece (LayoutCore.cpp) adds half the spacing before and half after every HarfBuzz
///   cluster whose first code point is not a control character (`u_iscntrl`: Cc, Cf, Zl, Zp), so a
///   whole spacing per cluster, but in script runs of the scripts `isLetterSpacingCapableScript`
///   leaves out (LetterSpacingUtils.h: Arabic, N'Ko, Psalter Pahlavi, Mandaic, Mongolian, Phags-pa,
///   Devanagari, Bengali, Gurmukhi, Modi, Sharada, Syloti Nagri, Tirhuta, Ogham); a script run lies in
///   one layout piece (LayoutSplitter: pieces end after spaces and before CJK ideographs), so a space
///   or a run of digits between such words is its own piece, of script Common, and is spaced;
/// - liga and clig, not calt, are off above 0.03 em (`BreakRules.dropsOptionalLigatures`);
/// - the line breakers take one spacing off every line, half for each edge (GreedyLineBreaker
///   `isWidthExceeded`, OptimalLineBreaker `pushBreakCandidate`; `PreparedText.minikinEdgeSpacing`).
import CHarfBuzz

struct TextSpacing: Sendable, Equatable {
    var letter: Double
    var word: Double
    var rule: BreakRules.LetterSpacingRule = .blink
    /// SkParagraph's letter spacing (`Run::addSpacesEvenly`): after every glyph of a cluster, not once per
    /// cluster, and ligatures stay on under a negative spacing (`OneLineShaper` turns `liga` off only
    /// for a positive one), a zero-width character's glyph included. Measured in Skia m144: "करें?" at 15 px
    /// gains 4 × 1 px (its glyphs); DejaVu Sans "f\u{200C}i" 3 × 0.5; Arabic runs nothing, as cursive scripts here.
    var perGlyph: Bool { rule == .skParagraph }

    init(letter: Double, word: Double, rule: BreakRules.LetterSpacingRule = .blink) {
        self.letter = letter
        self.word = word
        self.rule = rule
    }

    /// `rules` borrowed: an owned one was a copy of the rules per prepared text.
    init(_ rules: borrowing BreakRules, fontSize: Double) {
        self.init(letter: rules.letterSpacing.pixels(fontSize: fontSize),
                  word: rules.wordSpacing.pixels(fontSize: fontSize), rule: rules.letterSpacingRule)
    }

    var isZero: Bool { letter == 0 && word == 0 }

    /// Whether a run of `text[start..<end]` is shaped with liga, clig and calt, and the spacing it gets
    /// (a cursive script's run none of the letter spacing). Minikin's runs keep their features (the
    /// fonts already lack liga and clig when the spacing asks it) and decide per cluster (`MinikinPieces`).
    func run(_ text: UnsafeBufferPointer<UInt16>, from start: Int, to end: Int) -> (ligatures: Bool, spacing: TextSpacing) {
        guard letter != 0, rule != .minikin else { return (true, self) }
        if TextSpacing.isCursive(text, from: start, to: end) {
            return (true, TextSpacing(letter: 0, word: word, rule: rule))
        }
        return (perGlyph && letter < 0, self)
    }

    /// The run's script (its first character of a real script) joins its letters.
    static func isCursive(_ text: UnsafeBufferPointer<UInt16>, from start: Int, to end: Int) -> Bool {
        let funcs = hb_unicode_funcs_get_default()
        for scalar in Scalars(UnsafeBufferPointer(rebasing: text[start..<end])) {
            let script = hb_unicode_script(funcs, scalar.value)
            if script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN { continue }
            return cursiveScripts.contains(script.rawValue)
        }
        return false
    }

    private static let cursiveScripts: Set<UInt32> = [
        HB_SCRIPT_ARABIC, HB_SCRIPT_SYRIAC, HB_SCRIPT_NKO, HB_SCRIPT_MONGOLIAN, HB_SCRIPT_MANDAIC,
        HB_SCRIPT_MANICHAEAN, HB_SCRIPT_PSALTER_PAHLAVI, HB_SCRIPT_PHAGS_PA, HB_SCRIPT_HANIFI_ROHINGYA,
        HB_SCRIPT_SOGDIAN, HB_SCRIPT_ADLAM,
    ].map(\.rawValue).reduce(into: []) { $0.insert($1) }

    /// The spacing of the cluster that starts with `unit` at `index` in the whole text.
    func amount(_ unit: UInt16, at index: Int) -> Double {
        var spacing = 0.0
        if letter != 0 && (perGlyph || !TextSpacing.isZeroWidth(unit)) { spacing += letter }
        if word != 0 && (unit == 0x20 && index > 0 || unit == 0xA0) { spacing += word }
        return spacing
    }

    /// The spacing of `text[start..<end]` shaped as one run in `font`.
    func amount(_ text: UnsafeBufferPointer<UInt16>, from start: Int, to end: Int, font: Font,
                language: String?, shaper: Shaper) -> Double {
        if isZero || start >= end { return 0 }
        let (ligatures, spacing) = run(text, from: start, to: end)
        if spacing.isZero { return 0 }
        let pieces = rule == .minikin ? MinikinPieces(text, from: start, to: end) : nil
        var total = 0.0
        var lastCluster = -1
        shaper.forEachGlyph(of: UnsafeBufferPointer(rebasing: text[start..<end]), in: font, language: language,
                            ligatures: ligatures) { cluster, _, _ in
            // Glyphs of one cluster are consecutive in HarfBuzz's output: space them once (Blink), or each (Skia).
            if cluster != lastCluster || spacing.perGlyph {
                total += pieces.map { spacing.minikinAmount(text, at: start + cluster, in: $0) }
                    ?? spacing.amount(text[start + cluster], at: start + cluster)
                lastCluster = cluster
            }
        }
        return total
    }

    /// Minikin's spacing of the cluster that starts at `position`: the whole letter spacing unless its
    /// first code point is a control character (LayoutPiece: `u_iscntrl`) or its piece's script takes none.
    func minikinAmount(_ text: UnsafeBufferPointer<UInt16>, at position: Int, in pieces: MinikinPieces) -> Double {
        guard pieces.spaces(position) else { return 0 }
        return TextSpacing.isControl(Scalars.decode(text, at: position).0) ? 0 : letter
    }

    /// ICU's `u_iscntrl`: general category Cc, Cf, Zl or Zp.
    static func isControl(_ scalar: UInt32) -> Bool {
        switch hb_unicode_general_category(hb_unicode_funcs_get_default(), scalar) {
        case HB_UNICODE_GENERAL_CATEGORY_CONTROL, HB_UNICODE_GENERAL_CATEGORY_FORMAT,
             HB_UNICODE_GENERAL_CATEGORY_LINE_SEPARATOR, HB_UNICODE_GENERAL_CATEGORY_PARAGRAPH_SEPARATOR:
            return true
        default:
            return false
        }
    }

    /// Character::TreatAsZeroWidthSpace: no letter spacing.
    static func isZeroWidth(_ c: UInt16) -> Bool {
        switch c {
        case 0..<0x20, 0x7F..<0xA0, 0xAD, 0x200B...0x200F, 0x202A...0x202E, 0xFEFF, 0xFFFC: return true
        default: return false
        }
    }
}

/// Which clusters of one run Minikin letter-spaces. LayoutPiece spaces a script run only when
/// `isLetterSpacingCapableScript(script)` (LetterSpacingUtils.h); a script run is found inside one
/// layout piece (`ScriptText::getScriptRun`: Common and Inherited characters take the script they
/// join), and pieces end after a space, U+2000–U+200A, U+3000 or a bidi control and before a CJK
/// ideograph (LayoutUtils.cpp `isWordBreakAfter`, `isWordBreakBefore`). A run here holds one script:
/// when it takes spacing every cluster does; otherwise only the pieces holding none of its letters
/// (a space, a number between words), whose script run is Common.
struct MinikinPieces {
    /// nil: every cluster; else the ranges that are spaced.
    private let spaced: [Range<Int>]?

    init(_ text: UnsafeBufferPointer<UInt16>, from start: Int, to end: Int) {
        let funcs = hb_unicode_funcs_get_default()
        func isLetter(_ scalar: UInt32) -> hb_script_t? {
            let script = hb_unicode_script(funcs, scalar)
            let neutral = script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
            return neutral ? nil : script
        }
        var runScript: hb_script_t?
        for scalar in Scalars(UnsafeBufferPointer(rebasing: text[start..<end])) {
            if let script = isLetter(scalar.value) { runScript = script; break }
        }
        guard let runScript, !MinikinPieces.capable(runScript) else {
            spaced = nil
            return
        }
        var ranges: [Range<Int>] = []
        var pieceStart = start, hasLetter = false
        var i = start
        while i < end {
            if i > pieceStart && (MinikinPieces.endsPiece(text[i - 1]) || MinikinPieces.startsPiece(text[i])) {
                if !hasLetter { ranges.append(pieceStart..<i) }
                pieceStart = i
                hasLetter = false
            }
            let (scalar, length) = Scalars.decode(text, at: i)
            if isLetter(scalar) != nil { hasLetter = true }
            i += length
        }
        if !hasLetter { ranges.append(pieceStart..<end) }
        spaced = ranges
    }

    func spaces(_ position: Int) -> Bool {
        guard let spaced else { return true }
        return spaced.contains { $0.contains(position) }
    }

    /// LetterSpacingUtils.h `isLetterSpacingCapableScript` ("mostly those with cursive connection";
    /// harfbuzz issue #64).
    static func capable(_ script: hb_script_t) -> Bool {
        !excluded.contains(script.rawValue)
    }

    private static let excluded: Set<UInt32> = [
        HB_SCRIPT_ARABIC, HB_SCRIPT_NKO, HB_SCRIPT_PSALTER_PAHLAVI, HB_SCRIPT_MANDAIC, HB_SCRIPT_MONGOLIAN,
        HB_SCRIPT_PHAGS_PA, HB_SCRIPT_DEVANAGARI, HB_SCRIPT_BENGALI, HB_SCRIPT_GURMUKHI, HB_SCRIPT_MODI,
        HB_SCRIPT_SHARADA, HB_SCRIPT_SYLOTI_NAGRI, HB_SCRIPT_TIRHUTA, HB_SCRIPT_OGHAM,
    ].map(\.rawValue).reduce(into: []) { $0.insert($1) }

    /// LayoutUtils.cpp `isWordBreakAfter`: spaces and bidi controls end a piece.
    static func endsPiece(_ c: UInt16) -> Bool {
        c == 0x20 || (0x2000...0x200A).contains(c) || c == 0x3000 || (0x2066...0x2069).contains(c)
            || (0x202A...0x202E).contains(c) || c == 0x200E || c == 0x200F
    }

    /// `isWordBreakBefore`: those, and CJK ideographs (and Yijing hexagrams), start one.
    static func startsPiece(_ c: UInt16) -> Bool {
        endsPiece(c) || (0x3400...0x9FFF).contains(c)
    }
}
