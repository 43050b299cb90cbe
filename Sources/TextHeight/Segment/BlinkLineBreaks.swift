import CTextHeight

/// Blink's line-break opportunities (text_break_iterator.cc, `NextBreakablePosition` with
/// `BreakSpaceType::kAfterSpaceRun`), applied over ICU's, in Blink's order:
/// - after a run of spaces or tabs, a break before whatever follows;
/// - between two printable ASCII characters, Blink's own `kAsciiLineBreakTable` decides (breaks
///   before `(` `<` `[` `{` after some punctuation, after `-` and `?`; none after `/`), and `-`
///   before a digit breaks only after an ASCII letter or digit (`ABCD-1234`, not `-5`);
/// - `word-break: break-all` adds the breaks of `kBreakAllLineBreakClassTable` (between letters,
///   numbers and most punctuation, by UAX #14 class; combining marks keep the class before them);
/// - `word-break: keep-all` removes breaks between two letters or numbers (`ShouldKeepAfterKeepAll`),
///   except where the ASCII table breaks and for SA scripts (Thai keeps its dictionary breaks);
/// - where either side is beyond ASCII (U+00A0 excepted), ICU's UAX #14 iterator decides, with
///   the Unicode 15.1 rules that Chromium's newer ICU has and ICU 72 lacks: LB21a (after a Hebrew
///   letter and a hyphen or maqaf, a break before another Hebrew letter: `חד־פעמית`) and LB19a
///   (quotation marks between East Asian characters: 为|“自动”|时).
enum BlinkLineBreaks {
    /// The walk over a text's positions in order, ICU's boundaries handed in as they come: each
    /// position is decided once, with ICU's verdict there. Its state is a struct's, not variables
    /// a closure captures (those were checked for exclusive access at every position).
    struct Walk {
        let text: UnsafeBufferPointer<UInt16>
        /// `normal`, `keepAll` or `breakAll` (`anywhere`'s breaks inside words are every grapheme boundary:
        /// `forEachLine` takes them there; the segments end at `normal`'s).
        let breaking: BreakRules.WordBreaking
        private var i = 1  // the next position to decide

        init(text: UnsafeBufferPointer<UInt16>, breaking: BreakRules.WordBreaking) {
            self.text = text
            self.breaking = breaking
        }

        /// The next opportunity up to `boundary`: the positions before it are decided where ICU gave
        /// none, `boundary` itself with `icu`; nil when none is left (0 < position < text.count).
        /// Returned, not handed to a closure: an unspecialized closure call copied its whole context.
        mutating func next(through boundary: Int, icu: Bool) -> (position: Int, isHard: Bool)? {
            let end = min(boundary, text.count)
            if breaking == .normal {
                // Each unit's `plainKind` once, carried to the next position: the pair test then costs
                // a bit test a position (most of a text).
                var before = i < end ? plainKind(text[i - 1]) : 0
                while i < end {
                    let current = text[i]
                    let kind = plainKind(current)
                    let position = i
                    i += 1
                    if current == 0x20 || before & plainBefore != 0 && kind & plainAfter != 0 {
                        before = kind
                        continue
                    }
                    before = kind
                    if let isHard = decide(position, icu: false) { return (position, isHard) }
                }
            }
            while i < end {
                let position = i
                i += 1
                if let isHard = decide(position, icu: false) { return (position, isHard) }
            }
            if i == boundary && i < text.count {
                let position = i
                i += 1
                // ICU's break between two characters beyond U+00A0 (CJK, most scripts) stands under
                // word-break normal: no Blink rule takes it back (the same test holds it).
                if icu && breaking == .normal && text[position - 1] > 0xA0 && text[position] > 0xA0
                    && !CharacterClass.isLineBreak(text[position - 1]) {
                    return (position, false)
                }
                if let isHard = decide(position, icu: icu) { return (position, isHard) }
            }
            return nil
        }

        /// nil: no opportunity before `position`; else whether it is mandatory.
        @inline(__always)
        private mutating func decide(_ position: Int, icu: Bool) -> Bool? {
            if CharacterClass.isLineBreak(text[position - 1]) {
                return icu ? true : nil  // mandatory; none between CR and LF
            }
            return allowsBreak(text, before: position, icu: icu, breaking: breaking) ? false : nil
        }
    }

