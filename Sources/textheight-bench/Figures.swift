import CHarfBuzz
import Glibc
import TextHeight

/// How long a piece of work took over several passes.
struct Timing {
    var best: Double
    var median: Double
    var passes: Int
    /// Thread CPU seconds of the best pass: equal to `best` when one core did all the work.
    var bestCPU: Double
}

/// Runs `body` at least `passes` times and until `minSeconds` have gone by (at most `maxPasses`).
func measureTime(passes: Int, minSeconds: Double, maxPasses: Int = 1000, _ body: () -> Void) -> Timing {
    var times: [(wall: Double, cpu: Double)] = []
    let start = now()
    while times.count < passes || (now() - start < minSeconds && times.count < maxPasses) {
        let c0 = threadCPU()
        let t0 = now()
        body()
        let t1 = now()
        times.append((t1 - t0, threadCPU() - c0))
    }
    let sorted = times.map(\.wall).sorted()
    let best = times.min { $0.wall < $1.wall }!
    return Timing(best: best.wall, median: sorted[sorted.count / 2], passes: times.count, bestCPU: best.cpu)
}

/// Defeats dead-code elimination: every pass folds its results in here.
nonisolated(unsafe) var sink = 0.0

// MARK: 1. the limit: HarfBuzz on each whole message, no segmentation, no breaking

/// The font file opened straight with HarfBuzz (hb-ot functions, scale = upem), as the library does.
final class RawHarfBuzz {
    let blob: OpaquePointer
    let face: OpaquePointer
    let font: OpaquePointer
    let buffer: OpaquePointer

