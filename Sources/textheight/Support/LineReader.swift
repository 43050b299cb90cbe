import Glibc

/// Reads a file descriptor line by line with a fixed buffer: memory stays flat however long
/// the input. A line over `limit` bytes is cut off and reported as too long.
struct LineReader {
    struct Line {
        var number: Int
        var bytes: [UInt8]
        var tooLong: Bool
    }

    private let fd: Int32
    private let limit: Int
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0
    private var number = 0
    private var finished = false
    private(set) var bytesRead = 0

    init(fd: Int32, limit: Int) {
        self.fd = fd
        self.limit = limit
    }

    mutating func next() -> Line? {
        var line: [UInt8] = []
        var tooLong = false
        while true {
            if start == end {
                if finished { break }
                let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if got < 0 && errno == EINTR { continue }
                if got <= 0 {
                    finished = true
                    break
                }
                start = 0
                end = got
                bytesRead += got
            }
            var i = start
            while i < end && buffer[i] != 0x0A { i += 1 }
            if !tooLong {
                line.append(contentsOf: buffer[start..<i])
                if line.count > limit {
                    tooLong = true
                    line = []
                }
            }
            let foundNewline = i < end
            start = foundNewline ? i + 1 : i
            if foundNewline {
                number += 1
                if line.last == 0x0D { line.removeLast() }
                return Line(number: number, bytes: line, tooLong: tooLong)
            }
        }
        // A last line without a newline still counts; a final newline adds no empty line.
        if line.isEmpty && !tooLong { return nil }
        number += 1
        return Line(number: number, bytes: line, tooLong: tooLong)
    }
}