    /// Whether a line may break before `text[i]` (0 < i < count), given ICU's verdict there.
    @inline(__always)
    static func allowsBreak(_ text: UnsafeBufferPointer<UInt16>, before i: Int, icu: Bool,
                            breaking: BreakRules.WordBreaking) -> Bool {
        let previous = text[i - 1], current = text[i]
        if isBreakableSpace(current) { return false }
        if isBreakableSpace(previous) { return true }
        // ShouldBreakFast: true / false where Blink's ASCII rules decide, nil where ICU does.
        let fast: Bool?
        if previous < 0x21 || current < 0x21 {
            fast = false
        } else if previous == 0x2D && isDigit(current) {
            fast = i >= 2 && isAlphanumeric(text[i - 2])
        } else if isTableCharacter(previous) && isTableCharacter(current) {
            fast = tableAllows(previous, current)
        } else if (current == 0xA0 && previous <= 0x7F) || (previous == 0xA0 && current <= 0x7F) {
            fast = false
        } else {
            fast = nil
        }
        if fast == true { return true }
        switch breaking {
        case .breakAll:
            // The line breaker asks PreviousBreakOpportunity(i), whose NextBreakablePosition starts
            // at i: the class before is that of text[i − 1] itself. A supplementary character is
            // classed at its lead surrogate (Blink breaks before the pair, never inside).
            if !isTrailSurrogate(current) || !isLeadSurrogate(previous) {
                let before = i >= 2 && isTrailSurrogate(previous) && isLeadSurrogate(text[i - 2]) ? i - 2 : i - 1
                if breakAllAllows(after: lineBreakClass(text, at: before), before: lineBreakClass(text, at: i)) {
                    return true
                }
            }
        case .keepAll:
            if keepsAll(i >= 2 ? text[i - 2] : 0, previous, current) { return false }
        case .normal, .anywhere:
            break
        }
        if fast == false { return false }
        if icu { return true }
        if hebrewHyphenBreak(text, before: i) { return true }
        // Only a quotation mark on either side can break by LB19a (checked with ICU out of line).
        return (mayBeInitialOrFinalQuotation(current) || mayBeInitialOrFinalQuotation(previous))
            && eastAsianQuotationBreak(text, before: i)
    }

    /// A pair `allowsBreak` never breaks where ICU gives no break under `word-break: normal`: most
    /// of a text. Before a space nothing breaks; between letters or digits (ASCII ones, or anything
    /// beyond U+00A0) Blink's ASCII table has no break and only LB21a (after a hyphen) and LB19a
    /// (beside a quotation mark) add one. The walk skips these without deciding; the test "a plain
    /// pair never breaks where ICU gives none" holds it to allowsBreak.
    @inline(__always)
    static func isPlainInterior(_ previous: UInt16, _ current: UInt16) -> Bool {
        current == 0x20 || plainKind(previous) & plainBefore != 0 && plainKind(current) & plainAfter != 0
    }

    /// What `isPlainInterior` needs of one unit: `plainAfter` for an ASCII letter or digit, or a character
    /// beyond U+00A0 other than a quotation mark (`mayBeInitialOrFinalQuotation`); `plainBefore` for those
    /// but an LB21a hyphen.
    @inline(__always)
    static func plainKind(_ c: UInt16) -> UInt8 {
        if c > 0x2E21 { return plainAfter | plainBefore }  // past every quotation mark and hyphen below
        if c <= 0xA0 { return isAlphanumeric(c) ? plainAfter | plainBefore : 0 }
        if mayBeInitialOrFinalQuotation(c) { return 0 }
        return isLB21aHyphen(c) ? plainAfter : plainAfter | plainBefore
    }
    static let plainAfter: UInt8 = 1, plainBefore: UInt8 = 2

