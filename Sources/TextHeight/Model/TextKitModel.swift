/// iOS text measurement: a `UITextView` (its `contentSize` / `sizeThatFits`) or
/// `NSString.boundingRect(with:options:[.usesLineFragmentOrigin, .usesFontLeading])`.
///
/// ```swift
/// let model = TextKitModel(limits: Limits(maxLines: 3))
/// let m = model.measure(try model.prepare("Hello", font: .embeddedDefault(size: 17)), width: 343)
/// m.boxHeight  // 37 = ceil(20.5909… + 8 + 8)
/// ```
public struct TextKitModel: PlatformModel {
    public enum Measure: String, Sendable, CaseIterable {
        /// `UITextView`: insets and lineFragmentPadding apply, an extra line fragment holds the caret
        /// after a trailing line break or in an empty text.
        case textView = "textview"
        /// `boundingRect`: no extra fragment; the seed formula adds insets around the ceiled height.
        case boundingRect = "boundingrect"
    }

    public var measure: Measure
    public var inset: Insets
    public var lineFragmentPadding: Double
    public var paragraph: ParagraphStyle
    public var limits: Limits
    /// Device scale: heights are ceiled to 1/scale point.
    public var scale: Double
    /// CoreText's tracking (the font's `trak`) and the `.kern` / `.tracking` attributes.
    public var spacing: GlyphSpacing

    /// UITextView's `textContainerInset` default (Apple docs).
    public static let textViewInset = Insets(top: 8, right: 0, bottom: 8, left: 0)
    /// NSTextContainer's `lineFragmentPadding` default (Apple docs).
    public static let textViewPadding = 5.0

    /// Insets and padding default per measure: UIKit's for a text view, none for boundingRect.
    public init(measure: Measure = .textView, inset: Insets? = nil, lineFragmentPadding: Double? = nil,
                paragraph: ParagraphStyle = .default, limits: Limits = .none, scale: Double = 1,
                spacing: GlyphSpacing = .coreText) {
        self.spacing = spacing
        self.measure = measure
        self.inset = inset ?? (measure == .textView ? TextKitModel.textViewInset : .zero)
        self.lineFragmentPadding = lineFragmentPadding ?? (measure == .textView ? TextKitModel.textViewPadding : 0)
        self.paragraph = paragraph
        self.limits = limits
        self.scale = scale
    }

    /// CoreText-like breaking: ICU's UAX #14 at the root locale, every breaking white space hangs,
    /// NSParagraphStyle's default tab stops every 28 pt.
    /// CoreText applies the font's `trak` (GlyphSpacing.coreText).
    public static let breakRules = BreakRules(locale: "", hanging: .unicodeWhiteSpace, tabStops: .every(28), fit: .exact,
                                              spacing: .coreText)
    public var breakRules: BreakRules {
        var rules = TextKitModel.breakRules
        rules.spacing = spacing
        return rules
    }

    /// NSTextContainer.lineFragmentPadding applies at both ends of each fragment (Apple docs).
    public func wrapWidth(forWidth width: Double) -> Double {
        width - inset.left - inset.right - 2 * lineFragmentPadding
    }

