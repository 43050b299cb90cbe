import TextHeight

/// `--min-lines`, `--max-lines`, `--min-height`, `--max-height`.
struct LimitOptions: OptionGroup {
    static let title = "LIMIT OPTIONS"
    static let options = [
        OptionSpec(name: "min-lines", value: "<n>", help: "The box is at least n lines tall (plus insets)"),
        OptionSpec(name: "max-lines", value: "<n>", help: "The box grows to n lines, then scrolls"),
        OptionSpec(name: "min-height", value: "<pt>", help: "The box is at least this tall"),
        OptionSpec(name: "max-height", value: "<pt>", help: "The box grows to this height, then scrolls"),
    ]

    var limits = Limits()

    mutating func apply(_ name: String, _ value: String) throws(UsageError) {
        switch name {
        case "min-lines": limits.minLines = try Value.count(value, flag: "--min-lines")
        case "max-lines": limits.maxLines = try Value.count(value, flag: "--max-lines")
        case "min-height": limits.minHeight = try Value.number(value, flag: "--min-height")
        case "max-height": limits.maxHeight = try Value.number(value, flag: "--max-height")
        default: break
        }
    }

    func validated() throws(UsageError) -> Limits {
        if let low = limits.minLines, let high = limits.maxLines, low > high {
            throw UsageError("--min-lines \(low) is above --max-lines \(high)")
        }
        if let low = limits.minHeight, let high = limits.maxHeight, low > high {
            throw UsageError("--min-height \(JSONObject.number(low)) is above --max-height \(JSONObject.number(high))")
        }
        return limits
    }
}
