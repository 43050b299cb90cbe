import CFontconfig

// The font a locale's strings fall back to after the command line's chain: `--locale-font
// TAG=PATH` (a whole tag, its language, or `*`; `none` adds nothing), else fontconfig's best
// font for the language (`fc-match :lang=ja`), kept only when fontconfig says it covers that
// language (its charset holds the language's orthography): an app's text views fall back to the
// system's font for the script, and fontconfig is how Linux answers which one that is.

struct LocaleFonts {
    /// `--locale-font` values in command-line order: (tag, path or nil for `none`).
    var overrides: [(tag: String, path: String?)] = []
    private var resolved: [String: String?] = [:]

    /// Parses one `--locale-font TAG=PATH`.
    static func parse(_ value: String) throws(UsageError) -> (tag: String, path: String?) {
        guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
            throw UsageError("--locale-font must be TAG=PATH (ja=fonts/NotoSansJP.otf, or TAG=none), got '\(value)'")
        }
        let tag = String(value[..<equals])
        let path = String(value[value.index(after: equals)...])
        guard tag == "*" || Locales.isValid(tag) else { throw UsageError("--locale-font: '\(tag)' is not a language tag") }
        guard !path.isEmpty else { throw UsageError("--locale-font \(tag)= needs a font path, or none") }
        return (tag, path == "none" ? nil : path)
    }

    /// The font file for `locale` (a path, `path#index`), or nil for none; the same answer every time.
    mutating func font(for locale: String) -> String? {
        if let known = resolved[locale] { return known }
        let language = String(locale.split(separator: "-").first ?? Substring(locale))
        let chosen: String?
        if let exact = overrides.last(where: { $0.tag.lowercased() == locale.lowercased() }) {
            chosen = exact.path
        } else if let byLanguage = overrides.last(where: { $0.tag.lowercased() == language.lowercased() }) {
            chosen = byLanguage.path
        } else if let any = overrides.last(where: { $0.tag == "*" }) {
            chosen = any.path
        } else {
            chosen = LocaleFonts.fontconfig(language: locale.lowercased())
        }
        resolved[locale] = chosen
        return chosen
    }

    /// fontconfig's match for `:lang=TAG`, when its language set holds the tag (or its language).
    static func fontconfig(language: String) -> String? {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        defer { FcConfigDestroy(config) }
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_LANG, language)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var languages: OpaquePointer?
        guard FcPatternGetLangSet(match, FC_LANG, 0, &languages) == FcResultMatch, let languages,
              FcLangSetHasLang(languages, language) != FcLangDifferentLang else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var face: Int32 = 0
        _ = FcPatternGetInteger(match, FC_INDEX, 0, &face)
        return String(cString: file) + (face > 0 ? "#\(face)" : "")
    }
}
