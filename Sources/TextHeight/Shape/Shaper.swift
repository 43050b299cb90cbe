import CHarfBuzz
import CTextHeight

/// Shapes UTF-16 slices with HarfBuzz and remembers their advances.
///
/// Holds the mutable state of measuring: a HarfBuzz buffer, ICU iterators and one width cache per
/// face. Reuse one `Shaper` for many texts on a thread (batch workers keep one each); it is not
/// thread-safe, the faces and prepared texts it produces are.
public final class Shaper {
    private let buffer: OpaquePointer
    private var caches: [CacheKey: WidthCache] = [:]
    private var languages: [String: hb_language_t] = [:]

    /// Widths depend on the face at its variation coordinates (the instance), on the language
    /// (localized forms), on the ligature switch and on a script set from the context.
    private struct CacheKey: Hashable {
        var face: UInt64
        var language: String
        var ligatures: Bool
        var script: UInt32
    }
    /// Blink turns these off when `letter-spacing` is not zero (font_features.cc,
    /// FontFeatureRange::FromFontDescription): liga, clig, calt.
    private static let noLigatures: [hb_feature_t] = [0x6C69_6761 /* liga */, 0x636C_6967 /* clig */,
                                                      0x6361_6C74 /* calt */].map {
        hb_feature_t(tag: $0, value: 0, start: 0, end: UInt32.max)
    }
    private var lineIterators: [String: BreakIterator] = [:]
    /// Itemize each text once (`Itemization`); false measures every stretch on its own, the
    /// plain path the tests compare it with.
    var itemizesOnce = true
    /// `PreparedText.measureJoins` skips joins between inert characters (`InertGlyphs`); off only
    /// for the tests that compare both ways.
    var skipsInertJoins = true
    /// `Shaper+Graphemes`' scratch: the ends of one text, and ICU's iterator for the tests.
    var graphemeEnds: [Int32] = []
    var graphemeIterator: BreakIterator?
    /// `PreparedText.prepare`'s break opportunities of one text, kept for the next (`breakBuffer`).
    private var breaks = UnsafeMutableBufferPointer<UInt32>(start: nil, count: 0)

    /// Room for `capacity` breaks, valid until the next call. Grown to the longest text's, as the
    /// line iterator's boundaries are: given back after a long text, it was mapped and its pages
    /// faulted in again at every long text that followed a short one.
    func breakBuffer(capacity: Int) -> UnsafeMutableBufferPointer<UInt32> {
        if breaks.count < capacity {
            breaks.deallocate()
            breaks = .allocate(capacity: capacity)
        }
        return breaks
    }


    public init() {
        // hb_buffer_create never returns NULL: on allocation failure it returns the inert empty buffer.
        buffer = hb_buffer_create()
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
    }

    deinit {
        hb_buffer_destroy(buffer)
        breaks.deallocate()
    }

    /// The advance of `units` in the font's units, how many glyphs came out as `.notdef`, and how
    /// many glyphs advance (what per-glyph tracking applies to: `GlyphSpacing`).
    /// `ligatures: false` shapes without liga, clig and calt (CSS letter-spacing); a `script`
    /// (`hb_script_t`, 0 = guessed from the text) shapes a run of spaces and punctuation in the
    /// script of the text around it, as Blink's RunSegmenter resolves Common characters.
    /// `context`: the text `units` lie in, handed to HarfBuzz as the characters around them (uncached).
    func advance(of units: UnsafeBufferPointer<UInt16>, in font: Font, language: String? = nil, ligatures: Bool = true,
                 script: UInt32 = 0, context: UnsafeBufferPointer<UInt16>? = nil)
        -> (advance: Int64, missingGlyphs: Int32, advancingGlyphs: Int32) {
        if units.isEmpty { return (0, 0, 0) }
        if let context {
            let shaped = shape(units, instance: font.instance, language: language, ligatures: ligatures, script: script,
                               context: context) { _, _, _ in }
            return (shaped.advance, shaped.missing, shaped.advancing)
        }
        let cache = widthCache(for: font.instance, language: language ?? "", ligatures: ligatures, script: script)
        let hash = WidthCache.hash(units)
        if let hit = cache.lookup(units, hash: hash) { return (hit.advance, hit.missingGlyphs, hit.advancingGlyphs) }
        let shaped = shape(units, in: font, language: language, ligatures: ligatures, script: script) { _, _, _ in }
        cache.insert(units, hash: hash, advance: shaped.advance, missingGlyphs: shaped.missing,
                     advancingGlyphs: shaped.advancing)
        return (shaped.advance, shaped.missing, shaped.advancing)
    }

