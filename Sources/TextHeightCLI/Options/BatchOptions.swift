/// `--input`, `--jobs`, `--progress` of `batch`.
struct BatchOptions: OptionGroup {
    static let title = "BATCH OPTIONS"
    static let options = [
        OptionSpec(name: "input", value: "<path>", help: "Read JSON Lines from a file (default: stdin)",
                   kind: .file),
        OptionSpec(name: "jobs", value: "<n>", help: "Worker threads; output is identical for any n (default: cores)"),
        OptionSpec(name: "progress", value: nil, help: "Show progress on stderr even when it is not a terminal"),
    ]

    var input: String?
    var jobs: Int?
    var progress = false

    mutating func apply(_ name: String, _ value: String) throws(UsageError) {
        switch name {
        case "input": input = value
        case "jobs":
            let n = try Value.count(value, flag: "--jobs", atMost: 256)
            guard n > 0 else { throw UsageError("--jobs must be at least 1, got '\(value)'") }
            jobs = n
        case "progress": progress = true
        default: break
        }
    }
}
