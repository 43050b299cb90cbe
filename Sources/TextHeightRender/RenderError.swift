/// Why a picture could not be made; `message` is one line for a command-line tool.
public enum RenderError: Error, Sendable, Equatable {
    /// The picture or a glyph would exceed the drawing limits.
    case tooLarge(String)
    /// FreeType refused a font the measuring path had accepted (it should not happen).
    case font(String)
    /// libpng could not encode the canvas.
    case png(String)

    public var message: String {
        switch self {
        case .tooLarge(let m), .font(let m), .png(let m): return m
        }
    }
}
