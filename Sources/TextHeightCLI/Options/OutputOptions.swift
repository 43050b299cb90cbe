/// `--lines`.
struct OutputOptions: OptionGroup {
    static let title = "OUTPUT OPTIONS"
    static let options = [
        OptionSpec(name: "lines", value: nil, help: "Add each line's UTF-16 range, width, top and height"),
    ]

    var lines = false

    mutating func apply(_ name: String, _ value: String) throws(UsageError) {
        if name == "lines" { lines = true }
    }
}
