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
    func error(_ line: String) { writeError("textheight: \(CommandOutput.oneLine(line))\n") }

    /// `text` with its control characters written as JSON writes them (`\n`, `\u001b`): a message
    /// quotes values (a font family, a flag's value) that may hold a newline, and stays one line.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether stderr is a terminal (a progress line then shows by itself); never when captured.
    var stderrIsTerminal: Bool { !capturing && Terminal.isTerminal(STDERR_FILENO) }
}
