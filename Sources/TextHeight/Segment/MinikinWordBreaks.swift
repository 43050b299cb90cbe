import CTextHeight

/// Line-break opportunities as Android's Minikin finds them (libs/minikin/WordBreaker.cpp), over
/// ICU's UAX #14 iterator:
/// - `isValidBreak`: no break after a hyphen or dash (`Hyphenator::isLineBreakingHyphen`: U+002D,
///   U+058A, U+05BE, U+1400, U+2010, U+2013, U+2027, U+2E17, U+2E40) or a soft hyphen (those are
///   left to automatic hyphenation), none after MYANMAR SIGN VIRAMA, none between ZWJ and an emoji
///   (LB8a) nor between an emoji base (U+FE0F skipped) and an emoji modifier (LB30b);
/// - e-mail addresses and URLs (`detectEmailOrUrl`: a run of printable ASCII with `@`, or with
///   `:` then `//`) break only where the Chicago Manual of Style says (`findNextBreakInEmailOrUrl`):
///   after `:` `=` `&` and `//`, before `~ . , - _ ? # % = &` and a single `/`, never after `-`;
///   those breaks are "bad" (`breakBadness` 1): the greedy breaker prefers any other.
///
/// StaticLayout hands Minikin one paragraph at a time (split at U+000A only), so only a line
/// feed is a mandatory break here; ICU's other mandatory breaks (CR, U+2028, …) are ordinary
/// break opportunities on Android.
enum MinikinWordBreaks {
    /// Calls `body(position, isHard, isInEmailOrURL)` for each opportunity in order, the last at
    /// `text.count`.
    static func forEachBreak(in text: UnsafeBufferPointer<UInt16>, iterator: BreakIterator,
                             _ body: (Int, Bool, Bool) -> Void) {
        // ICU's boundaries are distinct positions after 0: at most text.count of them.
        let boundaries = UnsafeMutableBufferPointer<Int32>.allocate(capacity: text.count + 1)
        defer { boundaries.deallocate() }
        var count = 0
        iterator.forEachBoundary(in: text) { position, _ in
            if count < boundaries.count { boundaries[count] = Int32(position); count += 1 }
        }
        var scanner = Scanner(text: text, icu: UnsafeBufferPointer(rebasing: boundaries[0..<count]))
        while scanner.current < text.count {
            let (position, bad) = scanner.next()
            body(position, position > 0 && text[position - 1] == 0x0A, bad)
        }
    }

    /// Whether `c` may be an Emoji_Modifier (the skin tones U+1F3FB…U+1F3FF since Unicode 8; the test
    /// "the emoji modifier prefilter holds every Emoji_Modifier" checks the ICU linked). Spares an
    /// ICU look-up at every break.
    static func mayBeEmojiModifier(_ c: UInt32) -> Bool { c >= 0x1F3FB && c <= 0x1F3FF }

    /// WordBreaker's state: the last and current break, the end of the scanned e-mail/URL.
    private struct Scanner {
        let text: UnsafeBufferPointer<UInt16>
        let icu: UnsafeBufferPointer<Int32>
        var current = 0
        var last = 0
        var scanOffset = 0
        var inEmailOrURL = false
        /// The index in `icu` of the last boundary `following` answered.
        var hint = 0

        init(text: UnsafeBufferPointer<UInt16>, icu: UnsafeBufferPointer<Int32>) {
            self.text = text
            self.icu = icu
        }

        /// WordBreaker::next, with breakBadness of the result.
        mutating func next() -> (Int, Bool) {
            last = current
            detectEmailOrURL()
            current = inEmailOrURL ? nextBreakInEmailOrURL() : nextValidICUBreak()
            return (current, inEmailOrURL && current < scanOffset)
        }

        /// ICU's first boundary after `position` (ubrk_following), the text's end if none. Mostly
        /// asked for the one after the last answer: that, or the answer itself, is tried first.
        private mutating func following(_ position: Int) -> Int {
            var k = hint
            if k < icu.count && Int(icu[k]) <= position { k += 1 }
            if !((k == 0 || Int(icu[k - 1]) <= position) && (k == icu.count || Int(icu[k]) > position)) {
                var low = 0, high = icu.count
                while low < high {
                    let mid = (low + high) / 2
                    if Int(icu[mid]) <= position { low = mid + 1 } else { high = mid }
                }
                k = low
            }
            hint = min(k, max(icu.count - 1, 0))
            return k < icu.count ? Int(icu[k]) : text.count
        }

