/// The `NSParagraphStyle` properties that change line heights, in points. Zero means unset,
/// as in UIKit.
public struct ParagraphStyle: Sendable, Equatable {
    public var lineHeightMultiple: Double
    public var lineSpacing: Double
    public var minimumLineHeight: Double
    public var maximumLineHeight: Double
    public var paragraphSpacing: Double
    public var paragraphSpacingBefore: Double

    public init(lineHeightMultiple: Double = 0, lineSpacing: Double = 0, minimumLineHeight: Double = 0,
                maximumLineHeight: Double = 0, paragraphSpacing: Double = 0, paragraphSpacingBefore: Double = 0) {
        self.lineHeightMultiple = lineHeightMultiple
        self.lineSpacing = lineSpacing
        self.minimumLineHeight = minimumLineHeight
        self.maximumLineHeight = maximumLineHeight
        self.paragraphSpacing = paragraphSpacing
        self.paragraphSpacingBefore = paragraphSpacingBefore
    }

    public static let `default` = ParagraphStyle()

    /// A line fragment's height from the font's natural line height: `lineHeightMultiple` (> 0)
    /// multiplies it, then `minimumLineHeight`/`maximumLineHeight` clamp it, 0 meaning no bound
    /// (NSParagraphStyle docs; RSKGrowingTextView computes a line the same way).
    func fragmentHeight(natural: Double) -> Double {
        var height = lineHeightMultiple > 0 ? natural * lineHeightMultiple : natural
        if maximumLineHeight > 0 { height = min(height, maximumLineHeight) }
        if minimumLineHeight > 0 { height = max(height, minimumLineHeight) }
        return height
    }
}
