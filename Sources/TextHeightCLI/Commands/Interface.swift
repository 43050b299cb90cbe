/// The command line as data: `--help` (Help), the man page (ManPage) and the shell completions
/// (Completions) are all printed from these definitions and the option groups' `OptionSpec`s, so
/// they cannot drift. A new flag goes into its option group's `options`; a new subcommand here.
enum Interface {
    typealias Group = (title: String, options: [OptionSpec])

    struct Subcommand {
        /// nil for the plain measurement (`textheight [options] --width W TEXT`).
        let name: String?
        /// One line, for completion menus and the man page.
        let summary: String
        /// A paragraph for `--help` and the man page; nil for the plain measurement.
        let about: String?
        /// The subcommand's own flags, after the measurement flags every command takes.
        let own: [Group]
        /// Its positional arguments complete as file paths (`check`'s golden files).
        var pathArguments = false

        /// The texts come from its cases or catalogs: `--text-file` is refused, so not listed.
        var textsFromFiles: Bool { name == "batch" || name == "check" || name == "strings" }

        var groups: [Group] {
            guard textsFromFiles else { return MeasureOptions.groups + own }
            return MeasureOptions.groups.map { ($0.title, $0.options.filter { $0.name != "text-file" }) } + own
        }
        var specs: [OptionSpec] { groups.flatMap(\.options) }
    }

    /// The man page's NAME line.
    static let name = "the height of an auto-growing text box, from a real font layout"

    static let overview = """
        How tall will this text box be? Lays text out with a real font (FreeType, HarfBuzz,
        ICU line breaks) and prints the height of an auto-growing text view as JSON.
        """

    static let usage = [
        "textheight [options] --width <pt> <text>",
        "textheight [options] --width <pt> -            (text from stdin)",
        "textheight [options] --width <pt> --text-file <path>",
        "textheight batch [options] [--input <cases.jsonl>] [--jobs <n>]",
        "textheight check <golden.jsonl|dir>... [options] [--update] [--report <dir>]",
        "textheight render [options] --width <pt> --output <box.png> <text>",
        "textheight strings <catalog|dir>... [options] [--limits <file.json>] [--report <dir>]",
    ]

    static let arguments = [("<text>", "The text to measure ('-' reads stdin)")]

    static let subcommands = [
        Subcommand(name: nil, summary: "Measure one text at one or more widths", about: nil, own: []),
        Subcommand(name: "batch", summary: "Measure JSON Lines cases, one result line per case and width", about: """
            one JSON object per input line: "text", an optional "id", and any option below under
            its camelCase name ("maxLines": 3, "inset": "8,5,8,5", "width": [320, 375], "lines": true);
            options on the command line are defaults for every case. One result line per case and width,
            in input order, carrying the id; a bad line gives {"id","line","error","exitCode"}.
            A line is answered as soon as no further input is waiting: a program can write one case,
            read its answer and keep stdin open (a co-process).
            """, own: [(BatchOptions.title, BatchOptions.options)]),
        Subcommand(name: "check", summary: "Re-measure golden JSONL files and list what changed", about: """
            golden JSONL files are cases with an "expect" result each, after a provenance line.
            Changed fields are listed per case; --update rewrites the files atomically and fills in
            missing expectations (a file of bare cases is how a golden file is born). --report <dir>
            writes <dir>/index.html with old and new pictures of every failing case.
            """, own: [(CheckOptions.title, CheckOptions.options)], pathArguments: true),
        Subcommand(name: "render", summary: "Measure and draw the box to a PNG", about: """
            measures like the plain command (same options, same JSON on stdout) and draws the
            box to a PNG: the text in its fonts, the box at boxHeight, the content at contentHeight,
            insets and padding tinted, each line's rectangle and baseline, and a legend.
            """, own: [(RenderOptions.title, RenderOptions.options)]),
        Subcommand(name: "strings", summary: "Check that every translation in the app's string catalogs fits", about: """
            reads .xcstrings, Android values*/strings.xml, ARB and XLIFF 1.2 files (directories are
            searched by name), expands each string into its variants (the locale's plural categories,
            select and device branches, placeholders filled from the file's examples) and measures each
            one with the options: the command line's, then --limits by key, then XLIFF's maxwidth and
            maxheight. One JSON line per file, key, locale and variant with "fits"; a table per locale on
            stderr. Exit 1 when something does not fit, 4 when a catalog is malformed (file:line:column).
            """, own: [(StringsOptions.title, StringsOptions.options)], pathArguments: true),
    ]

    static func subcommand(named name: String?) -> Subcommand? { subcommands.first { $0.name == name } }

    /// Flags every command answers before parsing anything else.
    static let general = [
        OptionSpec(name: "help", value: nil, help: "Show this help"),
        OptionSpec(name: "version", value: nil,
                   help: "Show the versions of textheight, FreeType, HarfBuzz, ICU and Swift, and the default font"),
        OptionSpec(name: "completions", value: "<shell>", help: "Print the completion script for bash, zsh or fish",
                   kind: .of(Completions.Shell.self)),
        OptionSpec(name: "man-page", value: nil, help: "Print the manual page textheight(1) (roff)"),
        OptionSpec(name: "list-presets", value: nil,
                   help: "List the --preset names: each one's flags, what it stands for and its source"),
    ]

