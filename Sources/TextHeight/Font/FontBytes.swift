import Glibc

/// The bytes of a font file, owned for the lifetime of the face that reads them.
final class FontBytes: @unchecked Sendable {
    let pointer: UnsafeRawPointer
    let count: Int
    private let owned: UnsafeMutableRawPointer?
    /// Mapped from the file (`munmap` on deinit) rather than copied (`free`).
    private let mapped: Bool

    /// Bytes compiled into the binary; never freed.
    init(static pointer: UnsafeRawPointer, count: Int) {
        self.pointer = pointer
        self.count = count
        self.owned = nil
        self.mapped = false
    }

    /// A private copy of `bytes`.
    init(copying bytes: [UInt8], name: String) throws(FontError) {
        guard let buffer = malloc(max(bytes.count, 1)) else {
            throw .unreadable(path: name, reason: "out of memory for \(bytes.count) bytes")
        }
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { buffer.copyMemory(from: base, byteCount: bytes.count) }
        }
        pointer = UnsafeRawPointer(buffer)
        count = bytes.count
        owned = buffer
        mapped = false
    }

    /// Maps a whole file read-only, or reads it where it cannot be mapped, with POSIX calls (the
    /// library stays free of Foundation). Mapping makes loading cost what is read of the file, not
    /// its size: a face of the 20 MB Noto CJK collection reads a few tables (FreeType maps fonts
    /// the same way, FT_Stream_Open on Unix).
    init(contentsOf path: String) throws(FontError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            let code = errno
            if code == ENOENT { throw .notFound(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .unreadable(path: path, reason: "not a regular file")
        }
        let size = Int(info.st_size)
        guard size > 0 else { throw .notAFont(path: path, reason: "the file is empty") }
        if let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED {
            self.pointer = UnsafeRawPointer(map)
            self.count = size
            self.owned = map
            self.mapped = true
            return
        }
        guard let buffer = malloc(size) else {
            throw .unreadable(path: path, reason: "out of memory for \(size) bytes")
        }
        var done = 0
        while done < size {
            let got = read(fd, buffer + done, size - done)
            if got < 0 && errno == EINTR { continue }
            if got <= 0 {
                free(buffer)
                throw .unreadable(path: path, reason: got == 0 ? "file shrank while reading" : String(cString: strerror(errno)))
            }
            done += got
        }
        self.pointer = UnsafeRawPointer(buffer)
        self.count = size
        self.owned = buffer
        self.mapped = false
    }

    deinit {
        if mapped {
            munmap(owned, count)
        } else {
            free(owned)
        }
    }
}
