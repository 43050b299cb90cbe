/// Values for every measurement flag, valid ones first and a few it must refuse: the fuzz seeds,
/// the dictionary and the suite's batch-against-command check draw their options from these and
/// the specs themselves (`MeasureOptions.specs`), so a new flag is covered by its kind at once.
enum OptionSamples {
    static let fonts = [
        "fixtures/fonts/DejaVuSans.ttf", "fixtures/fonts/Inter-Regular.otf", "fixtures/fonts/NotoSansArabic-Regular.ttf",
        "fixtures/fonts/NotoSansCJKsc-Regular.subset.otf", "fixtures/fonts/NotoColorEmoji.subset.ttf",
        "fixtures/fonts/NotoSansThai-Regular.ttf", "fixtures/fonts/NotoSansHebrew-Regular.ttf",
        "fixtures/fonts/NotoSansDevanagari-Regular.ttf", "fixtures/fonts/VarOpszWght-Mono.ttf",
        "fixtures/fonts/DejaVuSansMono.ttf", "fixtures/fonts/TrakSTAT-Mono.ttf", "fixtures/fonts/none.ttf",
        "fixtures/fonts/DejaVuSans.ttf#1", "fixtures/fonts/README.md",
    ]

    static let byName: [String: [String]] = [
        "font-family": ["DejaVu Sans", "Inter", "No Such Family"],
        "fallback-family": ["Noto Sans Arabic", "No Such Family"],
        "size": ["17", "14", "16", "12.5", "20", "0", "-1", "1e3"],
        "lang": ["ja", "zh-Hans", "ko", "ar", "th", "de", "x-bad", ""],
        "weight": ["400", "700", "1", "1000", "0", "semibold", "bold", "1001"],
        "variation": ["wght=700", "opsz=12,wght=400", "wght=-5", "wght", "abcde=1"],
        "optical-size": ["auto", "none", "12", "-1"],
        "tracking": ["0", "1.5", "-2"], "kern": ["0", "0.5", "-1"],
        "placeholder": ["Message", "", "很长的占位符 with some words that wrap at a narrow width"],
        "placeholder-lines": ["1", "2", "0"], "max-bytes": ["100000", "1000", "10", "0"],
        "width": ["343", "300", "240,375,414", "120", "40", "0", "1e6", "-5", "nan", "300,"],
        "inset": ["8,0,8,0", "0", "4,2", "1,2,3", "2.5", "200", "a"],
        "padding": ["5", "0", "2.5", "-1"],
        "line-height-multiple": ["0", "1.2", "2"], "line-spacing": ["0", "4", "-1"],
        "min-line-height": ["0", "24", "30"], "max-line-height": ["0", "18", "40"],
        "paragraph-spacing": ["0", "10"], "paragraph-spacing-before": ["0", "6"],
        "scale": ["1", "2", "3", "0"], "line-height": ["normal", "1.5", "20px", "0", "-2px"],
        "border": ["1", "0", "2.5"], "density": ["1", "2", "2.625", "3", "0"],
        "line-spacing-extra": ["0", "2", "-1"], "line-spacing-multiplier": ["1", "1.2", "0.5"],
        "text-scale": ["1", "1.3", "2", "0"],
        "letter-spacing": ["0", "1px", "0.05em", "normal", "-0.5px", "1"],
        "word-spacing": ["0", "2px", "0.2em", "normal"], "tab-size": ["8", "4", "20px", "1.5em", "-1"],
        "min-lines": ["1", "2", "0"], "max-lines": ["1", "3", "5", "0"],
        "min-height": ["38", "100", "0"], "max-height": ["78", "200", "0"],
        "text-file": ["fixtures/corpus/README.md"],
    ]

    /// Values for `spec`: its table's, else its choices and one word it refuses, else numbers.
    static func values(for spec: OptionSpec) -> [String] {
        if spec.value == nil { return [""] }
        if let values = byName[spec.name] { return values }
        switch spec.kind {
        case .choices(let words): return words + ["nonsense"]
        case .file: return fonts
        case .directory: return ["."]
        case .text: return ["0", "1", "2.5", "17", "-1"]
        }
    }
}
