import CHarfBuzz

/// CSS `text-spacing-trim: normal` as Blink implements it (han_kerning.cc, "HanKerning"):
/// fullwidth CJK punctuation set next to other punctuation loses the blank half of its em box
/// through the font's `halt` feature.
/// - adjacent pairs: an opening bracket after an opening, middle, closing or narrow opening
///   character is trimmed; a closing one before a closing, middle or narrow closing character is
///   trimmed (`ShouldKern`, `ShouldKernLast`);
/// - under `normal` no opening bracket is trimmed at a line start, not even one a pair trimmed: Blink
///   shapes a line's start without the previous line's context. Measured in Chromium 156 at 16 px
///   (issue 16): a lone "（" is 16.016 px, "（" + 15 ideographs take two lines at 252 px, "一，（三" at
///   40 px sets the "（" starting line 2 full width, "一二（（三" trims only the second "（";
///   `space-first` trims it on wrapped lines and `trim-start` on every line (text_spacing_trim.h,
///   PreparedText.lineStartTrim);
/// - `allow-end`: a closing bracket or quote ending a line is trimmed when that makes the line fit,
///   not before a mandatory break; not dots or colons: Chromium 156 kept "序。" off a line that a
///   trimmed "。" would fit.
/// Dots (、。，．), colons and quotes are classified per font from their glyph bounds, as Blink
/// does: Simplified-Chinese fonts set them in the left half (closing), Traditional centred.
enum HanKerning {
    enum CharType: Equatable {
        case other, open, close, middle, openNarrow, closeNarrow
        case dot, colon, semicolon, openQuote, closeQuote
    }

    /// Character::GetHanKerningCharType: the type before the font is consulted.
    static func staticType(_ c: UInt16) -> CharType {
        guard mayHaveType(c) else { return .other }
        switch c {
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E: return .dot
        case 0xFF1A: return .colon
        case 0xFF1B: return .semicolon
        case 0x201C, 0x2018: return .openQuote
        case 0x201D, 0x2019: return .closeQuote
        case 0x3000, 0x30FB: return .middle
        default: break
        }
        // General categories Ps / Pe: fullwidth forms and CJK symbols are fullwidth, others narrow.
        let fullwidth = (0x3000...0x303F).contains(c) || (0xFF00...0xFFEF).contains(c)
        if isOpening(c) { return fullwidth ? .open : .openNarrow }
        if isClosing(c) { return fullwidth ? .close : .closeNarrow }
        return .other
    }

    /// Whether `staticType(c)` may be other than `.other`: every character it types is an ASCII
    /// bracket or lies in ‘ … ”, U+3000 … ・ or the fullwidth forms to ｣. Most of a text fails here.
    @inline(__always)
    static func mayHaveType(_ c: UInt16) -> Bool {
        // ASCII: ( ) [ ] { } as bits of two words (a shift, no branch a character).
        if c < 0x80 {
            let word: UInt64 = c < 0x40 ? 1 << 0x28 | 1 << 0x29 : 1 << (0x5B - 0x40) | 1 << (0x5D - 0x40)
                | 1 << (0x7B - 0x40) | 1 << (0x7D - 0x40)
            return word >> UInt64(c & 0x3F) & 1 != 0
        }
        return c &- 0x2018 < 6 || c &- 0x3000 < 0xFC || c &- 0xFF00 < 0x64
    }

    /// The first position from `start` on whose character `mayHaveType`, or `text.count`: a loop of
    /// its own, so that the scan over a whole text keeps its few registers.
    static func firstCandidate(in text: UnsafeBufferPointer<UInt16>, from start: Int) -> Int {
        var i = start
        while i < text.count && !mayHaveType(text[i]) { i += 1 }
        return i
    }

    /// HanKerning::GetCharType: dots, colons and quotes resolved by the font.
    static func type(_ c: UInt16, font data: FontData) -> CharType {
        switch staticType(c) {
        case .dot: return data.dot
        case .colon: return data.colon
        case .semicolon: return data.semicolon
        case .openQuote: return data.quotesFullwidth ? .open : .openNarrow
        case .closeQuote: return data.quotesFullwidth ? .close : .closeNarrow
        case let other: return other
        }
    }

