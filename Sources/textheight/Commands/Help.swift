import TextHeight

/// `--help`, in swift-argument-parser's layout; `--version` with the engine's library versions.
enum Help {
    static func text(for subcommand: String?) -> String {
        var out = """
        OVERVIEW: How tall will this text box be? Lays text out with a real font (FreeType, HarfBuzz,
        ICU line breaks) and prints the height of an auto-growing text view as JSON.

        USAGE: textheight [options] --width <pt> <text>
               textheight [options] --width <pt> -            (text from stdin)
               textheight [options] --width <pt> --text-file <path>
               textheight batch [options] [--input <cases.jsonl>] [--jobs <n>]
               textheight check <golden.jsonl|dir>... [options] [--update] [--report <dir>]
               textheight render [options] --width <pt> --output <box.png> <text>

        ARGUMENTS:
          <text>                  The text to measure ('-' reads stdin)

        BATCH: one JSON object per input line: "text", an optional "id", and any option below under
        its camelCase name ("maxLines": 3, "inset": "8,5,8,5", "width": [320, 375], "lines": true);
        options on the command line are defaults for every case. One result line per case and width,
        in input order, carrying the id; a bad line gives {"id","line","error","exitCode"}.

        CHECK: golden JSONL files are cases with an "expect" result each, after a provenance line.
        Changed fields are listed per case; --update rewrites the files atomically and fills in
        missing expectations (a file of bare cases is how a golden file is born). --report <dir>
        writes <dir>/index.html with old and new pictures of every failing case.

        RENDER: measures like the plain command (same options, same JSON on stdout) and draws the
        box to a PNG: the text in its fonts, the box at boxHeight, the content at contentHeight,
        insets and padding tinted, each line's rectangle and baseline, and a legend.


        """
        var groups = MeasureOptions.groups
        if subcommand == "batch" { groups.append((BatchOptions.title, BatchOptions.options)) }
        if subcommand == "check" { groups.append((CheckOptions.title, CheckOptions.options)) }
        if subcommand == "render" { groups.append((RenderOptions.title, RenderOptions.options)) }
        if subcommand == nil {
            groups.append((BatchOptions.title, BatchOptions.options))
            groups.append((CheckOptions.title, CheckOptions.options))
            groups.append((RenderOptions.title, RenderOptions.options))
        }
        for group in groups {
            out += "\(group.title):\n"
            for spec in group.options { out += line(spec) }
            out += "\n"
        }
        out += """
        GENERAL OPTIONS:
          --help                  Show this help
          --version               Show the versions of textheight, FreeType, HarfBuzz and ICU

        OUTPUT: one JSON object per width: boxHeight (clamped), contentHeight (insets + text, ceiled),
        lineCount, scrolls, textHeight, lineHeight, width, wrapWidth, minHeight, maxHeight, model,
        measure; measuredPlaceholder, missingGlyphs, overflowingLines when they apply; lines with --lines.

        EXIT CODES:
          0  measured
          1  some batch lines failed, or check found differences
          2  usage error (unknown flag, bad value)
          3  font not loadable (missing, unreadable, not a font, no such face)
          4  input unreadable (missing file, invalid UTF-8, over --max-bytes)
          5  a file could not be written (check --update, --report, render --output)

        """
        return out
    }

    private static func line(_ spec: OptionSpec) -> String {
        let left = "  " + spec.flag + (spec.value.map { " " + $0 } ?? "")
        let pad = left.count < 25 ? String(repeating: " ", count: 26 - left.count) : "\n" + String(repeating: " ", count: 26)
        return left + pad + spec.help + "\n"
    }

    static func version() -> String {
        "textheight \(EngineVersions.textheight) (FreeType \(EngineVersions.freetype), HarfBuzz \(EngineVersions.harfbuzz), ICU \(EngineVersions.icu))\n"
    }
}
