import CHarfBuzz

/// Per font stack: the font chosen for single-character clusters, the joins already measured,
/// and each font's width cache for plain runs.
final class StackMemo {
    /// Per font of the stack, the cache of runs shaped in the stack's language with ligatures on
    /// and no context script: what most runs are.
    let plainCaches: [WidthCache]
    /// What measuring a plain run needs per font, read without a retain on the hot path: the
    /// memo holds the caches, and its key (the instances' serials) is only matched by stacks that
    /// hold the instances.
    struct PlainFont {
        let cache: Unmanaged<WidthCache>
        let instance: Unmanaged<FaceInstance>
        /// Points per font unit, and what each advancing glyph gains (tracking).
        let scale: Double
        let spacing: Double
    }
    let plainFonts: UnsafeMutablePointer<PlainFont>
    private let fontCount: Int
    /// Each font's per-glyph spacing (`GlyphSpacing.perGlyph`), shared by the texts measured with it.
    let glyphSpacing: [Double]
    /// The arrays of the last text's `Itemization`, for the next (`Itemization.handBack`).
    /// Unchecked: only swapped, by the itemization of one text at a time (dynamic checks of
    /// exclusive access cost about 40 instructions a swap).
    @exclusivity(unchecked) var spareScripts: [UInt8] = []
    @exclusivity(unchecked) var spareBoundaries: [UInt64] = []
    @exclusivity(unchecked) var spareRuns: [FontRun] = []

    /// `spacing`: each font's per-glyph spacing.
    init(fonts: [Font], spacing: [Double], plainCaches: [WidthCache]) {
        self.plainCaches = plainCaches
        glyphSpacing = spacing
        inertTables = .allocate(capacity: fonts.count << 8)
        inertKnown = ZeroedTable.allocate(Bool.self, count: fonts.count << 8)
        fontCount = fonts.count
        plainFonts = .allocate(capacity: fonts.count)
        spaceWidths = .allocate(capacity: fonts.count)
        spaceWidths.initialize(repeating: .nan, count: fonts.count)
        primaryHasSpace = fonts.first?.face.covers(" ") ?? false
        for (k, font) in fonts.enumerated() {
            (plainFonts + k).initialize(to: PlainFont(cache: .passUnretained(plainCaches[k]),
                                                      instance: .passUnretained(font.instance), scale: font.scale,
                                                      spacing: spacing[k]))
        }
    }

    /// Per font, the width of a lone U+0020 on a plain run, NaN until measured: most segments
    /// end with one, and its width depends on the font alone (appendSegment).
    let spaceWidths: UnsafeMutablePointer<Double>
    /// Whether the primary font has U+0020: then every lone space's cluster is in it (`Itemization.fontOfSpace`).
    let primaryHasSpace: Bool

    deinit {
        for key in 0..<(fontCount << 8) where inertKnown[key] {
            if let table = inertTables[key] { ZeroedTable.deallocate(table, count: 0x10000) }
        }
        ZeroedTable.deallocate(inertKnown, count: fontCount << 8)
        inertTables.deallocate()
        spaceWidths.deallocate()
        ZeroedTable.deallocate(bmpInfo, count: 0x10000)
        ZeroedTable.deallocate(emojiInfo, count: StackMemo.emojiBlocks.count)
        plainFonts.deinitialize(count: fontCount)
        plainFonts.deallocate()
    }

    /// Per BMP character, 0 until looked up, then `known` | `plain` when the primary font has it
    /// plainly (FontRuns.primaryCoversPlainly) | its script id; and apart from those, in
    /// `fontBits`, its font as a cluster of its own + 1 (0 until chosen).
    private let bmpInfo = ZeroedTable.allocate(UInt16.self, count: 0x10000)
    /// `bmpInfo` for `Itemization.init`'s loop over every unit, held in a local there: the field
    /// was loaded again at every unit (the stores to the scripts may alias it, for the compiler).
    /// A value with `known` never has the id `tooManyScripts` (not stored then).
    var bmpInfoTable: UnsafePointer<UInt16> { UnsafePointer(bmpInfo) }
    /// The same `info` for the emoji blocks of plane 1 (U+1F000–U+1FBFF), which cost a script and
    /// four emoji-property look-ups each time otherwise.
    private let emojiInfo = ZeroedTable.allocate(UInt16.self, count: StackMemo.emojiBlocks.count)
    private static let emojiBlocks = 0x1F000..<0x1FC00
    static let known: UInt16 = 0x8000, plain: UInt16 = 0x100, fontBits: UInt16 = 0x7E00
    private var scripts: [hb_script_t] = []
    /// More scripts than ids (Unicode has about 160): the text takes the plain path.
    static let tooManyScripts: UInt8 = 255

