/// One line fragment of a laid-out text.
public struct Line: Sendable, Equatable {
    /// UTF-16 offsets into the text: the line covers `start..<end`, its hanging white space and
    /// line-break character included.
    public var start: Int
    public var end: Int
    /// The advance of the line's content in points, hanging white space excluded.
    public var width: Double
    /// The line ends at a mandatory break (LF, CR, U+2028, …).
    public var endsWithLineBreak: Bool
    /// That break also ends the paragraph (everything but U+2028).
    public var endsParagraph: Bool
    /// The line ends inside a word that was wider than the whole line (broken between graphemes).
    public var isEmergencyBreak: Bool
    /// The fonts of the stack used on the line (bit i = font i); 0 for an empty line.
    public var fontMask: UInt32
    /// CSS text-spacing-trim: what the closing bracket ending the line gave back to make it fit (allow-end).
    public var endTrim: Double

    public init(start: Int, end: Int, width: Double, endsWithLineBreak: Bool = false,
                endsParagraph: Bool = false, fontMask: UInt32 = 0, isEmergencyBreak: Bool = false,
                endTrim: Double = 0) {
        self.fontMask = fontMask
        self.endTrim = endTrim
        self.start = start
        self.end = end
        self.width = width
        self.endsWithLineBreak = endsWithLineBreak
        self.endsParagraph = endsParagraph
        self.isEmergencyBreak = isEmergencyBreak
    }
}
