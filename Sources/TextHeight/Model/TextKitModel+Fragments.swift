/// Line fragments stacked the way TextKit 1 stacks them.
///
/// - `lineSpacing` is part of every line fragment's height, the last included (NSParagraphStyle
///   and NSTypesetter docs: "included in the line fragment heights in the layout manager"), so a
///   text view's content carries one lineSpacing below its last line.
/// - `boundingRect` trims it after the last line ("the last spacing is truncated") except for the
///   single-line quirk: a one-line string that uses a fallback font (Chinese in the system font)
///   keeps it, a plain one-font line does not (SO 32291105, joeshang's and amadman's write-ups).
/// - Between paragraphs, the earlier one's `paragraphSpacing` plus the later one's
///   `paragraphSpacingBefore` (NSParagraphStyle docs); neither before the first paragraph nor after
///   the last, since TextKit keeps paragraph spacing out of the used rect (NSTypesetter docs).
struct FragmentStack {
    let paragraph: ParagraphStyle
    private(set) var count = 0
    private var top = 0.0
    private var lastHeight = 0.0
    private var previousEndsParagraph = false

    init(paragraph: ParagraphStyle) {
        self.paragraph = paragraph
    }

    /// Stacks `line`'s fragment, `height` tall; returns its top.
    @discardableResult
    mutating func append(_ line: Line, height: Double) -> Double {
        if count > 0 {
            top += lastHeight + paragraph.lineSpacing
            if previousEndsParagraph { top += paragraph.paragraphSpacing + paragraph.paragraphSpacingBefore }
        }
        lastHeight = height
        previousEndsParagraph = line.endsParagraph
        count += 1
        return top
    }

    /// The stacked height, with or without the last fragment's lineSpacing.
    func textHeight(keepingLastLineSpacing: Bool) -> Double {
        if count == 0 { return 0 }
        return top + lastHeight + (keepingLastLineSpacing ? paragraph.lineSpacing : 0)
    }

    /// The height of `lines` lines of one paragraph, each `height` tall: what a row limit means.
    /// The closed form of appending them one by one.
    static func height(ofLines lines: Int, each height: Double, paragraph: ParagraphStyle,
                       keepingLastLineSpacing: Bool) -> Double {
        guard lines > 0 else { return 0 }
        let gaps = Double(lines - 1) + (keepingLastLineSpacing ? 1 : 0)
        return Double(lines) * height + gaps * paragraph.lineSpacing
    }
}