    static func shouldKern(_ type: CharType, after last: CharType) -> Bool {
        type == .open && (last == .open || last == .middle || last == .close || last == .openNarrow)
    }

    static func shouldKernLast(_ type: CharType, after last: CharType) -> Bool {
        last == .close && (type == .close || type == .middle || type == .closeNarrow)
    }

    private static func isOpening(_ c: UInt16) -> Bool {
        switch c {
        case 0x28, 0x5B, 0x7B, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D,
             0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62: return true
        default: return false
        }
    }

    private static func isClosing(_ c: UInt16) -> Bool {
        switch c {
        case 0x29, 0x5D, 0x7D, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301E, 0x301F,
             0xFF09, 0xFF3D, 0xFF5D, 0xFF60, 0xFF63: return true
        default: return false
        }
    }

    /// HanKerning::FontData: what a font's punctuation glyphs look like.
    struct FontData: Sendable, Equatable {
        var dot: CharType = .other
        var colon: CharType = .other
        var semicolon: CharType = .other
        var quotesFullwidth = false
    }

    /// Reads a face: nil when it has no `halt` feature (nothing can be trimmed).
    /// `language`: HanKerning::FontData shapes the probes in the text's locale, so localized forms
    /// count (Noto Sans CJK's Japanese quotes are proportional: not fullwidth, never trimmed).
    static func fontData(face: OpaquePointer, font: OpaquePointer, language: String? = nil) -> FontData? {
        guard hasFeature(face, "halt") else { return nil }
        let chars: [UInt16] = [0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0x201C, 0x2018, 0x201D, 0x2019]
        guard let buffer = hb_buffer_create() else { return nil }
        defer { hb_buffer_destroy(buffer) }
        chars.withUnsafeBufferPointer { hb_buffer_add_utf16(buffer, $0.baseAddress, Int32(chars.count), 0, Int32(chars.count)) }
        hb_buffer_set_script(buffer, HB_SCRIPT_HAN)
        if let language { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count), Int(count) == chars.count
        else { return nil }
        var types: [CharType] = []
        var advances: [Int32] = []
        for i in 0..<Int(count) {
            guard infos[i].codepoint != 0, Int(infos[i].cluster) == i else { return nil }
            var extents = hb_glyph_extents_t()
            hb_font_get_glyph_extents(font, infos[i].codepoint, &extents)
            let left = Double(extents.x_bearing + positions[i].x_offset)
            let width = Double(extents.width)
            let half = Double(positions[i].x_advance) / 2
            // CharTypeFromBounds: ink in the left half is closing, in the right half opening.
            if left + width <= half { types.append(.close) }
            else if left >= half { types.append(.open) }
            else if width <= half && left >= half / 2 { types.append(.middle) }
            else { types.append(.other) }
            advances.append(positions[i].x_advance)
        }
        func group(_ range: Range<Int>) -> CharType {
            let first = range.lowerBound
            return range.allSatisfy { advances[$0] == advances[first] && types[$0] == types[first] } ? types[first] : .other
        }
        return FontData(dot: group(0..<4), colon: types[4], semicolon: types[5],
                        quotesFullwidth: group(6..<8) == .open && group(8..<10) == .close)
    }

    private static func hasFeature(_ face: OpaquePointer, _ tag: String) -> Bool {
        let bytes = Array(tag.utf8)
        let wanted = UInt32(bytes[0]) << 24 | UInt32(bytes[1]) << 16 | UInt32(bytes[2]) << 8 | UInt32(bytes[3])
        var tags = [hb_tag_t](repeating: 0, count: 64)
        var start: UInt32 = 0
        while true {
            var count = UInt32(tags.count)
            let total = hb_ot_layout_table_get_feature_tags(face, UInt32(0x4750_4F53) /* GPOS */, start, &count, &tags)
            if tags.prefix(Int(count)).contains(wanted) { return true }
            start += count
            if count == 0 || start >= total { return false }
        }
    }
}