    /// UAX #14 15.1 LB19/LB19a, which ICU 72 (Unicode 15.0: × QU, QU ×) lacks: between East Asian
    /// characters an opening quotation mark (Pi) may start a line and a closing one (Pf) end it:
    /// 为|“自动”|时.
    /// The rules before LB19 still hold: nothing breaks before CL, CP, EX, IS, SY, NS (LB13, LB21),
    /// or after OP (LB14), so the other side must be a letter, ideograph, number or bracket that allows it.
    @inline(never)
    private static func eastAsianQuotationBreak(_ text: UnsafeBufferPointer<UInt16>, before i: Int) -> Bool {
        func wide(_ k: Int) -> Bool { k >= 0 && k < text.count && th_is_east_asian_wide(UInt32(text[k])) != 0 }
        func lineBreak(_ k: Int) -> Int32 { th_line_break_class(UInt32(text[k])) }
        // ICU ULineBreak: AL 2, CL 8, ID 14, NU 19, OP 20, H2 31, H3 32, JL 33, JT 34, JV 35, CP 36.
        func isLetter(_ lb: Int32) -> Bool { classIn(lb, 1 << 2 | 1 << 14 | 1 << 19 | 1 << 31 | 1 << 32 | 1 << 33 | 1 << 34 | 1 << 35) }
        if mayBeInitialOrFinalQuotation(text[i]) && th_quotation_kind(UInt32(text[i])) == 1 {
            return wide(i - 1) && wide(i + 1) && (isLetter(lineBreak(i - 1)) || classIn(lineBreak(i - 1), 1 << 8 | 1 << 36))
        }
        if mayBeInitialOrFinalQuotation(text[i - 1]) && th_quotation_kind(UInt32(text[i - 1])) == 2 {
            return wide(i - 2) && wide(i) && (isLetter(lineBreak(i)) || lineBreak(i) == 20)
        }
        return false
    }

    /// Whether `c` may be a Pi or Pf quotation mark of class QU (th_quotation_kind 1 or 2): in ICU 72
    /// « » and U+2018…U+2E21; the test "the quotation prefilter holds every Pi and Pf of class QU"
    /// checks it against the ICU linked. Spares the property look-ups between most characters.
    static func mayBeInitialOrFinalQuotation(_ c: UInt16) -> Bool {
        c == 0xAB || c == 0xBB || (c >= 0x2018 && c <= 0x2E21)
    }

    /// Whether the ULineBreak value `lb` is one of `classes` (bit v = value v; values stay below 64).
    private static func classIn(_ lb: Int32, _ classes: UInt64) -> Bool {
        lb >= 0 && lb < 64 && classes & (1 << UInt64(lb)) != 0
    }

    /// ShouldKeepAfterKeepAll(last_last, last, ch): letters and numbers stay together; a mark
    /// after a letter counts as that letter; complex-context (SA) scripts are left to ICU.
    private static func keepsAll(_ lastLast: UInt16, _ last: UInt16, _ current: UInt16) -> Bool {
        let before = th_is_mark(UInt32(last)) != 0 ? lastLast : last
        return th_is_letter_or_number(UInt32(before)) != 0 && !isComplexContext(before)
            && th_is_letter_or_number(UInt32(current)) != 0 && !isComplexContext(current)
    }

    private static func isComplexContext(_ c: UInt16) -> Bool { th_line_break_class(UInt32(c)) == lineBreakComplexContext }

    /// LineBreakPropertyValue: the UAX #14 class, a surrogate pair read as one character.
    private static func lineBreakClass(_ text: UnsafeBufferPointer<UInt16>, at i: Int) -> Int32 {
        let c = text[i]
        if c == 0x2B { return lineBreakAlphabetic }  // IE tailors '+' to AL under break-all
        if isLeadSurrogate(c), i + 1 < text.count, isTrailSurrogate(text[i + 1]) {
            return th_line_break_class(0x10000 + (UInt32(c & 0x3FF) << 10) + UInt32(text[i + 1] & 0x3FF))
        }
        return th_line_break_class(UInt32(c))
    }

    // ICU ULineBreak values (uchar.h).
    private static let lineBreakAlphabetic: Int32 = 2
    private static let lineBreakComplexContext: Int32 = 24

    /// kBreakAllLineBreakClassTable: the classes after which break-all allows a break before a
    /// class, by ICU ULineBreak value (AI 1, AL 2, BA 4, CL 8, EX 11, HY 13, IS 16, NU 19, OP 20,
    /// PO 21, PR 22, SA 24, SY 27, CP 36, HL 38).
    static func breakAllAllows(after last: Int32, before current: Int32) -> Bool {
        let letters: UInt64 = 1 << 1 | 1 << 2 | 1 << 4 | 1 << 13 | 1 << 19 | 1 << 22 | 1 << 24 | 1 << 38  // AI AL BA HY NU PR SA HL
        switch last {
        case 1, 2, 4, 19, 24, 27, 38: return classIn(current, letters | 1 << 20)                // AI AL BA NU SA SY HL (+OP)
        case 8: return classIn(current, 1 << 1 | 1 << 2 | 1 << 4 | 1 << 13 | 1 << 19 | 1 << 22 | 1 << 38)  // CL
        case 36: return classIn(current, letters)                                             // CP
        case 11, 21: return classIn(current, 1 << 1 | 1 << 2 | 1 << 4 | 1 << 13 | 1 << 19 | 1 << 21 | 1 << 22 | 1 << 38)  // EX PO
        case 16: return classIn(current, 1 << 1 | 1 << 2 | 1 << 4 | 1 << 13 | 1 << 19 | 1 << 38)   // IS
        case 13: return current == 19                                                         // HY
        case 22: return current == 21                                                         // PR
        default: return false
        }
    }

