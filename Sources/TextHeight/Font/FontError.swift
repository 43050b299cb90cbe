/// Why a font could not be used; `message` is the sentence a user reads.
public enum FontError: Error, Equatable, Sendable {
    case notFound(path: String)
    case unreadable(path: String, reason: String)
    case notAFont(path: String, reason: String)
    case faceIndexOutOfRange(path: String, index: Int, faces: Int)
    case missingTable(path: String, table: String)
    case invalidSize(Double)
    case tooManyFallbacks(Int)
    case familyNotFound(family: String, substitute: String?)

    public var message: String {
        switch self {
        case .notFound(let path):
            return "font '\(path)' does not exist"
        case .unreadable(let path, let reason):
            return "font '\(path)' cannot be read: \(reason)"
        case .notAFont(let path, let reason):
            return "'\(path)' is not a usable font file: \(reason)"
        case .faceIndexOutOfRange(let path, let index, let faces):
            return "font '\(path)' has \(faces) face\(faces == 1 ? "" : "s"); #\(index) does not exist"
        case .missingTable(let path, let table):
            return "font '\(path)' has no '\(table)' table, which line heights are read from"
        case .familyNotFound(let family, let substitute):
            if let substitute {
                return "font family '\(family)' is not installed (fontconfig would substitute '\(substitute)')"
            }
            return "font family '\(family)' is not installed"
        case .tooManyFallbacks(let count):
            return "\(count) fallback fonts given; at most \(FontStack.maxFonts - 1) are supported"
        case .invalidSize(let size):
            return "font size must be a finite number > 0, got \(size)"
        }
    }
}
