import Synchronization
import TextHeight

/// Font faces loaded once per process and path, shared by all batch workers. Failures are
/// remembered too, so 100,000 cases naming a broken font read it once.
final class FaceCache: Sendable {
    private let faces = Mutex<[String: Result<FontFace, FontError>]>([:])

    /// The primary font and its fallback chain at the options' size.
    func fonts(_ options: FontOptions) throws(FontError) -> FontStack {
        let primaryPath = try options.family.map { (family) throws(FontError) in
            try Fontconfig.resolve(family: family, language: options.language)
        } ?? options.font
        let primary = try Font(face: face(primaryPath), size: options.size)
        var fallbacks: [Font] = []
        for entry in options.fallbacks {
            var path = entry
            if entry.hasPrefix(FontOptions.familyPrefix) {
                path = try Fontconfig.resolve(family: String(entry.dropFirst(FontOptions.familyPrefix.count)),
                                              language: options.language)
            }
            fallbacks.append(try Font(face: face(path), size: options.size))
        }
        return try FontStack(primary, fallbacks: fallbacks, language: options.language)
    }

    /// The face at `path`, or the embedded default for nil.
    func face(_ path: String?) throws(FontError) -> FontFace {
        let key = path ?? ""
        if let cached = faces.withLock({ $0[key] }) { return try cached.get() }
        let result: Result<FontFace, FontError>
        do throws(FontError) {
            if let path {
                result = .success(try FontFace(file: path))
            } else {
                result = .success(try FontFace.embeddedDefault())
            }
        } catch {
            result = .failure(error)
        }
        faces.withLock { $0[key] = result }
        return try result.get()
    }
}
