import TextHeight

/// The text: the last argument, `-` for stdin, or `--text-file`; and the placeholder.
struct TextOptions: OptionGroup {
    static let title = "TEXT OPTIONS"
    static let options = [
        OptionSpec(name: "text-file", value: "<path>", help: "Read the text from a file (UTF-8)", kind: .file),
        OptionSpec(name: "placeholder", value: "<text>", help: "Measure this instead when the text is empty"),
        OptionSpec(name: "placeholder-lines", value: "<n>", help: "Show the placeholder on at most n lines"),
        OptionSpec(name: "max-bytes", value: "<n>", help: "Refuse texts longer than n bytes (default: 33554432)"),
    ]

    static let defaultMaxBytes = 32 << 20

    var textFile: String?
    var placeholder: String?
    var placeholderLines: Int?
    var maxBytes = TextOptions.defaultMaxBytes

    mutating func apply(_ name: String, _ value: String) throws(UsageError) {
        switch name {
        case "text-file": textFile = value
        case "placeholder": placeholder = value
        case "placeholder-lines":
            placeholderLines = try Value.count(value, flag: "--placeholder-lines")
        case "max-bytes":
            maxBytes = try Value.count(value, flag: "--max-bytes", atMost: 1 << 30)
        default: break
        }
    }

    var placeholderValue: Placeholder? { placeholder.map { Placeholder($0, maxLines: placeholderLines) } }
}
