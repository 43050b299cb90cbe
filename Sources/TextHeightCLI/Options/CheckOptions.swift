import Glibc

/// `--update`, `--tolerance`, `--jobs`, `--report` of `check`.
struct CheckOptions: OptionGroup {
    static let title = "CHECK OPTIONS"
    static let options = [
        OptionSpec(name: "update", value: nil,
                   help: "Rewrite changed and missing expectations (also TEXTHEIGHT_UPDATE=1, ignored under CI)"),
        OptionSpec(name: "tolerance", value: "<x>", help: "Accept numbers within x of the expectation (default: 0, exact)"),
        OptionSpec(name: "jobs", value: "<n>", help: "Worker threads (default: cores)"),
        OptionSpec(name: "report", value: "<dir>",
                   help: "On differences, write <dir>/index.html: old and new pictures of each failing case",
                   kind: .directory),
    ]

    var update = false
    var tolerance = 0.0
    var jobs: Int?
    var report: String?

    init() {
        // insta's rule: the environment may ask for updates, but never on CI (CI set, not 0/false).
        let ci = getenv("CI").map { String(cString: $0) } ?? ""
        let onCI = !ci.isEmpty && ci != "0" && ci.lowercased() != "false"
        let asked = getenv("TEXTHEIGHT_UPDATE").map { String(cString: $0) } ?? ""
        update = !onCI && (asked == "1" || asked.lowercased() == "true")
    }

    mutating func apply(_ name: String, _ value: String) throws(UsageError) {
        switch name {
        case "update": update = true
        case "tolerance": tolerance = try Value.number(value, flag: "--tolerance")
        case "jobs":
            let n = try Value.count(value, flag: "--jobs", atMost: 256)
            guard n > 0 else { throw UsageError("--jobs must be at least 1, got '\(value)'") }
            jobs = n
        case "report":
            guard !value.isEmpty else { throw UsageError("--report needs a directory") }
            report = value
        default: break
        }
    }
}