    public func measure(_ prepared: PreparedText, width: Double, includeLines: Bool) -> Measurement {
        let wrapWidth = wrapWidth(forWidth: width)
        let lineHeight = paragraph.fragmentHeight(natural: naturalLineHeight(prepared.fonts, mask: 1))
        var stack = FragmentStack(paragraph: paragraph)
        var lines: [MeasuredLine] = []
        var overflowing = 0
        var singleLineUsesFallback = false
        prepared.forEachLine(width: wrapWidth) { line, fonts in
            if line.width > wrapWidth + 1e-9 { overflowing += 1 }
            let height = line.fontMask <= 1 ? lineHeight
                : paragraph.fragmentHeight(natural: naturalLineHeight(fonts, mask: line.fontMask))
            singleLineUsesFallback = line.fontMask > 1
            let top = stack.append(line, height: height)
            if includeLines {
                lines.append(MeasuredLine(start: line.start, length: line.end - line.start, width: line.width,
                                          top: top, height: height))
            }
        }
        // NSLayoutManager's extra line fragment: an empty text, or one ending in a hard break,
        // gets an empty fragment for the caret (extraLineFragmentRect). boundingRect adds none.
        if measure == .textView && (prepared.isEmpty || prepared.endsWithLineBreak) {
            let end = prepared.utf16.count
            let top = stack.append(Line(start: end, end: end, width: 0), height: lineHeight)
            if includeLines {
                lines.append(MeasuredLine(start: end, length: 0, width: 0, top: top, height: lineHeight))
            }
        }
        let keepsLastSpacing = measure == .textView || (stack.count == 1 && singleLineUsesFallback)
        let textHeight = stack.textHeight(keepingLastLineSpacing: keepsLastSpacing)
        let content = contentHeight(textHeight: textHeight)
        // Row limits in lines of the primary font: `contentHeight(ofLines:font:)` from the line height at hand.
        let (lower, upper) = limits.bounds { contentHeight(ofLines: $0, lineHeight: lineHeight) }
        let box = Limits.clamp(content, min: lower, max: upper)
        return Measurement(
            boxHeight: box, contentHeight: content, textHeight: textHeight, lineCount: stack.count,
            scrolls: content > box, wrapWidth: wrapWidth, lineHeight: lineHeight,
            minHeight: lower, maxHeight: upper, missingGlyphs: prepared.missingGlyphs,
            overflowingLines: overflowing, lines: lines)
    }

    /// The content height of `lines` lines of the font: a row limit, or a capped placeholder.
    public func contentHeight(ofLines lines: Int, font: Font) -> Double {
        contentHeight(ofLines: lines, lineHeight: paragraph.fragmentHeight(natural: naturalLineHeight(of: font)))
    }

    private func contentHeight(ofLines lines: Int, lineHeight: Double) -> Double {
        let text = FragmentStack.height(ofLines: lines, each: lineHeight, paragraph: paragraph,
                                        keepingLastLineSpacing: measure == .textView)
        return contentHeight(textHeight: text)
    }

    /// `UIFont.lineHeight` = ascender − descender + leading, all from `hhea`, scaled to the size
    /// (for SF: 2444/2048 em, 20.287109375 at 17 pt). A line holding glyphs of several fonts (font
    /// fallback) is as tall as the largest ascent plus the largest descent plus the largest leading
    /// of those fonts (CoreText line metrics; Chinese in the system font makes taller lines
    /// because PingFang's ascent is larger, reported by several write-ups).
    func naturalLineHeight(of font: Font) -> Double {
        let m = font.face.metrics
        return Double(m.hheaAscender - m.hheaDescender + m.hheaLineGap) * font.metricsScale
    }

    /// The fonts of `mask` (bit i = `fonts.fonts[i]`, as `FontStack.fonts(in:)` picks them), without
    /// building their array: this runs per line.
    func naturalLineHeight(_ fonts: borrowing FontStack, mask: UInt32) -> Double {
        let inStack = mask == 0 ? 1 : mask & (fonts.fonts.count >= 32 ? ~0 : (1 << UInt32(fonts.fonts.count)) - 1)
        if inStack != 0 && inStack & (inStack - 1) == 0 {
            return naturalLineHeight(of: fonts.fonts[inStack.trailingZeroBitCount])
        }
        var ascent = 0.0, descent = 0.0, leading = 0.0
        var rest = inStack
        while rest != 0 {
            let font = fonts.fonts[rest.trailingZeroBitCount]
            rest &= rest - 1
            let m = font.face.metrics
            ascent = max(ascent, Double(m.hheaAscender) * font.metricsScale)
            descent = max(descent, Double(-m.hheaDescender) * font.metricsScale)
            leading = max(leading, Double(m.hheaLineGap) * font.metricsScale)
        }
        return ascent + descent + leading
    }

    /// A text view ceils text plus insets together (`contentSize`, `sizeThatFits`); the boundingRect
    /// recipe ceils the text height and then adds the insets (seed 000:
    /// `MIN(MAX(ceil(textHeight) + 9*2, 38), 78)`).
    func contentHeight(textHeight: Double) -> Double {
        switch measure {
        case .textView: return ceil(textHeight + inset.vertical, scale: scale)
        case .boundingRect: return ceil(textHeight, scale: scale) + inset.vertical
        }
    }
}