    /// `advance(of:in:)` through a cache resolved by the caller (`StackMemo.plainFonts`), with the
    /// units' `WidthCache.hash` already computed: no key to build per run.
    @inline(__always)
    func advance(of units: UnsafeBufferPointer<UInt16>, hash: UInt64, cache: WidthCache, instance: FaceInstance)
        -> (advance: Int64, missingGlyphs: Int32, advancingGlyphs: Int32) {
        if let hit = cache.lookup(units, hash: hash) { return (hit.advance, hit.missingGlyphs, hit.advancingGlyphs) }
        let runs = measuresNominalRuns ? nominalRuns(instance, units) : nil
        let measured = runs?.measure(units)
        if case .advance(let advance, let advancing) = measured {
            nominalRunsMeasured += 1
            cache.insert(units, hash: hash, advance: advance, missingGlyphs: 0, advancingGlyphs: advancing)
            return (advance, 0, advancing)
        }
        let shaped = shape(units, instance: instance, language: nil) { _, _, _ in }
        if case .unknownPairs = measured { runs?.learn(units, shapedIn: buffer) }
        cache.insert(units, hash: hash, advance: shaped.advance, missingGlyphs: shaped.missing,
                     advancingGlyphs: shaped.advancing)
        return (shaped.advance, shaped.missing, shaped.advancing)
    }

    /// The run measurer for `units`' script in `instance` (`NominalRuns`): the script HarfBuzz
    /// guesses for them (`hb_buffer_guess_segment_properties`: the first character that is not
    /// Common, Inherited or Unknown; none leaves `HB_SCRIPT_INVALID`). nil for a script or face
    /// that does not qualify.
    private func nominalRuns(_ instance: FaceInstance, _ units: UnsafeBufferPointer<UInt16>) -> NominalRuns? {
        let funcs = hb_unicode_funcs_get_default()
        var script = HB_SCRIPT_INVALID
        for unit in units {
            let candidate = hb_unicode_script(funcs, hb_codepoint_t(unit))
            if candidate != HB_SCRIPT_COMMON && candidate != HB_SCRIPT_INHERITED && candidate != HB_SCRIPT_UNKNOWN {
                script = candidate
                break
            }
        }
        let key = NominalRunsKey(face: instance.serial, script: script.rawValue)
        if let last = lastNominalRuns, last.key == key { return last.runs }
        let runs: NominalRuns?
        if let known = nominalRunsByKey[key] {
            runs = known
        } else if missesBeforeNominalRuns < nominalRunsAfterMisses {
            // Not yet: shaped as before, the miss counted.
            missesBeforeNominalRuns += 1
            return nil
        } else {
            // Bounded as the width caches are: many sizes of a variable font make many instances.
            if nominalRunsByKey.count >= Shaper.maxCaches { nominalRunsByKey.removeAll() }
            runs = NominalRuns(instance, script: script)
            runs?.readsKerning = readsKerningTables
            nominalRunsByKey[key] = runs
        }
        lastNominalRuns = (key, runs)
        return runs
    }
    private struct NominalRunsKey: Hashable {
        var face: UInt64
        var script: UInt32
    }
    private var nominalRunsByKey: [NominalRunsKey: NominalRuns?] = [:]
    /// Run measurers are made once the Shaper has shaped `nominalRunsAfterMisses` cache misses, not
    /// at the first: reading a plan's lookups costs about as much as shaping hundreds of words (9 M
    /// instructions for Inter's Latin, 40 % of a one-word `textheight` call), which a short job never
    /// earns back. A batch gets there within its first texts. (Counted per face and script instead,
    /// the mixed workload's 15 measurers shaped 960 more runs: 2.5 % more instructions.)
    private var missesBeforeNominalRuns = 0
    /// 0 makes the measurers at the first miss (the tests of `NominalRuns`).
    var nominalRunsAfterMisses = 64
    private var lastNominalRuns: (key: NominalRunsKey, runs: NominalRuns?)?
    /// Measure plain runs of qualifying characters without HarfBuzz (`NominalRuns`); off only for
    /// the tests that compare both ways.
    var measuresNominalRuns = true
    /// `NominalRuns` read pair kerning from the font's tables; off only for the tests of learning it.
    var readsKerningTables = true
    /// How many runs `NominalRuns` measured (the tests check that their comparison is not vacuous).
    private(set) var nominalRunsMeasured = 0
    /// Segments `PlainSegments` appended (tests: the lean path is taken).
    var plainSegments = 0
    /// Whether HarfBuzz contradicted the pair rule for some face and script (`NominalRuns.isBroken`).
    var nominalRunsBroken: Bool { nominalRunsByKey.values.contains { $0?.isBroken == true } }

