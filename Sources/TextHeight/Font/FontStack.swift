/// A primary font and its fallbacks, all at one size: for each character the primary font lacks,
/// the first font of the chain that has it is used (per grapheme cluster, as browsers do).
public struct FontStack: Sendable {
    /// `fonts[0]` is the primary font.
    public private(set) var fonts: [Font]
    public var primary: Font { fonts[0] }
    /// BCP 47 language of the text (`ja`, `zh-Hans`), or nil: HarfBuzz picks localized forms
    /// (`locl`) with it and ICU tailors line breaking (Japanese kinsoku) with it.
    public var language: String?

    /// The most fonts one stack may hold (lines record the fonts they use in a 32-bit set).
    public static let maxFonts = 32

    public init(_ primary: Font, fallbacks: [Font] = [], language: String? = nil) throws(FontError) {
        guard fallbacks.count < FontStack.maxFonts else { throw .tooManyFallbacks(fallbacks.count) }
        fonts = [primary] + fallbacks
        self.language = language
    }

    /// One font alone: always within the limit.
    init(unchecked primary: Font) { fonts = [primary] }

    /// The same chain with every font changed alike.
    func map(_ transform: (Font) -> Font) -> FontStack {
        var stack = self
        stack.fonts = fonts.map(transform)
        return stack
    }

    /// The fonts of a set of font indices (bit i = fonts[i]), the primary when the set is empty.
    func fonts(in mask: UInt32) -> [Font] {
        if mask == 0 { return [primary] }
        return fonts.indices.filter { mask & (1 << UInt32($0)) != 0 }.map { fonts[$0] }
    }

    /// The indices `fonts(in: mask)` picks, as a set: bits beyond the stack dropped, the primary's
    /// when `mask` is empty. Per-line heights walk it without building the array.
    func indices(in mask: UInt32) -> UInt32 {
        mask == 0 ? 1 : mask & (fonts.count >= 32 ? ~0 : (1 << UInt32(fonts.count)) - 1)
    }
}
