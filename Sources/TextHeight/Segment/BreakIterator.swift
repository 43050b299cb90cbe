import CTextHeight

/// ICU's rule-based break iterator (through the C shim), reused across texts. Line boundaries
/// come from textheight's own loop over the iterator's compiled rules (LineBreak.c), the same
/// boundaries without ICU's iteration; inside runs of SA characters (Thai, Lao, Khmer, Myanmar)
/// ICU's dictionaries add theirs, asked once per distinct run.
/// Not thread-safe: one per thread, as ICU requires.
final class BreakIterator {
    private let iterator: OpaquePointer
    /// Scratch for the own loop's boundaries, and for its runs of SA characters (room for one more).
    private var ends: UnsafeMutablePointer<Int32>
    private var runs: UnsafeMutablePointer<Int32>
    private var capacity = 256
    /// ICU's dictionary breaks inside each run of SA characters met so far (offsets in the run).
    private var dictionaryBreaks: [DictionaryRun: [Int32]] = [:]
    private static let maxDictionaryRuns = 4_096

    /// A run's units, hashed once with the width cache's hash (SipHash over the array cost more
    /// than the look-up saved).
    private struct DictionaryRun: Hashable {
        let units: [UInt16]
        let hash: UInt64
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        static func == (a: DictionaryRun, b: DictionaryRun) -> Bool { a.hash == b.hash && a.units == b.units }
    }

    init(_ kind: th_break_kind, locale: String) throws(TextError) {
        var code: Int32 = 0
        guard let iterator = th_break_open(kind, locale, &code) else {
            throw .segmentation("ICU could not open a break iterator for locale '\(locale)' (error \(code))")
        }
        self.iterator = iterator
        ends = .allocate(capacity: capacity)
        runs = .allocate(capacity: capacity + 1)
    }

    /// A line iterator over rules in ICU's syntax; nil when ICU rejects them (tests).
    init?(lineRules: [UInt16]) {
        var code: Int32 = 0
        guard let iterator = th_break_open_line_rules(lineRules, Int32(lineRules.count), &code) else { return nil }
        self.iterator = iterator
        ends = .allocate(capacity: capacity)
        runs = .allocate(capacity: capacity + 1)
    }

    deinit {
        th_break_close(iterator)
        ends.deallocate()
        runs.deallocate()
    }

    /// Calls `body(position, isHard)` for each boundary after 0, in order, ending with `text.count`.
    /// `text` must stay valid for the whole call.
    func forEachBoundary(in text: UnsafeBufferPointer<UInt16>, _ body: (Int, Bool) -> Void) {
        guard let base = text.baseAddress, !text.isEmpty else { return }
        guard let count = ownEnds(text, base) else {
            forEachICUBoundary(in: text, body)
            return
        }
        for k in 0..<count {
            let position = Int(ends[k])
            body(position, CharacterClass.isLineBreak(text[position - 1]))
        }
    }

    /// `forEachBoundary` by ICU's own iteration (graphemes; texts the own loop declines; tests).
    func forEachICUBoundary(in text: UnsafeBufferPointer<UInt16>, _ body: (Int, Bool) -> Void) {
        guard let base = text.baseAddress, !text.isEmpty else { return }
        guard th_break_set_text(iterator, base, Int32(text.count)) <= 0 else {
            // ICU refused the text (it cannot for valid lengths); treat it as one unbreakable run.
            body(text.count, false)
            return
        }
        while true {
            let position = Int(th_break_next(iterator))
            if position < 0 { break }
            // Mandatory when it follows BK/CR/LF/NL. ICU's rule status cannot say: boundaries
            // from the Thai/Lao/Khmer dictionaries carry the status of the next rule-based one,
            // which is "hard" before a final newline.
            body(position, position > 0 && CharacterClass.isLineBreak(text[position - 1]))
        }
    }

    /// The own loop's boundaries with the dictionaries' (what `forEachBoundary` calls `body` with);
    /// nil when the loop declines the text (tests).
    func ownBoundaries(in text: UnsafeBufferPointer<UInt16>) -> [Int]? {
        guard let base = text.baseAddress, !text.isEmpty else { return [] }
        guard let count = ownEnds(text, base) else { return nil }
        return (0..<count).map { Int(ends[$0]) }
    }