    init(path: String, faceIndex: Int = 0) throws(BenchError) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { throw BenchError("HarfBuzz cannot read '\(path)'") }
        self.blob = blob
        face = hb_face_create(blob, UInt32(faceIndex))
        hb_face_make_immutable(face)
        font = hb_font_create(face)
        hb_font_make_immutable(font)
        buffer = hb_buffer_create()
        // The library's Shaper settings.
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
    }

    deinit {
        hb_buffer_destroy(buffer)
        hb_font_destroy(font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    /// Shapes each text once; returns the sum of advances (font units).
    @inline(never)
    func shapeAll(_ texts: [[UInt16]]) -> Int64 {
        var total: Int64 = 0
        for units in texts where !units.isEmpty {
            hb_buffer_clear_contents(buffer)
            units.withUnsafeBufferPointer { p in
                hb_buffer_add_utf16(buffer, p.baseAddress, Int32(p.count), 0, Int32(p.count))
            }
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(font, buffer, nil, 0)
            var count: UInt32 = 0
            if let positions = hb_buffer_get_glyph_positions(buffer, &count) {
                for i in 0..<Int(count) { total += Int64(positions[i].x_advance) }
            }
        }
        return total
    }
}

// MARK: 2. cold measure: prepare (ICU segments, HarfBuzz through the width cache) + measure

/// What `textheight batch --jobs 1` does per case, minus JSON: one Shaper for the whole pass,
/// created empty (cold caches), as a batch worker's.
@inline(never)
func benchColdPass(_ texts: [String], model: TextKitModel, fonts: FontStack, width: Double) -> (sum: Double, errors: Int) {
    let shaper = Shaper()
    var sum = 0.0
    var errors = 0
    for text in texts {
        do {
            let prepared = try model.prepare(text, fonts: fonts, shaper: shaper)
            sum += model.measure(prepared, width: width).boxHeight
        } catch {
            errors += 1
        }
    }
    return (sum, errors)
}

/// Every message with a Shaper of its own: no width reuse across messages at all.
@inline(never)
func benchColdFreshShaperPass(_ texts: [String], model: TextKitModel, fonts: FontStack, width: Double) -> Double {
    var sum = 0.0
    for text in texts {
        if let prepared = try? model.prepare(text, fonts: fonts, shaper: Shaper()) {
            sum += model.measure(prepared, width: width).boxHeight
        }
    }
    return sum
}

/// The same with a Shaper whose cache is already warm from an earlier pass over the same texts.
@inline(never)
func benchWarmPass(_ texts: [String], model: TextKitModel, fonts: FontStack, width: Double, shaper: Shaper) -> Double {
    var sum = 0.0
    for text in texts {
        if let prepared = try? model.prepare(text, fonts: fonts, shaper: shaper) {
            sum += model.measure(prepared, width: width).boxHeight
        }
    }
    return sum
}

/// Fills `shaper`'s width cache with every segment of `texts` (what `warm` starts from).
@inline(never)
func primeWidthCache(_ texts: [String], model: TextKitModel, fonts: FontStack, shaper: Shaper) -> Int {
    var segments = 0
    for text in texts {
        if let prepared = try? model.prepare(text, fonts: fonts, shaper: shaper) { segments += prepared.isEmpty ? 0 : 1 }
    }
    return segments
}

// MARK: 3. re-layout from PreparedText

/// Ten outer widths other than 343: common phone, tablet and chat-column widths.
let relayoutWidths: [Double] = [240, 280, 300, 320, 360, 375, 390, 414, 428, 768]

@inline(never)
func benchRelayoutLineCount(_ prepared: [PreparedText], wrapWidths: [Double]) -> Int {
    var lines = 0
    for p in prepared {
        for w in wrapWidths { lines += p.lineCount(width: w) }
    }
    return lines
}

@inline(never)
func benchRelayoutMeasure(_ prepared: [PreparedText], model: TextKitModel, widths: [Double]) -> Double {
    var sum = 0.0
    for p in prepared {
        for w in widths { sum += model.measure(p, width: w).boxHeight }
    }
    return sum
}

// MARK: 5. scaling

@inline(never)
func benchScalingPass(_ text: String, model: TextKitModel, fonts: FontStack, width: Double,
                      shaper: Shaper? = nil) -> (prepare: Double, measure: Double, lines: Int) {
    let t0 = now()
    guard let prepared = try? model.prepare(text, fonts: fonts, shaper: shaper ?? Shaper()) else { return (.nan, .nan, 0) }
    let t1 = now()
    let m = model.measure(prepared, width: width)
    let t2 = now()
    sink += m.boxHeight
    return (t1 - t0, t2 - t1, m.lineCount)
}

extension Record {
    /// The timing fields every figure reports: best and median seconds, passes, items per second.
    mutating func addTiming(_ t: Timing, items: Int, cpu: Bool = false) {
        add("seconds", t.best)
        add("medianSeconds", t.median)
        if cpu { add("cpuSeconds", t.bestCPU) }
        add("passes", t.passes)
        add("perSecond", Double(items) / t.best)
    }
}

// MARK: 8. the mixed-language workload (issue 12)

/// Distinct mixed-language texts (no width repeats across texts as whole messages do), a real CJK
/// primary font with a fallback chain and colour emoji, as users of a chat app type them. The
/// limit shapes each whole text once with the primary font; it and the cold measure run in
/// alternating passes, so a drift of the shared machine's speed moves both alike.
func benchMixed(_ options: Options, passes: Int, minSeconds: Double, only figure: String) throws {
    let limitOnly = figure == "mixed-limit", coldOnly = figure == "mixed-cold"
    let texts = try readJSONLStrings(options.mixedCorpus, key: "text")
    let units = texts.map { Array($0.utf16) }
    let size = 16.0, width = 300.0
    let primary = try Font(file: options.mixedFont, size: size)
    let fonts = try FontStack(primary, fallbacks: options.mixedFallbacks.map { path throws in
        try Font(file: path, size: size)
    })
    let model = TextKitModel(inset: .zero, lineFragmentPadding: 0)
    let raw = try RawHarfBuzz(path: primary.face.path, faceIndex: primary.face.faceIndex)
    var limitTimes: [Double] = []
    var coldTimes: [Double] = []
    var errors = 0
    let start = now()
    while max(limitTimes.count, coldTimes.count) < passes
            || (now() - start < 2 * minSeconds && max(limitTimes.count, coldTimes.count) < 100) {
        var t0 = now()
        if !coldOnly {
            sink += Double(raw.shapeAll(units))
            limitTimes.append(now() - t0)
        }
        if limitOnly { continue }
        t0 = now()
        let result = benchColdPass(texts, model: model, fonts: fonts, width: width)
        coldTimes.append(now() - t0)
        sink += result.sum
        errors = result.errors
    }
    let limit = limitTimes.min() ?? .nan, cold = coldTimes.min() ?? .nan
    var r = Record(figure)
    r.add("what", "distinct mixed-language texts, \(fonts.fonts.count) fonts, \(Int(size)) pt, width \(Int(width)), "
        + "inset 0, padding 0: limit (hb_shape of each whole text, primary font) and cold library measure, alternating")
    r.add("texts", texts.count)
    r.add("meanUnits", Double(units.reduce(0) { $0 + $1.count }) / Double(max(texts.count, 1)))
    r.add("errors", errors)
    r.add("passes", max(limitTimes.count, coldTimes.count))
    r.add("limitSeconds", limit)
    r.add("limitPerSecond", Double(texts.count) / limit)
    r.add("coldSeconds", cold)
    r.add("perSecond", Double(texts.count) / cold)
    r.add("coldOverLimit", limit / cold)
    r.emit()
}
