import Glibc

// Which files are catalogs, by name, and reading one: the only place `strings` touches the file
// system for catalogs (reading only: nothing is ever written beside them).

enum CatalogFiles {
    /// A catalog file and the format its name says.
    struct Found: Equatable {
        var path: String
        var format: CatalogFormat
    }

    /// The format of a file named on the command line: by its extension (`.xml` is an Android
    /// resource file whatever its name).
    static func format(ofFile path: String) -> CatalogFormat? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasSuffix(".xcstrings") { return .xcstrings }
        if name.hasSuffix(".arb") { return .arb }
        if name.hasSuffix(".xlf") || name.hasSuffix(".xliff") { return .xliff }
        if name.hasSuffix(".xml") { return .android }
        return nil
    }

    /// The format of a file met in a directory: Android's only as `values*/strings.xml`.
    static func format(inDirectory path: String) -> CatalogFormat? {
        let parts = path.split(separator: "/")
        guard let name = parts.last else { return nil }
        if name == "strings.xml" {
            return parts.count >= 2 && parts[parts.count - 2].hasPrefix("values") ? .android : nil
        }
        guard let format = format(ofFile: path), format != .android else { return nil }
        return format
    }

    /// `path` itself when a file; the catalogs below it, sorted by path, when a directory. Hidden
    /// directories and symbolic links to directories are not entered.
    static func find(_ path: String) throws(Failure) -> [Found] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw Failure(code: .input, message: "cannot read '\(path)': \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            guard let format = format(ofFile: path) else {
                throw Failure(code: .usage, message: "'\(path)' is not a catalog textheight reads (.xcstrings, .xml, .arb, .xlf, .xliff)")
            }
            return [Found(path: path, format: format)]
        }
        var found: [Found] = []
        try walk(path, depth: 0, into: &found)
        return found.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    private static func walk(_ directory: String, depth: Int, into found: inout [Found]) throws(Failure) {
        guard depth < 64, let dir = opendir(directory) else {
            if depth >= 64 { return }
            throw Failure(code: .input, message: "cannot list '\(directory)': \(String(cString: strerror(errno)))")
        }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            let child = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var info = stat()
            guard lstat(child, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: try walk(child, depth: depth + 1, into: &found)
            case S_IFREG, S_IFLNK:
                if (info.st_mode & S_IFMT) == S_IFLNK {
                    // A link to a file counts; a link to a directory is not followed (no loops).
                    var target = stat()
                    guard stat(child, &target) == 0, (target.st_mode & S_IFMT) == S_IFREG else { continue }
                }
                if let format = format(inDirectory: child) { found.append(Found(path: child, format: format)) }
            default: continue
            }
        }
    }

    /// Catalogs larger than this are refused (exit 4) rather than read.
    static let maxBytes = 64 << 20

    static func bytes(of path: String) throws(Failure) -> [UInt8] {
        do { return try InputFile.read(path: path, limit: maxBytes) } catch {
            switch error {
            case .open(let reason): throw Failure(code: .input, message: "cannot read '\(path)': \(reason)")
            case .tooLarge(let limit): throw Failure(code: .input, message: "'\(path)' is larger than \(limit) bytes")
            }
        }
    }
}

/// The readers behind one entry point: (file name, bytes) to a catalog or a located error. The
/// name is read for the format and, for Android and ARB, the locale; nothing else.
enum CatalogReader {
    struct Settings: Equatable, Sendable {
        /// The language of Android's bare `values/` without `tools:locale`, and of an ARB file
        /// that names none.
        var sourceLocale = "en"
        /// ARB: ICU apostrophe quoting (gen-l10n's `use-escaping: true`).
        var arbQuoting = false
    }

    static func read(path: String, format: CatalogFormat, bytes: [UInt8],
                     settings: Settings = Settings()) -> Result<Catalog, CatalogError> {
        do throws(CatalogError) {
            switch format {
            case .xcstrings: return .success(try XCStringsReader.read(bytes))
            case .android: return .success(try AndroidResourcesReader.read(path: path, bytes, sourceLocale: settings.sourceLocale))
            case .arb: return .success(try ARBReader.read(path: path, bytes, sourceLocale: settings.sourceLocale,
                                                          quoting: settings.arbQuoting))
            case .xliff: return .success(try XLIFFReader.read(bytes))
            }
        } catch {
            return .failure(error)
        }
    }
}