    /// The boundaries into `ends`, their count; nil when the own loop declines the text.
    private func ownEnds(_ text: UnsafeBufferPointer<UInt16>, _ base: UnsafePointer<UInt16>) -> Int? {
        if text.count > capacity {
            ends.deallocate()
            runs.deallocate()
            capacity = max(text.count, 2 * capacity)
            ends = .allocate(capacity: capacity)
            runs = .allocate(capacity: capacity + 1)
        }
        var runCount: Int32 = 0
        let count = Int(th_break_line_ends(iterator, base, Int32(text.count), ends, runs, &runCount))
        guard count > 0 else { return nil }
        return runCount == 0 ? count : addingDictionaryBreaks(text, runCount: Int(runCount), ruleBoundaries: count)
    }

    /// ICU's DictionaryCache::populateDictionary: between two rule-based boundaries, each run of
    /// one break engine's characters is divided by that engine (DictionaryBreakEngine::findBreaks
    /// reads the run alone, up to the next rule-based boundary; divideUpDictionaryRange stops at
    /// its end), and those breaks join the rule-based ones. So each piece of a run between
    /// rule-based boundaries (one can fall inside a run: a mark starting it attaches to what
    /// precedes, "!ั|ครับ") is divided as ICU divides the piece as a whole text, where the rules
    /// find nothing inside (SA letters count as AL, SA marks as CM: LB9, LB10, LB28). Pieces repeat
    /// from text to text like the words of any language: each is asked of ICU once.
    private func addingDictionaryBreaks(_ text: UnsafeBufferPointer<UInt16>, runCount: Int,
                                        ruleBoundaries count: Int) -> Int {
        var added: [Int32] = []
        var boundary = 0  // the first rule-based boundary after the piece's start
        for r in 0..<runCount {
            var start = Int(runs[2 * r])
            let runEnd = Int(runs[2 * r + 1])
            while start < runEnd {
                while boundary < count && Int(ends[boundary]) <= start { boundary += 1 }
                let end = boundary < count ? min(runEnd, Int(ends[boundary])) : runEnd
                for offset in breaks(inDictionaryRun: UnsafeBufferPointer(rebasing: text[start..<end])) {
                    added.append(Int32(start) + offset)
                }
                start = end
            }
        }
        guard !added.isEmpty else { return count }
        // Both lists ascend; a run's own breaks lie inside it, where no rule-based one is.
        var merged: [Int32] = []
        merged.reserveCapacity(count + added.count)
        var i = 0, j = 0
        while i < count || j < added.count {
            if j == added.count || (i < count && ends[i] <= added[j]) {
                if j < added.count && ends[i] == added[j] { j += 1 }
                merged.append(ends[i])
                i += 1
            } else {
                merged.append(added[j])
                j += 1
            }
        }
        // Every boundary is a distinct position in 1...text.count: they fit `ends`.
        let kept = min(merged.count, capacity)
        for k in 0..<kept { ends[k] = merged[k] }
        return kept
    }

    /// ICU's boundaries inside `run` (a run of SA characters read as a whole text), memoized.
    private func breaks(inDictionaryRun run: UnsafeBufferPointer<UInt16>) -> [Int32] {
        let key = DictionaryRun(units: Array(run), hash: WidthCache.hash(run))
        if let known = dictionaryBreaks[key] { return known }
        var found: [Int32] = []
        if let base = run.baseAddress, th_break_set_text(iterator, base, Int32(run.count)) <= 0 {
            while true {
                let position = th_break_next(iterator)
                if position < 0 || Int(position) >= run.count { break }
                found.append(position)
            }
        }
        if dictionaryBreaks.count >= BreakIterator.maxDictionaryRuns { dictionaryBreaks.removeAll(keepingCapacity: true) }
        dictionaryBreaks[key] = found
        return found
    }

    /// Whether line boundaries come from the own loop (false for grapheme iterators, or rules
    /// in a binary form the loop does not read).
    var hasOwnLoop: Bool { th_break_has_line_rules(iterator) != 0 }

    /// The rules' source as ICU keeps it with the compiled rules (tests build variants of it).
    var ruleSource: String {
        let length = Int(th_break_rules_source(iterator, nil, 0))
        var bytes = [CChar](repeating: 0, count: length)
        _ = th_break_rules_source(iterator, &bytes, Int32(length))
        return String(decoding: bytes.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// ICU's version, e.g. "72.1", for provenance lines.
public var icuVersion: String {
    var buffer = [CChar](repeating: 0, count: 32)
    th_icu_version(&buffer, 32)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
