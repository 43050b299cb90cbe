// textheight: how tall will this text box be?
//
// The flow: a Font (FreeType + HarfBuzz) → PreparedText (ICU break opportunities, HarfBuzz widths,
// once per text) → layout at a width (greedy lines, arithmetic only) → a PlatformModel turns the
// lines into a box height with the platform's insets, line heights, rounding and limits.

/// What to show when the text is empty: chat inputs size themselves to their placeholder
/// (RSKGrowingTextView, react-textarea-autosize), optionally capped to a number of lines
/// (KTAutoHeightTextView draws it on one tail-truncated line).
public struct Placeholder: Sendable, Equatable {
    public var text: String
    public var maxLines: Int?

    public init(_ text: String, maxLines: Int? = nil) {
        self.text = text
        self.maxLines = maxLines
    }
}

/// A text prepared once and measured at one or more widths.
public struct MeasureRequest: Sendable {
    public var text: String
    public var placeholder: Placeholder?
    public var fonts: FontStack
    public var widths: [Double]
    public var includeLines: Bool

    public init(text: String, placeholder: Placeholder? = nil, font: Font, widths: [Double], includeLines: Bool = false) {
        self.init(text: text, placeholder: placeholder, fonts: FontStack(unchecked: font), widths: widths,
                  includeLines: includeLines)
    }

    public init(text: String, placeholder: Placeholder? = nil, fonts: FontStack, widths: [Double],
                includeLines: Bool = false) {
        self.text = text
        self.placeholder = placeholder
        self.fonts = fonts
        self.widths = widths
        self.includeLines = includeLines
    }
}

/// The result at one width, and whether the placeholder stood in for an empty text.
public struct MeasureResult: Sendable, Equatable {
    public var width: Double
    public var measurement: Measurement
    public var measuredPlaceholder: Bool
}

extension PlatformModel {
    /// Prepares the text (or its placeholder) once and measures it at every requested width.
    public func measure(_ request: MeasureRequest, shaper: Shaper? = nil) throws(TextError) -> [MeasureResult] {
        if sizesToPlaceholder, let hint = request.placeholder?.text, !hint.isEmpty {
            let shaper = shaper ?? Shaper()
            let prepared = try prepare(request.text, fonts: request.fonts, shaper: shaper)
            let placeholder = try prepare(hint, fonts: request.fonts, shaper: shaper)
            return request.widths.map { width in
                MeasureResult(width: width, measurement: measure(prepared, placeholder: placeholder, width: width,
                                                                 includeLines: request.includeLines),
                              measuredPlaceholder: request.text.isEmpty)
            }
        }
        let usePlaceholder = request.text.isEmpty && !(request.placeholder?.text.isEmpty ?? true)
        let text = usePlaceholder ? request.placeholder?.text ?? "" : request.text
        let prepared = try prepare(text, fonts: request.fonts, shaper: shaper ?? Shaper())
        return request.widths.map { width in
            var m = measure(prepared, width: width, includeLines: request.includeLines)
            if usePlaceholder, let cap = request.placeholder?.maxLines, m.lineCount > cap {
                m = capped(m, toLines: cap, font: request.fonts.primary)
            }
            return MeasureResult(width: width, measurement: m, measuredPlaceholder: usePlaceholder)
        }
    }

    /// A placeholder measured as its first `lines` lines (the rest is truncated from view).
    private func capped(_ m: Measurement, toLines lines: Int, font: Font) -> Measurement {
        var m = m
        m.contentHeight = contentHeight(ofLines: lines, font: font)
        m.lineCount = lines
        m.lines = Array(m.lines.prefix(lines))
        m.boxHeight = Limits.clamp(m.contentHeight, min: m.minHeight, max: m.maxHeight)
        m.scrolls = m.contentHeight > m.boxHeight
        return m
    }
}
