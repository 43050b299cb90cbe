/// The CSS text properties a chat textarea may set that move line breaks (css-text-3/4), as
/// Chromium 156 supports them. Each default is CSS's initial value (a textarea's
/// `overflow-wrap: break-word` is the one UA default).
///
/// ```swift
/// var text = CSSText()
/// text.wordBreak = .keepAll          // Korean sites keep words whole
/// text.letterSpacing = .em(0.02)
/// let model = CSSModel(text: text)
/// ```
public struct CSSText: Sendable, Equatable {
    /// A length that may be relative to the font size.
    public enum Length: Sendable, Equatable {
        case px(Double)
        case em(Double)

        func pixels(fontSize: Double) -> Double {
            switch self {
            case .px(let value): return value
            case .em(let value): return value * fontSize
            }
        }
    }

    public enum WordBreak: String, Sendable, CaseIterable {
        case normal
        /// No breaks between letters or numbers (Hangul, ideographs); Blink `kKeepAll`.
        case keepAll = "keep-all"
        /// Breaks between letters of most scripts; Blink `kBreakAll`.
        case breakAll = "break-all"
        /// Deprecated: `normal` with `overflow-wrap: anywhere`.
        case breakWord = "break-word"
    }

    public enum LineBreak: String, Sendable, CaseIterable {
        case auto, loose, normal, strict
        /// A break opportunity between every two grapheme clusters; Blink `kBreakCharacter`.
        case anywhere
    }

    public enum OverflowWrap: String, Sendable, CaseIterable {
        /// A word wider than the line overflows it.
        case normal
        /// A word wider than the line is broken between graphemes (a textarea's default).
        case breakWord = "break-word"
        /// The same at a given width (it differs only in min-content sizes).
        case anywhere
    }

    public enum TabSize: Sendable, Equatable {
        /// A number of advances of the space (CSS `tab-size: 8`).
        case spaces(Double)
        /// A length (`tab-size: 20px`, `1.5em`).
        case length(Length)
    }

    /// CSS `text-spacing-trim`, the values Chromium 156 accepts (text_spacing_trim.h).
    public enum TextSpacingTrim: String, Sendable, CaseIterable {
        /// Adjacent pairs trimmed, closing punctuation trimmed when it ends a line to fit.
        case normal
        /// No trimming.
        case spaceAll = "space-all"
        /// `normal`, and opening punctuation trimmed at the start of a wrapped line.
        case spaceFirst = "space-first"
        /// `normal`, and opening punctuation trimmed at the start of every line.
        case trimStart = "trim-start"
    }

    public var letterSpacing: Length
    public var wordSpacing: Length
    public var wordBreak: WordBreak
    public var lineBreak: LineBreak
    public var overflowWrap: OverflowWrap
    public var tabSize: TabSize
    public var textSpacingTrim: TextSpacingTrim

    public init(letterSpacing: Length = .px(0), wordSpacing: Length = .px(0), wordBreak: WordBreak = .normal,
                lineBreak: LineBreak = .auto, overflowWrap: OverflowWrap = .breakWord, tabSize: TabSize = .spaces(8),
                textSpacingTrim: TextSpacingTrim = .normal) {
        self.letterSpacing = letterSpacing
        self.wordSpacing = wordSpacing
        self.wordBreak = wordBreak
        self.lineBreak = lineBreak
        self.overflowWrap = overflowWrap
        self.tabSize = tabSize
        self.textSpacingTrim = textSpacingTrim
    }
}

extension CSSText.Length {
    /// Parses a CSS length as written: `2px`, `0.1em`, `-0.5px`, or `0` (nil for anything else).
    public init?(css: String) {
        if css.hasSuffix("px"), let value = Double(css.dropLast(2)), value.isFinite {
            self = .px(value)
        } else if css.hasSuffix("em"), let value = Double(css.dropLast(2)), value.isFinite {
            self = .em(value)
        } else if css == "0" || css == "normal" {  // `letter-spacing: normal` computes to 0
            self = .px(0)
        } else {
            return nil
        }
    }
}

extension CSSText.TabSize {
    /// Parses CSS `tab-size`: a non-negative number of spaces (`8`) or length (`20px`, `1.5em`).
    public init?(css: String) {
        if let spaces = Double(css), spaces.isFinite, spaces >= 0 {
            self = .spaces(spaces)
        } else if let length = CSSText.Length(css: css), css != "normal" {
            switch length {
            case .px(let value), .em(let value): if value < 0 { return nil }
            }
            self = .length(length)
        } else {
            return nil
        }
    }
}
