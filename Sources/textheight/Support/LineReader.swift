import Glibc

/// Reads a file descriptor line by line with a fixed buffer: memory stays flat however long
/// the input. A line over `limit` bytes is cut off and reported as too long. A UTF-8 byte-order
/// mark opening the input is dropped (Windows editors write one; RFC 8259 §8.1 lets a parser skip it).
struct LineReader {
    struct Line {
        var number: Int
        var bytes: [UInt8]
        var tooLong: Bool
        /// The first line began with a UTF-8 byte order mark, skipped in `bytes` (`check --update` writes it back).
        var followsByteOrderMark = false
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

    /// A whole line is buffered, or the descriptor has data or end of file now: `next()` would not
    /// wait on a writer. A co-process harness waits for each answer before it writes again.
    mutating func lineReady() -> Bool {
        if finished || newline(from: start) != nil { return true }
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) > 0
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
            let newlineAt = newline(from: start)
            let i = newlineAt ?? end
            if !tooLong {
                // A line whole in the buffer (the common case) is one allocation of its size.
                if line.isEmpty { line = Array(buffer[start..<i]) } else { line.append(contentsOf: buffer[start..<i]) }
                if line.count > limit {
                    tooLong = true
                    line = []
                }
            }
            start = newlineAt.map { $0 + 1 } ?? end
            if newlineAt != nil {
                if line.last == 0x0D { line.removeLast() }
                return numbered(line, tooLong: tooLong)
            }
        }
        // A last line without a newline still counts; a final newline adds no empty line.
        if line.isEmpty && !tooLong { return nil }
        return numbered(line, tooLong: tooLong)
    }

    /// The index of the first newline in `buffer[from..<end]`, found with memchr (the scan of every byte read).
    private func newline(from: Int) -> Int? {
        guard from < end else { return nil }
        return buffer.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress, let found = memchr(base + from, 0x0A, end - from) else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }

    private mutating func numbered(_ line: [UInt8], tooLong: Bool) -> Line {
        number += 1
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        if number == 1 && line.starts(with: bom) {
            return Line(number: 1, bytes: Array(line.dropFirst(3)), tooLong: tooLong, followsByteOrderMark: true)
        }
        return Line(number: number, bytes: line, tooLong: tooLong)
    }
}