    /// `UTF16Units.of`'s buffer (unchecked: only swapped, by one text at a time).
    @exclusivity(unchecked) var utf16Buffer: [UInt16] = []

    /// Shapes `units` and calls `glyph(cluster, advance, unsafeToBreak)` per glyph, advances in
    /// font units; `unsafeToBreak` is HarfBuzz's flag: breaking before this glyph's cluster and
    /// shaping the two sides apart would change the glyphs (a ligature, a kern, contextual forms).
    func forEachGlyph(of units: UnsafeBufferPointer<UInt16>, in font: Font, language: String? = nil,
                      ligatures: Bool = true, context: UnsafeBufferPointer<UInt16>? = nil,
                      _ glyph: (Int, Int32, Bool) -> Void) {
        _ = shape(units, instance: font.instance, language: language, ligatures: ligatures, context: context, glyph: glyph)
    }

    /// How much the `halt` feature narrows `unit` in `font`, in font units (cached).
    func haltReduction(_ unit: UInt16, in font: Font) -> Int64 {
        let key = HaltKey(face: font.instance.serial, unit: unit)
        if let known = haltReductions[key] { return known }
        var units = [unit]
        let plain = units.withUnsafeBufferPointer { shape($0, in: font, language: nil) { _, _, _ in }.advance }
        var halt = hb_feature_t(tag: 0x6861_6C74 /* halt */, value: 1, start: 0, end: UInt32.max)
        let trimmed = units.withUnsafeMutableBufferPointer { buffer -> Int64 in
            hb_buffer_clear_contents(self.buffer)
            hb_buffer_add_utf16(self.buffer, buffer.baseAddress, 1, 0, 1)
            hb_buffer_guess_segment_properties(self.buffer)
            hb_shape(font.instance.hbFont, self.buffer, &halt, 1)
            var count: UInt32 = 0
            guard let positions = hb_buffer_get_glyph_positions(self.buffer, &count), count > 0 else { return plain }
            return Int64(positions[0].x_advance)
        }
        let reduction = max(0, plain - trimmed)
        // Keyed by instance serials, which are never reused: a long-lived Shaper meeting a size per
        // Dynamic Type step would keep dead instances' entries forever, so start over past a bound.
        if haltReductions.count >= Shaper.maxHaltReductions { haltReductions.removeAll() }
        haltReductions[key] = reduction
        return reduction
    }

    private struct HaltKey: Hashable {
        var face: UInt64
        var unit: UInt16
    }
    private var haltReductions: [HaltKey: Int64] = [:]

    /// HanKerning's font data of a face for a text in `language` (FontFace.hanKerning(language:)),
    /// shaped once per face and language.
    func hanKerning(_ face: FontFace, language: String?) -> HanKerning.FontData? {
        guard let language else { return face.hanKerning }
        let key = HanKerningKey(face: face.base.serial, language: language)
        if let known = hanKerningData[key] { return known }
        let data = face.hanKerning(language: language)
        if hanKerningData.count >= Shaper.maxCaches { hanKerningData.removeAll() }  // as haltReductions
        hanKerningData[key] = data
        return data
    }

