import TextHeight

/// `--help`, in swift-argument-parser's layout, printed from `Interface`; `--version` with the engine's
/// library versions and how the binary was built.
enum Help {
    static func text(for subcommand: String?) -> String {
        var out = "OVERVIEW: \(Interface.overview)\n\n"
        out += "USAGE: " + Interface.usage.joined(separator: "\n       ") + "\n\n"
        out += "ARGUMENTS:\n" + Interface.arguments.map { item($0.0, $0.1) }.joined() + "\n"
        for command in Interface.subcommands {
            guard let name = command.name, let about = command.about else { continue }
            out += "\(name.uppercased()): \(about)\n\n"
        }
        out += "\n"
        // A subcommand's help lists its own groups; the plain help lists every group.
        let groups = subcommand.flatMap(Interface.subcommand(named:))?.groups
            ?? MeasureOptions.groups + Interface.subcommands.flatMap(\.own)
        for group in groups + [("GENERAL OPTIONS", Interface.general)] {
            out += "\(group.title):\n"
            for spec in group.options { out += item(spec.flag + (spec.value.map { " " + $0 } ?? ""), spec.help) }
            out += "\n"
        }
        out += "OUTPUT: \(Interface.outputLead)\n"
        for (field, meaning) in Interface.outputFields { out += item(field, meaning) }
        out += "\nEXIT CODES:\n"
        for (code, meaning) in Interface.exitCodes { out += "  \(code)  \(meaning)\n" }
        out += "\nENVIRONMENT:\n"
        for (name, meaning) in Interface.environment { out += item(name, meaning) }
        out += "\nEXAMPLES:\n"
        for (what, command) in Interface.examples { out += "  # \(what)\n  \(command)\n" }
        return out
    }

    /// One aligned entry: the name in a 24-column margin, or on its own line when longer.
    private static func item(_ name: String, _ text: String) -> String {
        let left = "  " + name
        let pad = left.count < 25 ? String(repeating: " ", count: 26 - left.count) : "\n" + String(repeating: " ", count: 26)
        return left + pad + text + "\n"
    }

    static func version() -> String {
        """
        textheight \(EngineVersions.textheight) (FreeType \(EngineVersions.freetype), HarfBuzz \(EngineVersions.harfbuzz), ICU \(EngineVersions.icu))
        built with Swift \(BuildInfo.swiftVersion); default font: Inter Regular, \(BuildInfo.defaultFont)

        """
    }
}
