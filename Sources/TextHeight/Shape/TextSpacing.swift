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
import CHarfBuzz

struct TextSpacing: Sendable, Equatable {
    var letter: Double
    var word: Double
    /// SkParagraph's letter spacing (`Run::addSpacesEvenly`): after every glyph of a cluster, not once per
    /// cluster, and ligatures stay on under a negative spacing (`OneLineShaper` turns `liga` off only
    /// for a positive one), a zero-width character's glyph included. Measured in Skia m144: "करें?" at 15 px
    /// gains 4 × 1 px (its glyphs); DejaVu Sans "f\u{200C}i" 3 × 0.5; Arabic runs nothing, as cursive scripts here.
    var perGlyph = false

    init(letter: Double, word: Double, perGlyph: Bool = false) {
        self.letter = letter
        self.word = word
        self.perGlyph = perGlyph
    }

    /// `rules` borrowed: an owned one was a copy of the rules per prepared text.
    init(_ rules: borrowing BreakRules, fontSize: Double) {
        self.init(letter: rules.letterSpacing.pixels(fontSize: fontSize),
                  word: rules.wordSpacing.pixels(fontSize: fontSize), perGlyph: rules.letterSpacingPerGlyph)
    }

    var isZero: Bool { letter == 0 && word == 0 }

    /// Whether a run of `text[start..<end]` is shaped with liga, clig and calt, and the spacing it gets
    /// (a cursive script's run none of the letter spacing).
    func run(_ text: UnsafeBufferPointer<UInt16>, from start: Int, to end: Int) -> (ligatures: Bool, spacing: TextSpacing) {
        guard letter != 0 else { return (true, self) }
        if TextSpacing.isCursive(text, from: start, to: end) {
            return (true, TextSpacing(letter: 0, word: word, perGlyph: perGlyph))
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
        var total = 0.0
        var lastCluster = -1
        shaper.forEachGlyph(of: UnsafeBufferPointer(rebasing: text[start..<end]), in: font, language: language,
                            ligatures: ligatures) { cluster, _, _ in
            // Glyphs of one cluster are consecutive in HarfBuzz's output: space them once (Blink), or each (Skia).
            if cluster != lastCluster || spacing.perGlyph {
                total += spacing.amount(text[start + cluster], at: start + cluster)
                lastCluster = cluster
            }
        }
        return total
    }

    /// Character::TreatAsZeroWidthSpace: no letter spacing.
    static func isZeroWidth(_ c: UInt16) -> Bool {
        switch c {
        case 0..<0x20, 0x7F..<0xA0, 0xAD, 0x200B...0x200F, 0x202A...0x202E, 0xFEFF, 0xFFFC: return true
        default: return false
        }
    }
}
