import Glibc

/// stdout/stderr without Foundation: the CLI starts in a few milliseconds and stays byte-exact.
enum Terminal {
    static func write(_ text: String, to fd: Int32 = STDOUT_FILENO) {
        var text = text
        text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: fd) }
    }

    static func write(bytes: [UInt8], to fd: Int32 = STDOUT_FILENO) {
        bytes.withUnsafeBytes { writeAll($0, to: fd) }
    }

    static func write(raw bytes: UnsafeRawBufferPointer, to fd: Int32 = STDOUT_FILENO) { writeAll(bytes, to: fd) }

    /// write(2) until every byte is out, again after EINTR; a closed pipe ends it quietly.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let wrote = Glibc.write(fd, base + done, bytes.count - done)
            if wrote < 0 && errno == EINTR { continue }
            if wrote <= 0 { return }
            done += wrote
        }
    }

    static func error(_ line: String) { write("textheight: \(line)\n", to: STDERR_FILENO) }

    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }
}

/// Reads a whole file or stdin, up to `limit` bytes.
enum InputFile {
    enum Failure: Error {
        case open(String)
        case tooLarge(Int)
    }

    static func read(path: String?, limit: Int) throws(Failure) -> [UInt8] {
        let fd: Int32
        if let path {
            fd = open(path, O_RDONLY | O_CLOEXEC)
            if fd < 0 { throw .open(String(cString: strerror(errno))) }
            var info = stat()
            if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
                close(fd)
                throw .open("it is a directory")
            }
        } else {
            fd = STDIN_FILENO
        }
        defer { if path != nil { close(fd) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw .open(String(cString: strerror(errno)))
            }
            if got == 0 { break }
            if bytes.count + got > limit { throw .tooLarge(limit) }
            bytes.append(contentsOf: chunk[0..<got])
        }
        return bytes
    }
}

/// Strict UTF-8 decoding: the offset of the first invalid byte, or the text.
enum UTF8Text {
    /// The decoded text, or nil with the offset of the first invalid byte in `invalidAt`.
    static func decode(_ bytes: [UInt8], invalidAt: inout Int) -> String? {
        if let offset = firstInvalidOffset(bytes) {
            invalidAt = offset
            return nil
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F  // no surrogates
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return i
            }
            guard i + length <= n else { return i }
            for k in 1..<length {
                let c = bytes[i + k]
                let (lo, hi) = k == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                if c < lo || c > hi { return i }
            }
            i += length
        }
        return nil
    }
}
