import TextHeight

/// Exit codes, one per failure class (HarfBuzz's return_value_t).
enum ExitCode: Int32 {
    case ok = 0
    /// `check` found differences, or some batch lines failed.
    case differences = 1
    case usage = 2
    case font = 3
    /// The text or an input file could not be read: missing file, invalid UTF-8, too large.
    case input = 4
    /// A file could not be written (check --update).
    case output = 5
}

/// A failure to report on one stderr line and exit with.
struct Failure: Error {
    let code: ExitCode
    let message: String

    static func usage(_ error: UsageError) -> Failure { Failure(code: .usage, message: error.message) }
    static func font(_ error: FontError) -> Failure { Failure(code: .font, message: error.message) }
    static func text(_ error: TextError) -> Failure { Failure(code: .input, message: error.message) }
}
