import Glibc

/// Directory listing and atomic replacement of files, with POSIX calls.
enum Files {
    /// `path` itself when it is a file; the `.jsonl` files below it, sorted, when a directory.
    static func jsonlFiles(at path: String) throws(Failure) -> [String] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw Failure(code: .input, message: "cannot read '\(path)': \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return [path] }
        guard let dir = opendir(path) else {
            throw Failure(code: .input, message: "cannot list '\(path)': \(String(cString: strerror(errno)))")
        }
        defer { closedir(dir) }
        var found: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let child = path.hasSuffix("/") ? path + name : path + "/" + name
            var childInfo = stat()
            guard stat(child, &childInfo) == 0 else { continue }
            if (childInfo.st_mode & S_IFMT) == S_IFDIR {
                found += try jsonlFiles(at: child)
            } else if name.hasSuffix(".jsonl") {
                found.append(child)
            }
        }
        return found.sorted()
    }

    /// Writes to a temporary file beside `path`, flushes it to disk and renames it over `path`:
    /// a crash or ^C leaves either the old file or the new one, never half of one.
    static func replaceAtomically(_ path: String, with contents: String) throws(Failure) {
        try replaceAtomically(path, bytes: Array(contents.utf8))
    }

    /// The same for binary contents (PNG pictures).
    static func replaceAtomically(_ path: String, bytes: [UInt8]) throws(Failure) {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw writeFailure(path) }
        var ok = true
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var done = 0
            while done < raw.count {
                let wrote = write(fd, base + done, raw.count - done)
                if wrote < 0 && errno == EINTR { continue }
                if wrote <= 0 { ok = false; return }
                done += wrote
            }
        }
        if fsync(fd) != 0 { ok = false }
        if close(fd) != 0 { ok = false }
        guard ok, rename(temporary, path) == 0 else {
            let failure = writeFailure(path)
            unlink(temporary)
            throw failure
        }
    }

    private static func writeFailure(_ path: String) -> Failure {
        Failure(code: .output, message: "cannot write '\(path)': \(String(cString: strerror(errno)))")
    }

    static func readLines(_ path: String, limit: Int) throws(Failure) -> [LineReader.Line] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw Failure(code: .input, message: "cannot read '\(path)': \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var reader = LineReader(fd: fd, limit: limit)
        var lines: [LineReader.Line] = []
        while let line = reader.next() { lines.append(line) }
        if let reason = reader.readErrorMessage {
            throw Failure(code: .input, message: "cannot read '\(path)': \(reason)")
        }
        return lines
    }
}
