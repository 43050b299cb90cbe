import CHarfBuzz
import CTextHeight

/// Shapes UTF-16 slices with HarfBuzz and remembers their advances.
///
/// Holds the mutable state of measuring: a HarfBuzz buffer, ICU iterators and one width cache per
/// face. Reuse one `Shaper` for many texts on a thread (batch workers keep one each); it is not
/// thread-safe, the faces and prepared texts it produces are.
public final class Shaper {
    private let buffer: OpaquePointer
    private var caches: [ObjectIdentifier: WidthCache] = [:]
    private var lineIterators: [String: BreakIterator] = [:]
    private var graphemeIterator: BreakIterator?

    public init() {
        // hb_buffer_create never returns NULL: on allocation failure it returns the inert empty buffer.
        buffer = hb_buffer_create()
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
    }

    deinit { hb_buffer_destroy(buffer) }

    /// The advance of `units` in `face`'s font units, and how many glyphs came out as `.notdef`.
    func advance(of units: UnsafeBufferPointer<UInt16>, in face: FontFace) -> (advance: Int32, missingGlyphs: Int32) {
        if units.isEmpty { return (0, 0) }
        let cache = widthCache(for: face)
        let hash = WidthCache.hash(units)
        if let hit = cache.lookup(units, hash: hash) { return (hit.advance, hit.missingGlyphs) }
        let (advance, missing) = shape(units, in: face) { _, _ in }
        cache.insert(units, hash: hash, advance: advance, missingGlyphs: missing)
        return (advance, missing)
    }

    /// Cumulative advances at each grapheme-cluster end of `units`, for breaking inside a word that
    /// is wider than the line (UAX #29 boundaries: never inside an emoji sequence or a base + mark).
    func graphemeAdvances(of units: UnsafeBufferPointer<UInt16>, in face: FontFace) -> [(end: Int, advance: Int32)] {
        var boundaries: [Int] = []
        if let iterator = graphemes() {
            iterator.forEachBoundary(in: units) { position, _ in boundaries.append(position) }
        }
        if boundaries.last != units.count { boundaries.append(units.count) }
        var perGrapheme = [Int32](repeating: 0, count: boundaries.count)
        _ = shape(units, in: face) { cluster, advance in
            // First boundary past the glyph's cluster: the grapheme the glyph belongs to.
            var low = 0, high = boundaries.count - 1
            while low < high {
                let mid = (low + high) / 2
                if boundaries[mid] > cluster { high = mid } else { low = mid + 1 }
            }
            perGrapheme[low] += advance
        }
        var running: Int32 = 0
        return boundaries.indices.map { i in
            running += perGrapheme[i]
            return (boundaries[i], running)
        }
    }

    func lineIterator(locale: String) throws(TextError) -> BreakIterator {
        if let iterator = lineIterators[locale] { return iterator }
        let iterator = try BreakIterator(TH_BREAK_LINE, locale: locale)
        lineIterators[locale] = iterator
        return iterator
    }

    private func graphemes() -> BreakIterator? {
        if graphemeIterator == nil { graphemeIterator = try? BreakIterator(TH_BREAK_GRAPHEME, locale: "") }
        return graphemeIterator
    }

    private func widthCache(for face: FontFace) -> WidthCache {
        if let cache = caches[face.identity] { return cache }
        let cache = WidthCache()
        caches[face.identity] = cache
        return cache
    }

    /// Shapes with script, direction and language guessed from the slice; calls `glyph(cluster, advance)`.
    private func shape(_ units: UnsafeBufferPointer<UInt16>, in face: FontFace,
                       glyph: (Int, Int32) -> Void) -> (Int32, Int32) {
        guard let base = units.baseAddress else { return (0, 0) }
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf16(buffer, base, Int32(units.count), 0, Int32(units.count))
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return (0, 0) }
        var advance: Int32 = 0
        var missing: Int32 = 0
        for i in 0..<Int(count) {
            advance += positions[i].x_advance
            if infos[i].codepoint == 0 { missing += 1 }
            glyph(Int(infos[i].cluster), positions[i].x_advance)
        }
        return (advance, missing)
    }
}
