/// Why a text could not be prepared; `message` is the sentence a user reads.
public enum TextError: Error, Equatable, Sendable {
    case tooLong(units: Int, limit: Int)
    case segmentation(String)

    public var message: String {
        switch self {
        case .tooLong(let units, let limit):
            return "text has \(units) UTF-16 code units; the limit is \(limit)"
        case .segmentation(let detail):
            return detail
        }
    }
}
