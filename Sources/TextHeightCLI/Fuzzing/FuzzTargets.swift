import Glibc

/// The fuzz targets of `textheight-fuzz` (scripts/fuzz.sh), by name. Each runs the real code on the
/// bytes and checks properties that must hold for any input; a failed one is a `Violation` (the
/// fuzz binary traps on it, so libFuzzer keeps the input; the suite replays kept inputs and seeds).
/// A target is one function from bytes to `throws(Violation)`, and a line in `all`.
public enum FuzzTargets {
    public struct Target: Sendable {
        public let name: String
        /// What its bytes are, for `textheight-fuzz --list`.
        public let input: String
        let body: @Sendable ([UInt8]) throws(Violation) -> Void

        public func run(_ bytes: [UInt8]) throws(Violation) { try body(bytes) }
    }

    public static let all: [Target] = [
        Target(name: "text", input: "size and width bytes, then UTF-16 code units (big-endian), measured by every model",
               body: LibraryTargets.text),
        Target(name: "font", input: "a font file, loaded and measured", body: LibraryTargets.font),
        Target(name: "json", input: "one JSON text (JSONReader; JSONWriter's output read back)", body: ReaderTargets.json),
        Target(name: "lines", input: "buffer size and line limit bytes, then a file for LineReader", body: ReaderTargets.lines),
        Target(name: "case", input: "a batch line, a newline, another line (CaseScanner against the plain parse)",
               body: ReaderTargets.caseLine),
        Target(name: "arguments", input: "an argument vector, NUL-separated (the parser; the command against batch)",
               body: ReaderTargets.arguments),
        Target(name: "batch", input: "a byte choosing command-line defaults, then a batch input", body: CommandTargets.batch),
        Target(name: "golden", input: "a byte choosing check's flags, then a golden file", body: CommandTargets.golden),
        Target(name: "catalog", input: "a byte choosing the reader (xcstrings, Android, ARB, XLIFF), then a string catalog",
               body: CatalogTargets.catalog),
    ]

    public static func named(_ name: String) -> Target? { all.first { $0.name == name } }

    /// Inputs to start from, made from the fixtures (read from the working directory: the
    /// repository's root) and the option specs.
    public static func seeds(for name: String) -> [[UInt8]] { FuzzSeeds.seeds(for: name) }

    /// A libFuzzer dictionary: the option names, batch keys and values the readers look for.
    public static var dictionary: String { FuzzSeeds.dictionary }
}

/// A property of a fuzz target that did not hold, with what it saw.
public struct Violation: Error, CustomStringConvertible {
    public let description: String
}

/// Fails the target when `condition` is false.
@inline(__always)
func require(_ condition: Bool, _ what: @autoclosure () -> String) throws(Violation) {
    if !condition { throw Violation(description: what()) }
}

/// Shown in a violation: bytes as text with escapes.
func shown(_ bytes: [UInt8]) -> String {
    var out = ""
    for b in bytes.prefix(600) {
        if b >= 0x20 && b < 0x7F && b != 0x5C { out.append(Character(Unicode.Scalar(b))) } else {
            out += "\\x" + (b < 16 ? "0" : "") + String(b, radix: 16)
        }
    }
    return bytes.count > 600 ? out + "…" : out
}

/// One directory per run for the files a command reads and writes, removed afterwards.
enum Scratch {
    static func directory() -> String? {
        var info = stat()
        let base = stat("/dev/shm", &info) == 0 ? "/dev/shm" : "/tmp"
        var template = Array("\(base)/textheight-fuzz-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
            return String(cString: base)
        }
    }

    static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                guard let base = raw.baseAddress else { return false }
                let wrote = Glibc.write(fd, base + done, raw.count - done)
                if wrote <= 0 { return false }
                done += wrote
            }
            return true
        }
    }

    static func read(_ path: String) -> [UInt8]? { try? InputFile.read(path: path, limit: 1 << 26) }

    /// The directory and the files in it.
    static func remove(_ directory: String) {
        if let dir = opendir(directory) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { unlink(directory + "/" + name) }
            }
            closedir(dir)
        }
        rmdir(directory)
    }
}

/// A command run in this process, its output kept in memory.
public struct CapturedRun: Sendable {
    public let status: Int32
    public let stdout: [UInt8]
    public let stderr: [UInt8]
}

/// `textheight ARGUMENTS…` in this process, writing into memory: the same code as the binary
/// (for in-process tests and the fuzz targets; the arguments are argv without the program).
public func runCaptured(_ arguments: [String]) -> CapturedRun {
    let output = CommandOutput()
    let status = run(arguments, output: output)
    return CapturedRun(status: status.rawValue, stdout: output.stdout, stderr: output.stderr)
}