    private static func isLeadSurrogate(_ c: UInt16) -> Bool { c & 0xFC00 == 0xD800 }
    private static func isTrailSurrogate(_ c: UInt16) -> Bool { c & 0xFC00 == 0xDC00 }

    /// UAX #14 15.1 LB21a: HL (HY | BA−East Asian) × [^HL]; ICU 72 applies the older HL (HY | BA) ×.
    @inline(__always)
    private static func hebrewHyphenBreak(_ text: UnsafeBufferPointer<UInt16>, before i: Int) -> Bool {
        guard i >= 2, isHebrewLetter(text[i]), isHebrewLetter(text[i - 2]) else { return false }
        return isLB21aHyphen(text[i - 1])
    }

    /// LB21a's HY and BA−East Asian as Hebrew text has them: hyphen-minus, maqaf, hyphen, figure
    /// dash, en dash.
    private static func isLB21aHyphen(_ c: UInt16) -> Bool {
        switch c {
        case 0x2D, 0x05BE, 0x2010, 0x2012, 0x2013: return true
        default: return false
        }
    }

    private static func isHebrewLetter(_ c: UInt16) -> Bool {
        (c >= 0x05D0 && c <= 0x05EA) || (c >= 0x05EF && c <= 0x05F2) || (c >= 0xFB1D && c <= 0xFB4F)
    }

    private static func isBreakableSpace(_ c: UInt16) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A }
    private static func isDigit(_ c: UInt16) -> Bool { c >= 0x30 && c <= 0x39 }
    private static func isAlphanumeric(_ c: UInt16) -> Bool {
        // Setting bit 5 maps A…Z onto a…z and nothing else into a…z.
        c &- 0x30 < 10 || (c | 0x20) &- 0x61 < 26
    }
    private static func isTableCharacter(_ c: UInt16) -> Bool { c >= 0x21 && c <= 0x7F }
    private static func needsICU(_ c: UInt16) -> Bool { c > 0x7F && c != 0xA0 }

    /// kAsciiLineBreakTable: whether Blink breaks between two printable ASCII characters ('!'…DEL).
    /// Its rows take four forms; each is 95 bits over the character after ('!' + k at bit k), the
    /// bytes of Blink's B(a…h) rows read little-endian (a = bit 0). The test "the ASCII pair table is
    /// Blink's kAsciiLineBreakTable" compares every pair with Blink's rows.
    @inline(__always)
    static func tableAllows(_ previous: UInt16, _ current: UInt16) -> Bool {
        let row: (low: UInt64, high: UInt64)
        switch previous {
        case 0x21, 0x22, 0x23, 0x25, 0x26, 0x29, 0x2A, 0x2B, 0x2C, 0x2E, 0x3A, 0x3B, 0x3D, 0x3E, 0x5C, 0x5D, 0x7C, 0x7D, 0x7E:
            row = (0x0400_0000_0800_0080, 0x0400_0000)  // ! " # % & ) * + , . : ; = > \ ] | } ~: before ( < [ {
        case 0x2D:
            row = (0xEFFF_FFFF_B800_16F6, 0xEFFF_FFFF)  // -: before letters, " # % & ' ( * + - < = > @ [ \ ^ _ ` { | ~
        case 0x3F:
            row = (0xEFFF_FFFF_B9FF_96BC, 0x6FFF_FFFF)  // ?: before letters, digits, # $ % & ( * + - < = > @ [ \ ^ _ ` { | ~
        default:
            return false  // $ ' ( / digits < @ letters [ ^ _ ` { DEL
        }
        let k = Int(current) - 0x21
        guard k >= 0 && k < 95 else { return false }
        return k < 64 ? row.low >> UInt64(k) & 1 != 0 : row.high >> UInt64(k - 64) & 1 != 0
    }
}
