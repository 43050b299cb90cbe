import TextHeight

/// `textheight --man-page`: the manual page textheight(1) in roff (man(7) macros), printed from the
/// same `Interface` and option groups as `--help`. No date in `.TH`: the same binary prints the same bytes.
enum ManPage {
    static func text() -> String {
        var out = """
            .TH TEXTHEIGHT 1 "" "textheight \(EngineVersions.textheight)" "User Commands"
            .SH NAME
            textheight \\- \(escape(Interface.name))
            .SH SYNOPSIS
            .nf

            """
        for line in Interface.usage { out += escape(line) + "\n" }
        out += ".fi\n.SH DESCRIPTION\n" + escape(Interface.overview) + "\n"
        out += ".SH COMMANDS\n"
        for command in Interface.subcommands {
            out += ".TP\n.B \(escape(["textheight", command.name].compactMap { $0 }.joined(separator: " ")))\n"
            out += escape(command.summary) + ".\n"
            if let about = command.about { out += escape(capitalized(about)) + "\n" }
        }
        out += ".SH ARGUMENTS\n"
        for (name, meaning) in Interface.arguments { out += entry("\\fI\(escape(name))\\fR", meaning) }
        out += ".SH OPTIONS\n"
        for group in MeasureOptions.groups + Interface.subcommands.flatMap(\.own) + [("GENERAL OPTIONS", Interface.general)] {
            out += ".SS \"\(escape(group.title))\"\n"
            for spec in group.options {
                var name = "\\fB\(escape(spec.flag))\\fR" + (spec.value.map { " \\fI\(escape($0))\\fR" } ?? "")
                if spec.repeatable { name += " (repeatable)" }
                out += entry(name, spec.help)
            }
        }
        out += ".SH OUTPUT\n" + escape(capitalized(Interface.outputLead)) + "\n"
        for (field, meaning) in Interface.outputFields { out += entry("\\fB\(escape(field))\\fR", meaning) }
        out += ".SH \"EXIT STATUS\"\n"
        for (code, meaning) in Interface.exitCodes { out += entry("\\fB\(code)\\fR", meaning) }
        out += ".SH ENVIRONMENT\n"
        for (name, meaning) in Interface.environment { out += entry("\\fB\(escape(name))\\fR", meaning) }
        out += ".SH FILES\n"
        for (path, meaning) in Interface.files { out += entry("\\fI\(escape(path))\\fR", meaning) }
        out += ".SH EXAMPLES\n"
        for (what, command) in Interface.examples {
            out += ".PP\n\(escape(what)):\n.PP\n.RS 4\n.nf\n\(escape(command))\n.fi\n.RE\n"
        }
        out += ".SH \"SEE ALSO\"\n\\fBfc\\-list\\fR(1), \\fBfc\\-match\\fR(1)\n.PP\n"
            + escape("The manual: README.md and the pages of docs/, in the source and in /usr/share/doc/textheight/.") + "\n"
        return out
    }

    private static func entry(_ term: String, _ text: String) -> String { ".TP\n\(term)\n\(escape(text))\n" }

    private static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// Plain text as roff: backslashes and hyphens escaped (`\-` is the minus a user types), and a
    /// line that would start with a control character (`.` or `'`) guarded by `\&`.
    static func escape(_ text: String) -> String {
        let escaped = text.replacingAll("\\", with: "\\e").replacingAll("-", with: "\\-")
        return escaped.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
        }.joined(separator: "\n")
    }
}