    private struct HanKerningKey: Hashable {
        var face: UInt64
        var language: String
    }
    private var hanKerningData: [HanKerningKey: HanKerning.FontData?] = [:]
    /// How many `halt` reductions are kept: the few dozen brackets and punctuation marks of a text's fonts.
    static let maxHaltReductions = 1024
    /// The per-font data kept, for the tests of the bounds.
    var haltReductionCount: Int { haltReductions.count }
    var hanKerningDataCount: Int { hanKerningData.count }

    struct ShapedGlyph {
        var id: UInt32
        var cluster: Int
        var advance: Int32
        var xOffset: Int32
        var yOffset: Int32
    }

    /// Shapes `units` and hands out every glyph with its id and offsets (font units).
    func forEachPositionedGlyph(of units: UnsafeBufferPointer<UInt16>, in font: Font, language: String?,
                                _ body: (ShapedGlyph) -> Void) {
        _ = shape(units, in: font, language: language) { _, _, _ in }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return }
        for i in 0..<Int(count) {
            body(ShapedGlyph(id: infos[i].codepoint, cluster: Int(infos[i].cluster), advance: positions[i].x_advance,
                             xOffset: positions[i].x_offset, yOffset: positions[i].y_offset))
        }
    }

    func lineIterator(locale: String) throws(TextError) -> BreakIterator {
        // Texts in a row share a locale: the dictionary look-up and its access checks were ~500
        // instructions a text.
        if let last = lastLineIterator, last.locale == locale { return last.iterator }
        let iterator: BreakIterator
        if let known = lineIterators[locale] {
            iterator = known
        } else {
            iterator = try BreakIterator(TH_BREAK_LINE, locale: locale)
            lineIterators[locale] = iterator
        }
        lastLineIterator = (locale, iterator)
        return iterator
    }
    private var lastLineIterator: (locale: String, iterator: BreakIterator)?

    /// What this Shaper remembers about one font stack (its faces, sizes and language), found
    /// once per text: the memo of `fonts` measured with `glyphSpacing` per glyph (tracking, part of
    /// every width). CSS/Skia/Minikin letter and word spacing are not part of it: the memo's tables
    /// are the fonts' own, and the one width it keeps, a plain run's space, is read only on plain
    /// runs, which no letter or word spacing takes (`PreparedText.prepare`'s plainRuns).
    func memo(for fonts: FontStack, glyphSpacing: GlyphSpacing) -> StackMemo {
        // Batches measure one stack again and again: compare with the last one in place, before
        // building a key (two arrays a text otherwise).
        // Read in place: binding `lastMemo` to a constant retained its three arrays and string.
        if lastMemo?.key.matches(fonts, glyphSpacing: glyphSpacing) == true,
           let memo = lastMemo?.memo {
            return memo
        }
        let perGlyph = fonts.fonts.map { glyphSpacing.perGlyph($0) }
        let key = StackMemo.Key(faces: fonts.fonts.map { $0.instance.serial }, sizes: fonts.fonts.flatMap { [$0.size, $0.scale] },
                           spacing: perGlyph, language: fonts.language ?? "", fonts: fonts.fonts,
                           glyphSpacing: glyphSpacing)
        // Bounded as the width caches are (`maxCaches`): a long-lived Shaper (one lent to over-wide words by
        // `LentShapers`, an app's) meets many stacks (every Dynamic Type size is one), and a memo holds a few
        // hundred KB of tables. The caller keeps the memo it gets alive while it prepares a text.
        if memos[key] == nil && memos.count >= Shaper.maxMemos { memos.removeAll() }
        let memo = memos[key] ?? StackMemo(fonts: fonts.fonts, spacing: perGlyph, plainCaches: fonts.fonts.map {
            widthCache(for: $0.instance, language: fonts.language ?? "", ligatures: true, script: 0)
        })
        memos[key] = memo
        lastMemo = (key, memo)
        return memo
    }
    private var lastMemo: (key: StackMemo.Key, memo: StackMemo)?
    private var memos: [StackMemo.Key: StackMemo] = [:]

    static let maxMemos = 64
    /// How many font stacks' memos are kept (for the tests of the bound).
    var memoCount: Int { memos.count }

    private func widthCache(for instance: FaceInstance, language: String, ligatures: Bool,
                            script: UInt32) -> WidthCache {
        // Consecutive lookups almost always hit the same face: skip hashing the language string.
        let face = instance.serial
        if let last = lastCache, last.key.face == face, last.key.ligatures == ligatures, last.key.script == script,
           last.key.language == language { return last.cache }
        let key = CacheKey(face: face, language: language, ligatures: ligatures, script: script)
        // One cache per instance and language; many sizes of a variable font make many instances,
        // so memory stays bounded by starting over.
        if caches[key] == nil && caches.count >= Shaper.maxCaches { caches.removeAll() }
        let cache = caches[key] ?? WidthCache()
        caches[key] = cache
        lastCache = (key, cache)
        return cache
    }
    private var lastCache: (key: CacheKey, cache: WidthCache)?
    static let maxCaches = 64

    private func hbLanguage(_ tag: String) -> hb_language_t? {
        if let known = languages[tag] { return known }
        let language = hb_language_from_string(tag, -1)
        languages[tag] = language
        return language
    }

    /// Shapes with script, direction and language guessed from the slice; calls `glyph(cluster, advance)`.
    private func shape(_ units: UnsafeBufferPointer<UInt16>, in font: Font, language: String?, ligatures: Bool = true,
                       script: UInt32 = 0, glyph: (Int, Int32, Bool) -> Void) -> (advance: Int64, missing: Int32, advancing: Int32) {
        shape(units, instance: font.instance, language: language, ligatures: ligatures, script: script, glyph: glyph)
    }

    /// `context`: the text `units` lie in; HarfBuzz reads the characters around them from it (Arabic joining
    /// across a line break: Blink's CaseMappingHarfBuzzBufferFiller hands HarfBuzz the whole text and the range).
    private func shape(_ units: UnsafeBufferPointer<UInt16>, instance: FaceInstance, language: String?, ligatures: Bool = true,
                       script: UInt32 = 0, context: UnsafeBufferPointer<UInt16>? = nil,
                       glyph: (Int, Int32, Bool) -> Void) -> (advance: Int64, missing: Int32, advancing: Int32) {
        guard let base = units.baseAddress else { return (0, 0, 0) }
        hb_buffer_clear_contents(buffer)
        // HarfBuzz numbers clusters from the start of what it was handed, context included.
        var clusterOffset = 0
        if let context, let contextBase = context.baseAddress, base >= contextBase,
           base - contextBase + units.count <= context.count {
            clusterOffset = base - contextBase
            hb_buffer_add_utf16(buffer, contextBase, Int32(context.count), UInt32(clusterOffset), Int32(units.count))
        } else {
            hb_buffer_add_utf16(buffer, base, Int32(units.count), 0, Int32(units.count))
        }
        if let language, let tag = hbLanguage(language) { hb_buffer_set_language(buffer, tag) }
        if script != 0 { hb_buffer_set_script(buffer, hb_script_t(rawValue: script)) }
        hb_buffer_guess_segment_properties(buffer)
        // No point size is set (hb_font_set_ptem), so no HarfBuzz version applies `trak` itself:
        // GlyphSpacing applies CoreText's rule.
        // CSS letter-spacing drops liga, clig and calt here; a TextKit `.tracking` font's instance
        // carries its own (liga and clig off: Font.withoutOptionalLigatures).
        let features = ligatures ? instance.features : Shaper.noLigatures
        if features.isEmpty {
            hb_shape(instance.hbFont, buffer, nil, 0)
        } else {
            features.withUnsafeBufferPointer { hb_shape(instance.hbFont, buffer, $0.baseAddress, UInt32($0.count)) }
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return (0, 0, 0) }
        // 64-bit: a 2-million-character word overflows 32 bits of font units.
        var advance: Int64 = 0
        var missing: Int32 = 0
        var advancing: Int32 = 0
        for i in 0..<Int(count) {
            advance += Int64(positions[i].x_advance)
            if infos[i].codepoint == 0 { missing += 1 }
            if positions[i].x_advance != 0 { advancing += 1 }
            let flags = hb_glyph_info_get_glyph_flags(infos + i).rawValue
            glyph(Int(infos[i].cluster) - clusterOffset, positions[i].x_advance,
                  flags & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0)
        }
        return (advance, missing, advancing)
    }
}