    /// `known` | `plain` | script id of `scalar`: 0 for a neutral character (Common, Inherited,
    /// Unknown), else an id of its script, the same for every text of this memo.
    @inline(__always)
    func info(_ scalar: UInt32, _ runs: FontRuns) -> UInt16 {
        // The BMP first, without the optional slot: this is the per-character loop of every text.
        if scalar < 0x10000 {
            let known = bmpInfo[Int(scalar)]
            if known & StackMemo.known != 0 { return known }
        } else if let slot = infoSlot(scalar), slot.pointee & StackMemo.known != 0 {
            return slot.pointee
        }
        return lookUpInfo(scalar, runs)
    }

    /// Where `info` keeps `scalar`'s value: a BMP or emoji-block character's slot, else nil.
    @inline(__always)
    private func infoSlot(_ scalar: UInt32) -> UnsafeMutablePointer<UInt16>? {
        if scalar < 0x10000 { return bmpInfo + Int(scalar) }
        if StackMemo.emojiBlocks.contains(Int(scalar)) { return emojiInfo + (Int(scalar) - StackMemo.emojiBlocks.lowerBound) }
        return nil
    }

    private func lookUpInfo(_ scalar: UInt32, _ runs: FontRuns) -> UInt16 {
        // ASCII letters are Latin, the rest of ASCII is Common: no lookup for the commonest case.
        let script = scalar < 0x80
            ? ((0x41...0x5A).contains(scalar) || (0x61...0x7A).contains(scalar) ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON)
            : hb_unicode_script(hb_unicode_funcs_get_default(), scalar)
        var id: UInt8 = 0
        if script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN {
            if let known = scripts.firstIndex(of: script) {
                id = UInt8(known + 1)
            } else if scripts.count < Int(StackMemo.tooManyScripts) - 2 {
                scripts.append(script)
                id = UInt8(scripts.count)
            } else {
                id = StackMemo.tooManyScripts
            }
        }
        let info = StackMemo.known | (runs.primaryCoversPlainly(scalar) ? StackMemo.plain : 0) | UInt16(id)
        // A BMP character's slot keeps its cluster font beside (`fontBits`; always 0 for emoji).
        if id != StackMemo.tooManyScripts, let slot = infoSlot(scalar) {
            slot.pointee = info | slot.pointee & StackMemo.fontBits
        }
        return info
    }

    /// The font of single scalars above the BMP (emoji; BMP characters keep theirs in `bmpInfo`),
    /// direct-mapped on the scalar's low bits: `scalar << 5 | font`, or `UInt32.max` when empty
    /// (scalars have 21 bits, a stack at most 32 fonts).
    private var choices = [UInt32](repeating: .max, count: 4096)
    /// `PreparedText.measureJoins`'s result per pair of graphemes (and where the join falls in
    /// it): the Double's bit pattern.
    let joins = WidthCache()

    /// Per font and script id (`font << 8 | id`), what each BMP character's joins need: 0 until
    /// asked, then `inertCharacter` or `touchedCharacter` (`InertGlyphs.isInert`, shared by the
    /// instance); a table made at the first join that asks (nil when no set qualifies).
    private let inertTables: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>
    private let inertKnown: UnsafeMutablePointer<Bool>
    private var inertGlyphs: [Int: InertGlyphs] = [:]
    private static let inertCharacter: UInt8 = 1, touchedCharacter: UInt8 = 2

