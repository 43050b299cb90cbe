import Synchronization
import TextHeight

/// Font faces loaded once per process and path, shared by all batch workers. Failures are
/// remembered too, so 100,000 cases naming a broken font read it once.
final class FaceCache: Sendable {
    private let faces = Mutex<[String: Result<FontFace, FontError>]>([:])

    func font(_ options: FontOptions) throws(FontError) -> Font {
        let key = options.font ?? ""
        let cached = faces.withLock { $0[key] }
        let result: Result<FontFace, FontError>
        if let cached {
            result = cached
        } else {
            do throws(FontError) {
                if let path = options.font {
                    result = .success(try FontFace(file: path))
                } else {
                    result = .success(try FontFace.embeddedDefault())
                }
            } catch {
                result = .failure(error)
            }
            faces.withLock { $0[key] = result }
        }
        return try Font(face: result.get(), size: options.size)
    }
}
