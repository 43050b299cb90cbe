/// The ICU locale (of ICU 72, which textheight links) that breaks lines as Chromium 156 does for
/// an element's `lang` and CSS `line-break`.
///
/// Blink asks ICU for the language with an `lb` keyword (ComputedStyle::LocaleForLineBreakIterator,
/// LayoutLocale::LocaleWithBreakKeyword: none for `auto`), or for the browser's language ("en-US")
/// when no `lang` is set; Chromium's bundled ICU data then differs from stock ICU 72. Measured in
/// Chromium 156 on kana, 々, ー and 〜 (fixtures/chromium/text-properties.jsonl, `lineBreak` and
/// `lang` cases), its tables map to ICU 72's as follows:
/// - `auto`: the CSS `normal` rules (small kana and ー may start a line, 〜 may not), and for
///   Chinese the CJK `normal` rules (〜 may start a line too);
/// - `normal` / `loose`: the CJK tables for Japanese, Chinese and Korean, root's elsewhere;
/// - `strict`: root's strict rules, except Korean, which keeps `auto`'s.
enum ChromiumLocale {
    static func icuLocale(language: String?, lineBreak: CSSText.LineBreak) -> String {
        let primary = language.map { String($0.lowercased().prefix { $0 != "-" && $0 != "_" }) } ?? ""
        let cjk = primary == "ja" || primary == "zh" || primary == "ko"
        switch lineBreak {
        case .auto, .anywhere: return primary == "zh" ? "ja@lb=normal" : "@lb=normal"
        case .normal: return cjk ? "ja@lb=normal" : "@lb=normal"
        case .loose: return cjk ? "ja@lb=loose" : "@lb=loose"
        case .strict: return primary == "ko" ? "@lb=normal" : "@lb=strict"
        }
    }
}