        private mutating func isBoundary(_ position: Int) -> Bool { position == 0 || following(position - 1) == position }

        /// WordBreaker::iteratorNext: ICU's next boundary that isValidBreak accepts.
        private mutating func nextValidICUBreak() -> Int {
            var result = following(current)
            while !isValidBreak(result) { result = following(result) }
            return result
        }

        @inline(__always)
        private func isValidBreak(_ i: Int) -> Bool {
            if i >= text.count { return true }
            var previousStart = i
            var previous = codePoint(before: &previousStart)
            if isLineBreakingHyphen(previous) || previous == 0xAD || previous == 0x1039 { return false }
            let next = codePoint(at: i)
            if previous == 0x200D && th_is_emoji(next) != 0 { return false }
            if MinikinWordBreaks.mayBeEmojiModifier(next) && th_is_emoji_modifier(next) != 0 {
                if previous == 0xFE0F && previousStart > 0 { previous = codePoint(before: &previousStart) }
                // Emoji.cpp isEmojiBase keeps U+1F91D and U+1F93C, dropped from Emoji 4.0.
                if previous == 0x1F91D || previous == 0x1F93C || th_is_emoji_modifier_base(previous) != 0 {
                    return false
                }
            }
            return true
        }

        private func isLineBreakingHyphen(_ c: UInt32) -> Bool {
            switch c {
            case 0x2D, 0x58A, 0x5BE, 0x1400, 0x2010, 0x2013, 0x2027, 0x2E17, 0x2E40: return true
            default: return false
            }
        }

        private enum ScanState { case start, sawAt, sawColon, sawColonSlash, sawColonSlashSlash }

        /// WordBreaker::detectEmailOrUrl: scans printable ASCII from the last break.
        private mutating func detectEmailOrURL() {
            guard last >= scanOffset else { return }
            var state = ScanState.start
            var i = last
            while i < text.count {
                let c = text[i]
                guard c > 0x20 && c <= 0x7E else { break }
                if state == .start && c == 0x40 {
                    state = .sawAt
                } else if state == .start && c == 0x3A {
                    state = .sawColon
                } else if state == .sawColon || state == .sawColonSlash {
                    state = c == 0x2F ? (state == .sawColon ? .sawColonSlash : .sawColonSlashSlash) : .start
                }
                i += 1
            }
            if state == .sawAt || state == .sawColonSlashSlash {
                // Combining marks after the address belong to it: skip to ICU's next boundary.
                if !isBoundary(i) { i = following(i) }
                inEmailOrURL = true
            } else {
                inEmailOrURL = false
            }
            scanOffset = i
        }

        /// WordBreaker::findNextBreakInEmailOrUrl (Chicago Manual of Style, 16th ed.).
        private func nextBreakInEmailOrURL() -> Int {
            var lastChar = text[last]
            var i = last + 1
            while i < scanOffset {
                if lastChar == 0x3A || lastChar == 0x3D || lastChar == 0x26 { break }  // after : = &
                if lastChar == 0x2F && i >= last + 2 && text[i - 2] == 0x2F { break }  // after //
                let c = text[i]
                if lastChar != 0x2D {  // never after a hyphen
                    switch c {
                    case 0x7E, 0x2E, 0x2C, 0x2D, 0x5F, 0x3F, 0x23, 0x25, 0x3D, 0x26: return i  // before ~.,-_?#%=&
                    default: break
                    }
                    // before a single slash
                    if c == 0x2F && lastChar != 0x2F && !(i + 1 < scanOffset && text[i + 1] == 0x2F) { return i }
                }
                lastChar = c
                i += 1
            }
            return i
        }

        @inline(__always)
        private func codePoint(at i: Int) -> UInt32 {
            let unit = text[i]
            if unit & 0xFC00 == 0xD800 && i + 1 < text.count && text[i + 1] & 0xFC00 == 0xDC00 {
                return 0x10000 + (UInt32(unit & 0x3FF) << 10) + UInt32(text[i + 1] & 0x3FF)
            }
            return UInt32(unit)
        }

        /// The code point ending at `end`; moves `end` to its start.
        @inline(__always)
        private func codePoint(before end: inout Int) -> UInt32 {
            let unit = text[end - 1]
            if unit & 0xFC00 == 0xDC00 && end >= 2 && text[end - 2] & 0xFC00 == 0xD800 {
                end -= 2
                return 0x10000 + (UInt32(text[end] & 0x3FF) << 10) + UInt32(unit & 0x3FF)
            }
            end -= 1
            return UInt32(unit)
        }
    }
}
