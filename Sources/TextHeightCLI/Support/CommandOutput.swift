import Glibc

/// Where a command's stdout and stderr go: the terminal, or memory, so that in-process tests and
/// the fuzz targets run the real commands without writing to the process's descriptors.
final class CommandOutput: @unchecked Sendable {
    /// Written straight to the descriptors; holds no state.
    static let terminal = CommandOutput(capturing: false)

    let capturing: Bool
    private(set) var stdout: [UInt8] = []
    private(set) var stderr: [UInt8] = []

    init(capturing: Bool = true) { self.capturing = capturing }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(raw: UnsafeRawBufferPointer($0)) }
    }

    func write(bytes: [UInt8]) { bytes.withUnsafeBytes { write(raw: $0) } }

    func write(raw bytes: UnsafeRawBufferPointer) {
        if capturing { stdout.append(contentsOf: bytes) } else { Terminal.write(raw: bytes) }
    }

    /// Text on stderr as it stands.
    func writeError(_ text: String) {
        if capturing { stderr.append(contentsOf: text.utf8) } else { Terminal.write(text, to: STDERR_FILENO) }
    }

    /// One error line, program name first.
    func error(_ line: String) { writeError("textheight: \(line)\n") }

    /// Whether stderr is a terminal (a progress line then shows by itself); never when captured.
    var stderrIsTerminal: Bool { !capturing && Terminal.isTerminal(STDERR_FILENO) }
}
