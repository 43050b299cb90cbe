/// `--limits`, `--locale-font`, `--source-locale`, `--arb-escaping`, `--report`, `--jobs` of `strings`.
struct StringsOptions: OptionGroup {
    static let title = "STRINGS OPTIONS"
    static let options = [
        OptionSpec(name: "limits", value: "<file.json>",
                   help: "Options per string key (shell globs), under their batch names: {\"compose.hint*\": {\"width\": 280, \"maxLines\": 1}}",
                   kind: .file),
        OptionSpec(name: "locale-font", value: "<tag=path>",
                   help: "The font a locale falls back to after the chain (default: fontconfig's for :lang=tag); tag * for all, path none for no font",
                   repeatable: true),
        OptionSpec(name: "source-locale", value: "<tag>",
                   help: "The language of Android's values/ without tools:locale, and of ARB files that name none (default: en)"),
        OptionSpec(name: "arb-escaping", value: nil,
                   help: "ARB: apostrophes quote ICU syntax, as gen-l10n's use-escaping: true (default: they are text)"),
        OptionSpec(name: "report", value: "<dir>",
                   help: "When a string does not fit, write <dir>/index.html with a picture of each one", kind: .directory),
        OptionSpec(name: "jobs", value: "<n>", help: "Worker threads; output is identical for any n (default: cores)"),
    ]

    var limits: String?
    var localeFonts = LocaleFonts()
    var settings = CatalogReader.Settings()
    var report: String?
    var jobs: Int?

    mutating func apply(_ name: String, _ value: String) throws(UsageError) {
        switch name {
        case "limits":
            guard !value.isEmpty else { throw UsageError("--limits needs a file") }
            limits = value
        case "locale-font": localeFonts.overrides.append(try LocaleFonts.parse(value))
        case "source-locale":
            guard Locales.isValid(value) else { throw UsageError("--source-locale must be a language tag such as en, got '\(value)'") }
            settings.sourceLocale = value
        case "arb-escaping": settings.arbQuoting = true
        case "report":
            guard !value.isEmpty else { throw UsageError("--report needs a directory") }
            report = value
        case "jobs":
            let n = try Value.count(value, flag: "--jobs", atMost: 256)
            guard n > 0 else { throw UsageError("--jobs must be at least 1, got '\(value)'") }
            jobs = n
        default: break
        }
    }
}
