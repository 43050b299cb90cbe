import Glibc

/// Reads a file descriptor line by line with a fixed buffer: memory stays flat however long
/// the input. A line over `limit` bytes is cut off and reported as too long. A UTF-8 byte-order
/// mark opening the input is dropped (Windows editors write one; RFC 8259 §8.1 lets a parser skip it).
/// A failed read ends the lines like the end of input, with `readError` set: callers must not take
/// what came before for the whole input.
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
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var number = 0
    private var finished = false
    private(set) var bytesRead = 0
    /// The errno of a read that failed (EIO, EISDIR), after which no line is returned.
    private(set) var readError: Int32?

    /// `bufferSize`: bytes read at a time (small ones let the fuzz target cut lines at every byte).
    init(fd: Int32, limit: Int, bufferSize: Int = 1 << 16) {
        self.fd = fd
        self.limit = limit
        buffer = [UInt8](repeating: 0, count: max(1, bufferSize))
    }

    /// What `readError` says, for an error message.
    var readErrorMessage: String? { readError.map { String(cString: strerror($0)) } }

    /// A whole line is buffered, or the descriptor has data or end of file now: `next()` would not
    /// wait on a writer. A co-process harness waits for each answer before it writes again.
    mutating func lineReady() -> Bool {
        if finished || newline(from: start) != nil { return true }
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) > 0
    }

    mutating func next() -> Line? {
        var bytes: [UInt8] = []
        guard let line = next(appendingTo: &bytes) else { return nil }
        return Line(number: line.number, bytes: bytes, tooLong: line.tooLong, followsByteOrderMark: line.followsByteOrderMark)
    }

    /// Where `next(appendingTo:)` put a line: its bytes are `block[bytes]`.
    struct Placed {
        var number: Int
        var bytes: Range<Int>
        var tooLong: Bool
        var followsByteOrderMark: Bool

        /// The line on its own, as `next()` gives it.
        func line(in block: UnsafeBufferPointer<UInt8>) -> Line {
            Line(number: number, bytes: Array(UnsafeBufferPointer(rebasing: block[bytes])), tooLong: tooLong,
                 followsByteOrderMark: followsByteOrderMark)
        }
    }

    /// The next line appended to `block`, so that many lines share one array (a batch's chunk).
    mutating func next(appendingTo block: inout [UInt8]) -> Placed? {
        let start = block.count
        var tooLong = false
        var ended = false
        while true {
            if self.start == end {
                if finished { break }
                let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if got < 0 && errno == EINTR { continue }
                if got <= 0 {
                    if got < 0 { readError = errno }
                    finished = true
                    break
                }
                self.start = 0
                end = got
                bytesRead += got
            }
            let newlineAt = newline(from: self.start)
            let i = newlineAt ?? end
            if !tooLong {
                block.append(contentsOf: buffer[self.start..<i])
                if block.count - start > limit {
                    tooLong = true
                    block.removeSubrange(start...)
                }
            }
            self.start = newlineAt.map { $0 + 1 } ?? end
            if newlineAt != nil {
                ended = true
                break
            }
        }
        // A line cut short by a failed read is not a line.
        if !ended && readError != nil {
            block.removeSubrange(start...)
            return nil
        }
        // A last line without a newline still counts; a final newline adds no empty line.
        if !ended && block.count == start && !tooLong { return nil }
        if ended && block.count > start && block[block.count - 1] == 0x0D { block.removeLast() }
        number += 1
        var opensWithMark = false
        if number == 1, block[start...].starts(with: [0xEF, 0xBB, 0xBF]) {
            opensWithMark = true
            block.removeSubrange(start..<start + 3)
        }
        return Placed(number: number, bytes: start..<block.count, tooLong: tooLong, followsByteOrderMark: opensWithMark)
    }

    /// The index of the first newline in `buffer[from..<end]`, found with memchr (the scan of every byte read).
    private func newline(from: Int) -> Int? {
        guard from < end else { return nil }
        return buffer.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress, let found = memchr(base + from, 0x0A, end - from) else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }
}
