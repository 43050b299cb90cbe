import Glibc

/// A progress line on stderr (count, rate, ETA when the input size is known), shown once a
/// batch has run for a second, or at once with --progress.
struct Progress {
    let enabled: Bool
    let alwaysShow: Bool
    let totalBytes: Int
    let output: CommandOutput
    private let start = Progress.now()
    private var cases = 0
    private var shown = false

    init(enabled: Bool, alwaysShow: Bool, totalBytes: Int, output: CommandOutput = .terminal) {
        self.enabled = enabled
        self.alwaysShow = alwaysShow
        self.totalBytes = totalBytes
        self.output = output
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    mutating func update(cases added: Int, bytesRead: Int) {
        cases += added
        guard enabled else { return }
        let elapsed = Progress.now() - start
        guard alwaysShow || elapsed >= 1 else { return }
        let rate = elapsed > 0 ? Double(cases) / elapsed : 0
        var line = "\rtextheight: \(cases) cases, \(Int(rate))/s"
        if totalBytes > 0 && bytesRead > 0 && bytesRead < totalBytes {
            let remaining = elapsed * Double(totalBytes - bytesRead) / Double(bytesRead)
            line += ", about \(Int(remaining.rounded(.up)))s left"
        }
        output.writeError(line + "   ")
        shown = true
    }

    func finish() {
        if shown { output.writeError("\n") }
    }
}