    /// Whether `first` and `second` are both inert in runs of `fonts[font]` in the script of id
    /// `script` (`info`'s): shaped together, they shape as they do apart.
    func areInert(_ first: UInt16, _ second: UInt16, font: Int, script: UInt8) -> Bool {
        guard font < fontCount, script != 0 else { return false }
        let key = font << 8 | Int(script)
        if !inertKnown[key] {
            let glyphs = Int(script) <= scripts.count
                ? plainFonts[font].instance.takeUnretainedValue().inertGlyphs(script: scripts[Int(script) - 1]) : nil
            inertGlyphs[key] = glyphs
            (inertTables + key).initialize(to: glyphs == nil ? nil : ZeroedTable.allocate(UInt8.self, count: 0x10000))
            inertKnown[key] = true
        }
        guard let table = inertTables[key] else { return false }
        let a = table[Int(first)], b = table[Int(second)]
        if a == StackMemo.inertCharacter && b == StackMemo.inertCharacter { return true }
        if a == StackMemo.touchedCharacter || b == StackMemo.touchedCharacter { return false }
        // A character seen for the first time by this memo: its verdict from the instance's set.
        guard let glyphs = inertGlyphs[key] else { return false }
        func verdict(_ unit: UInt16, _ known: UInt8) -> Bool {
            if known == 0 {
                table[Int(unit)] = glyphs.isInert(unit) ? StackMemo.inertCharacter : StackMemo.touchedCharacter
            }
            return table[Int(unit)] == StackMemo.inertCharacter
        }
        return verdict(first, a) && verdict(second, b)
    }

    /// The font of clusters of several characters (a base and its marks, a conjunct, an emoji
    /// sequence), keyed by their units: `FontRuns.fontIndex` asks every font's cmap.
    private let clusterFonts = WidthCache(maxEntries: 1 << 14, maxArenaUnits: 1 << 16)

    func font(of cluster: UnsafeBufferPointer<UInt16>, choose: () -> Int) -> Int {
        let hash = WidthCache.hash(cluster)
        if let known = clusterFonts.lookup(cluster, hash: hash) { return Int(known.advance) }
        let font = choose()
        clusterFonts.insert(cluster, hash: hash, advance: Int64(font), missingGlyphs: 0, advancingGlyphs: 0)
        return font
    }

    func font(for scalar: UInt32, choose: () -> Int) -> Int {
        if scalar < 0x10000 {
            // In the BMP table: no collisions between the thousands of CJK characters.
            let known = bmpInfo[Int(scalar)] & StackMemo.fontBits
            if known != 0 { return Int(known >> 9) - 1 }
            let font = choose()
            if font < 63 { bmpInfo[Int(scalar)] |= UInt16(font + 1) << 9 }
            return font
        }
        let slot = Int(scalar & 4095)
        let known = choices[slot]
        if known != .max && known >> 5 == scalar { return Int(known & 31) }
        let font = choose()
        choices[slot] = scalar << 5 | UInt32(font)
        return font
    }
}

extension StackMemo {
    /// What a memo is found by: the stack's fonts (faces at their coordinates, sizes, advance scales),
    /// their per-glyph spacing and the language.
    struct Key: Hashable {
        var faces: [UInt64]
        /// Each font's size and advance scale (FreeType's scale differs from size / units per em).
        var sizes: [Double]
        /// Each font's per-glyph spacing.
        var spacing: [Double]
        var language: String
        /// The stack's fonts and the spacing the key was made from (`matches`' shortcut), not
        /// part of its identity: `faces`, `sizes` and `spacing` say the same.
        var fonts: [Font]
        var glyphSpacing: GlyphSpacing

        static func == (a: Key, b: Key) -> Bool {
            a.faces == b.faces && a.sizes == b.sizes && a.spacing == b.spacing && a.language == b.language
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(faces)
            hasher.combine(sizes)
            hasher.combine(spacing)
            hasher.combine(language)
        }

        func matches(_ stack: FontStack, glyphSpacing: GlyphSpacing) -> Bool {
            guard faces.count == stack.fonts.count else { return false }
            // Compared without building `stack.language ?? ""` (a retained copy).
            if let other = stack.language { guard language == other else { return false } }
            else if !language.isEmpty { return false }
            // The very fonts array of the stack the key was made for (kept alive by the key, so
            // neither freed nor changed in place) with the same spacing: its fonts are the same
            // (a batch passes one stack for every text; ~250 instructions a text to compare).
            if glyphSpacing == self.glyphSpacing, Key.sameStorage(stack.fonts, fonts) { return true }
            for (k, font) in stack.fonts.enumerated()
            where faces[k] != font.instance.serial || sizes[2 * k] != font.size || sizes[2 * k + 1] != font.scale
                || spacing[k] != glyphSpacing.perGlyph(font) {
                return false
            }
            return true
        }

        /// Whether two arrays share their storage (then they hold the same elements).
        private static func sameStorage<T>(_ a: [T], _ b: [T]) -> Bool {
            a.count == b.count && a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
        }
    }
}