    static let outputLead = "one JSON object per width, keys in this order (the same bytes on every run):"

    static let outputFields = [
        ("boxHeight", "the view's height after the limits: what the auto-growing view is set to"),
        ("contentHeight", "insets + text, rounded as the platform rounds (contentSize.height)"),
        ("lineCount", "line fragments, including the caret's extra fragment in a text view"),
        ("scrolls", "contentHeight > boxHeight: the view scrolls inside"),
        ("scrollHeight", "css: element.scrollHeight (an integer)"),
        ("textHeight", "the text block alone, unrounded"),
        ("lineHeight", "one line of the font after lineHeightMultiple and the min/max clamps (android: TextView.getLineHeight; flutter: the strut line L)"),
        ("width, wrapWidth", "the width given, and the width lines wrap at"),
        ("minHeight, maxHeight", "the effective limits, when set"),
        ("model, measure", "what was measured"),
        ("preset", "with --preset: its name (the rest is what the flags it expands to give)"),
        ("fontSize", "with --text-style: the Dynamic Type size it gave"),
        ("fontFile", "with --display-font: the file of the Text/Display pair used at this size"),
        ("fontVariations", "a variable font's axis coordinates (opsz follows the size unless --optical-size says otherwise)"),
        ("tracking", "textkit: points added to every glyph (the font's trak, --tracking, --kern), when not 0"),
        ("measuredPlaceholder", "true when the placeholder stood in for an empty text"),
        ("missingGlyphs", "glyphs that came out as .notdef (no font of the chain has them), when any"),
        ("overflowingLines", "lines where a single grapheme is wider than the line, when any"),
        ("lines", "with --lines: each line's UTF-16 start and length, width, top and height"),
    ]

    static let exitCodes = [
        (0, "measured"),
        (1, "some batch lines failed, check found differences, or a string does not fit (strings)"),
        (2, "usage error (unknown flag, bad value)"),
        (3, "font not loadable (missing, unreadable, not a font, no such face)"),
        (4, "input unreadable (missing file, invalid UTF-8, over --max-bytes, a malformed catalog)"),
        (5, "a file could not be written (check --update, --report, render --output, strings --report)"),
    ]

    static let environment = [
        ("TEXTHEIGHT_UPDATE", "1 or true: check rewrites changed and missing expectations, as --update does"),
        ("CI", "set (and not 0 or false): TEXTHEIGHT_UPDATE is ignored and a missing expectation fails"),
        ("FONTCONFIG_FILE", "the fontconfig configuration --font-family and --fallback-family resolve through"),
    ]

    /// The pages of docs/ (a test checks that they are all the pages there are).
    static let manual = [
        "docs/install.md", "docs/flags.md", "docs/presets.md", "docs/ci.md", "docs/strings.md", "docs/render.md",
        "docs/models/textkit.md", "docs/system-font.md", "docs/models/css.md", "docs/models/android.md",
        "docs/models/flutter.md", "docs/robustness.md", "docs/speed.md", "docs/library.md", "docs/architecture.md",
    ]

    /// Man page only: where the package puts things.
    static let files = [
        ("/usr/bin/textheight", "the program; the default font (Inter Regular) is embedded in it"),
        ("/usr/share/bash-completion/completions/textheight", "bash completion (textheight --completions bash)"),
        ("/usr/share/zsh/vendor-completions/_textheight", "zsh completion (textheight --completions zsh)"),
        ("/usr/share/fish/vendor_completions.d/textheight.fish", "fish completion (textheight --completions fish)"),
        ("/usr/share/doc/textheight/", "the manual: README.md and " + manual.joined(separator: ", ")),
    ]

    static let examples = [
        ("A chat input 343 pt wide that grows to three lines",
         "textheight --width 343 --max-lines 3 'Running late, start without me!'"),
        ("A Chromium textarea with 8 px padding, at three widths",
         "textheight --model css --size 16 --inset 8 --width 320,375,414 'Hello'"),
        ("An Android EditText 360 dp wide on a 2.625 density phone, 16 sp text, up to five lines",
         "textheight --model android --density 2.625 --size 16 --width 360 --max-lines 5 'Hello'"),
        ("A Flutter chat bar (TextField, minLines 1, maxLines 5, InputDecoration.collapsed) 360 px wide",
         "textheight --model flutter --decoration collapsed --min-lines 1 --max-lines 5 --width 360 'Hello'"),
        ("The same bar by its preset, taller text scale", "textheight --preset flutter-chat --text-scale 1.3 --width 360 'Hello'"),
        ("Many texts at once, one JSON line each", "textheight batch --width 343 < cases.jsonl > heights.jsonl"),
        ("Fail CI when a golden height moves", "textheight check golden"),
        ("Fail CI when a translation does not fit its text field",
         "textheight strings app/src/main/res --model android --density 2.625 --limits limits.json --width 360"),
    ]
}
