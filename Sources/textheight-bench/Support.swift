import Glibc

// Small helpers so the benchmark needs no Foundation: a clock, file reading, a JSONL text
// reader and a flat JSON writer.

/// Seconds on the monotonic clock.
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// CPU seconds used by the calling thread (shows the figure was one core's work).
func threadCPU() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

func readFile(_ path: String) throws(BenchError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw BenchError("cannot read '\(path)': \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 { throw BenchError("cannot read '\(path)': \(String(cString: strerror(errno)))") }
        if n == 0 { break }
        bytes.append(contentsOf: chunk[0..<n])
    }
    return bytes
}

func fileExists(_ path: String) -> Bool { access(path, R_OK) == 0 }

/// The string value of top-level `key` in each JSON object line of a JSONL file.
func readJSONLStrings(_ path: String, key: String) throws(BenchError) -> [String] {
    let bytes = try readFile(path)
    var values: [String] = []
    var lineStart = 0
    var lineNumber = 0
    for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x0A {
        lineNumber += 1
        defer { lineStart = i + 1 }
        if i == lineStart { continue }
        var parser = MiniJSON(bytes[lineStart..<i])
        guard let value = parser.stringField(key) else {
            throw BenchError("\(path):\(lineNumber): no string field '\(key)'")
        }
        values.append(value)
    }
    return values
}

/// Just enough JSON to pull one string field out of a flat object.
struct MiniJSON {
    let bytes: ArraySlice<UInt8>
    var i: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        i = bytes.startIndex
    }

    mutating func stringField(_ key: String) -> String? {
        skipSpace()
        guard peek == UInt8(ascii: "{") else { return nil }
        i += 1
        while true {
            skipSpace()
            if peek == UInt8(ascii: "}") { return nil }
            guard let name = string() else { return nil }
            skipSpace()
            guard peek == UInt8(ascii: ":") else { return nil }
            i += 1
            skipSpace()
            if name == key { return string() }
            guard skipValue() else { return nil }
            skipSpace()
            if peek == UInt8(ascii: ",") { i += 1 } else { return nil }
        }
    }

    private var peek: UInt8? { i < bytes.endIndex ? bytes[i] : nil }

    private mutating func skipSpace() {
        while let c = peek, c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { i += 1 }
    }

    private mutating func skipValue() -> Bool {
        guard let c = peek else { return false }
        if c == UInt8(ascii: "\"") { return string() != nil }
        if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
            var depth = 0
            while let d = peek {
                if d == UInt8(ascii: "\"") { guard string() != nil else { return false }; continue }
                if d == UInt8(ascii: "{") || d == UInt8(ascii: "[") { depth += 1 }
                if d == UInt8(ascii: "}") || d == UInt8(ascii: "]") { depth -= 1 }
                i += 1
                if depth == 0 { return true }
            }
            return false
        }
        while let d = peek, d != UInt8(ascii: ","), d != UInt8(ascii: "}") { i += 1 }
        return true
    }

    private mutating func hex4() -> UInt32? {
        guard i + 4 <= bytes.endIndex else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            i += 1
            switch c {
            case 0x30...0x39: value = value << 4 | UInt32(c - 0x30)
            case 0x41...0x46: value = value << 4 | UInt32(c - 0x41 + 10)
            case 0x61...0x66: value = value << 4 | UInt32(c - 0x61 + 10)
            default: return nil
            }
        }
        return value
    }

    private mutating func string() -> String? {
        guard peek == UInt8(ascii: "\"") else { return nil }
        i += 1
        var out: [UInt8] = []
        while let c = peek {
            i += 1
            if c == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
            guard c == UInt8(ascii: "\\") else { out.append(c); continue }
            guard let e = peek else { return nil }
            i += 1
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                guard var scalar = hex4() else { return nil }
                if (0xD800..<0xDC00).contains(scalar), peek == UInt8(ascii: "\\"), i + 1 < bytes.endIndex,
                   bytes[i + 1] == UInt8(ascii: "u") {
                    i += 2
                    guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                out.append(contentsOf: Array(String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8))
            default: out.append(e)  // \" \\ \/
            }
        }
        return nil
    }
}

/// One figure as a flat JSON object line on stdout.
struct Record {
    private var fields: [String] = []

    init(_ figure: String) { add("figure", figure) }

    mutating func add(_ key: String, _ value: String) { fields.append("\"\(key)\":\(Record.quote(value))") }
    mutating func add(_ key: String, _ value: Int) { fields.append("\"\(key)\":\(value)") }
    mutating func add(_ key: String, _ value: Bool) { fields.append("\"\(key)\":\(value)") }
    mutating func add(_ key: String, _ value: Double) {
        fields.append("\"\(key)\":\(value.isFinite ? String(value) : "null")")
    }

    func emit() {
        writeAll(1, "{" + fields.joined(separator: ",") + "}\n")
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

func note(_ message: String) {
    writeAll(2, "textheight-bench: " + message + "\n")
}

func writeAll(_ fd: Int32, _ text: String) {
    var text = text
    text.withUTF8 { buffer in
        var offset = 0
        while offset < buffer.count {
            let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n <= 0 { if errno == EINTR { continue }; return }
            offset += n
        }
    }
}
