import CFreeType
import CHarfBuzz
import CTextHeight

/// One face of a font file, loaded once and shared (read-only) by every measurement and thread.
///
/// FreeType validates the file and counts the faces of a collection; HarfBuzz (hb-ot functions)
/// shapes it. Advances are used in font units, unhinted, so results never depend on grid-fitting.
public final class FontFace: @unchecked Sendable {
    /// The path as given, or `<embedded Inter Regular>` for the default font.
    public let path: String
    public let faceIndex: Int
    public let metrics: VerticalMetrics
    public var unitsPerEm: Int { metrics.unitsPerEm }
    /// A colour bitmap font (CBDT or sbix strikes, no outlines), such as Noto Color Emoji.
    public let isColorBitmap: Bool
    /// Has colour glyphs of any kind (bitmaps or COLR layers): where emoji presentation goes.
    public let hasColorGlyphs: Bool
    /// Bitmap fonts advance by their strike, not `hmtx`: Noto Color Emoji is 136 px at 109 ppem
    /// (1.24771 em) where hmtx says 2550/2048 (1.24512 em); Chromium and CoreText lay out the
    /// bitmap. 1 for outline fonts.
    public let advanceCorrection: Double
    /// A colour bitmap font's first strike, as FreeType reads it (nil for outline fonts).
    public let strike: BitmapStrike?
    /// How the face's CJK punctuation looks, when it has `halt` (CSS text-spacing-trim).
    let hanKerning: HanKerning.FontData?
    /// The variation axes (`fvar`), empty for a static font.
    public let axes: [VariationAxis]
    /// The horizontal `trak` data, when the font has a valid table.
    public let trackingTable: TrackingTable?
    /// Has a `STAT` table: CoreText applies `trak` to custom fonts only then.
    public let hasStyleAttributes: Bool
    /// The font at the default coordinates, and the instances at others.
    let base: FaceInstance
    let instances = FaceInstances()
    /// The font kerns letters or digits against the space (Liberation Sans: space+A −113 units,
    /// T+space −37): shaping a whole run, as Blink does, counts those pairs across break opportunities.
    let kernsWithSpace: Bool
    /// cmap coverage of U+0000…U+007F, one bit each: the hot path of font fallback.
    private let asciiCoverage: (UInt64, UInt64)
    var hbFont: OpaquePointer { base.hbFont }

    /// HanKerning's font data for a text in `language` (the default for none).
    func hanKerning(language: String?) -> HanKerning.FontData? {
        guard let language, hanKerning != nil else { return hanKerning }
        return HanKerning.fontData(face: hbFace, font: hbFont, language: language)
    }
    private let hbFace: OpaquePointer
    private let bytes: FontBytes

    /// Loads `path`, or a face of a collection written `path#index` (e.g. `NotoSansCJK.ttc#2`).
    public convenience init(file spec: String) throws(FontError) {
        let (path, index) = FontFace.split(spec)
        try self.init(bytes: FontBytes(contentsOf: path), path: path, faceIndex: index)
    }

    /// Loads a font from memory (the bytes are copied); `name` stands for the path in errors.
    public convenience init(bytes: [UInt8], name: String, faceIndex: Int = 0) throws(FontError) {
        guard !bytes.isEmpty else { throw .notAFont(path: name, reason: "the file is empty") }
        try self.init(bytes: FontBytes(copying: bytes, name: name), path: name, faceIndex: faceIndex)
    }

    /// Loads face `faceIndex` of the file at `path`.
    public convenience init(path: String, faceIndex: Int = 0) throws(FontError) {
        try self.init(bytes: FontBytes(contentsOf: path), path: path, faceIndex: faceIndex)
    }

    /// The font compiled into the binary: Inter Regular 4.0 (OFL), the closest open relative of SF.
    /// Loaded once per process.
    public static func embeddedDefault() throws(FontError) -> FontFace { try embeddedResult.get() }

    private static let embeddedResult: Result<FontFace, FontError> = {
        let bytes = FontBytes(static: UnsafeRawPointer(th_default_font_data()), count: th_default_font_size())
        do throws(FontError) {
            return .success(try FontFace(bytes: bytes, path: "<embedded Inter Regular>", faceIndex: 0))
        } catch {
            return .failure(error)
        }
    }()

    init(bytes: FontBytes, path: String, faceIndex: Int) throws(FontError) {
        guard faceIndex >= 0 else { throw .faceIndexOutOfRange(path: path, index: faceIndex, faces: 0) }
        try FontFace.validate(bytes, path: path, faceIndex: faceIndex)
        guard let blob = hb_blob_create(bytes.pointer.assumingMemoryBound(to: CChar.self), UInt32(bytes.count),
                                        HB_MEMORY_MODE_READONLY, nil, nil),
              let face = hb_face_create(blob, UInt32(faceIndex))
        else { throw .notAFont(path: path, reason: "HarfBuzz cannot open it") }
        hb_blob_destroy(blob)  // the face keeps its own reference
        let upem = Int(hb_face_get_upem(face))
        guard upem > 0, hb_face_get_glyph_count(face) > 0 else {
            hb_face_destroy(face)
            throw .notAFont(path: path, reason: "it has no glyphs or no units per em")
        }
        guard let metrics = VerticalMetrics.read(from: face, unitsPerEm: upem) else {
            hb_face_destroy(face)
            throw .missingTable(path: path, table: "hhea")
        }
        hb_face_make_immutable(face)
        let has = { (tag: String) in TableBytes(face: face, tag: tag) != nil }
        let outlines = has("glyf") || has("CFF ") || has("CFF2")
        isColorBitmap = !outlines && (has("CBDT") || has("sbix"))
        hasColorGlyphs = has("CBDT") || has("sbix") || has("COLR")
        guard let font = hb_font_create(face) else {
            hb_face_destroy(face)
            throw .notAFont(path: path, reason: "HarfBuzz cannot create a font")
        }
        // hb_font_create installs the hb-ot functions with scale = upem: advances come in font units.
        hb_font_make_immutable(font)
        hanKerning = HanKerning.fontData(face: face, font: font)
        kernsWithSpace = FontFace.kernsWithSpace(font)
        strike = isColorBitmap ? FontFace.firstStrike(bytes, faceIndex: faceIndex, font: font) : nil
        advanceCorrection = strike.map { ($0.advance / $0.ppem) / ($0.hmtxAdvance / Double(upem)) } ?? 1
        var coverage: (UInt64, UInt64) = (0, 0)
        for code in 0..<128 {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font, hb_codepoint_t(code), &glyph) != 0 else { continue }
            if code < 64 { coverage.0 |= 1 << UInt64(code) } else { coverage.1 |= 1 << UInt64(code - 64) }
        }
        asciiCoverage = coverage
        axes = FaceInstances.axes(of: face)
        trackingTable = TableBytes(face: face, tag: "trak").flatMap(TrackingTable.init)
        hasStyleAttributes = has("STAT")
        self.path = path
        self.faceIndex = faceIndex
        self.metrics = metrics
        self.hbFace = face
        self.base = FaceInstance(hbFont: font)
        self.bytes = bytes
    }

    deinit { hb_face_destroy(hbFace) }

    /// The instance at `coordinates` (one per axis): the default font when they are the defaults.
    func instance(at coordinates: [Double], optionalLigatures: Bool = true) -> FaceInstance {
        if optionalLigatures && (coordinates.isEmpty || coordinates == axes.map(\.defaultValue)) { return base }
        return instances.instance(of: hbFace, axes: axes, at: coordinates, optionalLigatures: optionalLigatures) ?? base
    }

    /// The font file's bytes, for a rasterizer (FreeType) that draws what was measured.
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: bytes.pointer, count: bytes.count))
    }

    /// A digest of the font file's bytes (FNV-1a, 64 bits), so golden files can tell that a font
    /// changed under the same path.
    public var digest: String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        let bytes = UnsafeRawBufferPointer(start: self.bytes.pointer, count: self.bytes.count)
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let hex = String(h, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Whether the face maps `scalar` to a glyph (its cmap, no shaping).
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 64 { return asciiCoverage.0 & (1 << UInt64(value)) != 0 }
        if value < 128 { return asciiCoverage.1 & (1 << UInt64(value - 64)) != 0 }
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0
    }

    /// `a.ttc#2` → ("a.ttc", 2); a `#` not followed by digits only is part of the path.
    static func split(_ spec: String) -> (path: String, index: Int) {
        guard let hash = spec.lastIndex(of: "#") else { return (spec, 0) }
        let digits = spec[spec.index(after: hash)...]
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let index = Int(digits)
        else { return (spec, 0) }
        return (String(spec[..<hash]), index)
    }

    /// FreeType's verdict on the bytes: a readable sfnt and an existing face index.
    private static func validate(_ bytes: FontBytes, path: String, faceIndex: Int) throws(FontError) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw .unreadable(path: path, reason: "FreeType could not start")
        }
        defer { FT_Done_FreeType(library) }
        let base = bytes.pointer.assumingMemoryBound(to: FT_Byte.self)
        var face: FT_Face?
        // Face index -1 asks only for the number of faces (FT_Open_Face docs).
        var error = FT_New_Memory_Face(library, base, FT_Long(bytes.count), -1, &face)
        guard error == 0, let probe = face else {
            throw .notAFont(path: path, reason: describe(freeTypeError: error))
        }
        let faces = Int(probe.pointee.num_faces)
        FT_Done_Face(probe)
        guard faceIndex < faces else { throw .faceIndexOutOfRange(path: path, index: faceIndex, faces: faces) }
        face = nil
        error = FT_New_Memory_Face(library, base, FT_Long(bytes.count), FT_Long(faceIndex), &face)
        guard error == 0, let opened = face else {
            throw .notAFont(path: path, reason: describe(freeTypeError: error))
        }
        FT_Done_Face(opened)
    }

    /// The strike advance over the hmtx advance of one emoji glyph (FreeType renders the strike).
    /// Whether shaping "x " or " x" differs from the glyphs' own advances for an ASCII letter or digit.
    private static func kernsWithSpace(_ font: OpaquePointer) -> Bool {
        guard let buffer = hb_buffer_create() else { return false }
        defer { hb_buffer_destroy(buffer) }
        var space: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font, 0x20, &space) != 0 else { return false }
        let spaceAdvance = hb_font_get_glyph_h_advance(font, space)
        let alphanumerics = Array(0x30...0x39) + Array(0x41...0x5A) + Array(0x61...0x7A)
        for code in alphanumerics {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font, hb_codepoint_t(code), &glyph) != 0 else { continue }
            let apart = Int(hb_font_get_glyph_h_advance(font, glyph)) + Int(spaceAdvance)
            for pair in [[UInt16(code), 0x20], [0x20, UInt16(code)]] {
                hb_buffer_clear_contents(buffer)
                pair.withUnsafeBufferPointer { hb_buffer_add_utf16(buffer, $0.baseAddress, 2, 0, 2) }
                hb_buffer_guess_segment_properties(buffer)
                hb_shape(font, buffer, nil, 0)
                var count: UInt32 = 0
                guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { continue }
                var together = 0
                for i in 0..<Int(count) { together += Int(positions[i].x_advance) }
                if together != apart { return true }
            }
        }
        return false
    }

    private static func firstStrike(_ bytes: FontBytes, faceIndex: Int, font: OpaquePointer) -> BitmapStrike? {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        guard FT_New_Memory_Face(library, bytes.pointer.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count),
                                 FT_Long(faceIndex), &face) == 0, let face else { return nil }
        defer { FT_Done_Face(face) }
        guard face.pointee.num_fixed_sizes > 0, FT_Select_Size(face, 0) == 0 else { return nil }
        // U+1F600 GRINNING FACE, or the first mapped glyph.
        var charcode: FT_ULong = 0x1F600
        var glyph = FT_Get_Char_Index(face, charcode)
        if glyph == 0 { charcode = FT_Get_First_Char(face, &glyph) }
        // The strike's metrics without decoding its PNG (FT_LOAD_BITMAP_METRICS_ONLY, FreeType 2.7.1):
        // the same advance, read from the CBDT/sbix record, without inflating the PNG.
        guard glyph != 0, FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_COLOR | FT_LOAD_BITMAP_METRICS_ONLY)) == 0,
              let slot = face.pointee.glyph, let size = face.pointee.size else { return nil }
        let metrics = size.pointee.metrics
        let strike = BitmapStrike(ppem: Double(metrics.y_ppem), advance: Double(slot.pointee.metrics.horiAdvance) / 64,
                                  hmtxAdvance: Double(hb_font_get_glyph_h_advance(font, glyph)),
                                  ascender: Double(metrics.ascender) / 64, descender: Double(metrics.descender) / 64,
                                  height: Double(metrics.height) / 64)
        guard strike.ppem > 0, strike.advance > 0, strike.hmtxAdvance > 0 else { return nil }
        return strike
    }

    private static func describe(freeTypeError error: FT_Error) -> String {
        // Debian's FreeType is built without FT_Error_String tables; name the common ones (fterrdef.h).
        switch error {
        case 0x02: return "unknown file format"
        case 0x03: return "broken file"
        case 0x04: return "unsupported font format version"
        case 0x08, 0x09, 0x0A, 0x0B: return "invalid glyph data"
        case 0x40: return "out of memory"
        case 0x51, 0x52, 0x53, 0x55: return "the file is truncated or a table is invalid"
        case 0x8E, 0x8F: return "a required table is missing"
        default: return "FreeType error \(error)"
        }
    }
}

/// A bitmap font's strike: its size in pixels per em, one glyph's advance there (Noto Color Emoji: 136 at
/// 109 ppem, the same for every emoji) against its hmtx advance in font units, and the strike's line metrics
/// in pixels (`FT_Size_Metrics` of the selected size: 101, −27, 128 at 109 ppem).
public struct BitmapStrike: Sendable, Equatable {
    public var ppem: Double
    public var advance: Double
    public var hmtxAdvance: Double
    public var ascender: Double
    public var descender: Double
    public var height: Double
}

/// A face at a size in points (px for CSS), at the variation coordinates that size and the
/// settings give (`opsz` follows the size by default).
public struct Font: Sendable {
    public let face: FontFace
    public let size: Double
    /// The coordinates shaped with, one per axis in `fvar` order; empty for a static font.
    public let variations: [FontVariation]
    /// The HarfBuzz font at those coordinates.
    let instance: FaceInstance
    /// Points per font unit of advance (bitmap strike corrections included).
    public let scale: Double

    private init(face: FontFace, size: Double, variations: [FontVariation], instance: FaceInstance,
                 scale: Double) {
        self.face = face
        self.size = size
        self.variations = variations
        self.instance = instance
        self.scale = scale
    }

    /// The same font with advances scaled as FreeType scales them, which Skia's FreeType port reads
    /// (SkParagraph, Chromium on Linux): `FT_Set_Char_Size` makes x_scale = FT_DivFix(size in 26.6,
    /// units per em), a 16.16 number of 1/64 px per unit, and `linearHoriAdvance` is units × x_scale.
    /// Skia m144 measured: Inter (2,816 units) at 14 px gives "f" (1,016 units) 5.0510559 px, which is
    /// 1,016 × 20,852 / 2²², not 1,016 × 14 / 2,816 = 5.0511364.
    ///
    /// A colour bitmap font advances by its strike scaled to the size in fixed point: size / ppem in float
    /// cut to 16.16 (SkScalarToFixed), times the strike's 26.6 advance (FT_MulFix, rounding), so on the 1/64 px
    /// grid. Its glyphs share one advance, so one scale does it. Skia m144 measured 😀 (136 px at 109 ppem):
    /// 16 px 1278/64 (factor 9620: 8704 × 9620 / 65536 = 1277.65), 9.5 px 758/64 (5711: 758.45), where
    /// 136 / 109 × 9.5 × 64 = 758.61 would round up; all 84 sizes from 8 to 49.5 px agree.
    func withFreeTypeScale() -> Font {
        if let strike = face.strike {
            let factor = Int64((Float(size) / Float(strike.ppem) * 65536).rounded(.towardZero))
            let snapped = Double((Int64(strike.advance * 64) * factor + 0x8000) >> 16) / 64
            return Font(face: face, size: size, variations: variations, instance: instance,
                        scale: snapped / strike.hmtxAdvance)
        }
        let units = Int64(face.unitsPerEm)
        let xScale = ((Int64((size * 64).rounded()) << 16) + units / 2) / units
        return Font(face: face, size: size, variations: variations, instance: instance,
                    scale: Double(xScale) / 4_194_304 * face.advanceCorrection)
    }

    /// The same font shaped without optional ligatures (`liga`, `clig`): CoreText drops them under a
    /// non-zero `.tracking` ("a nonzero amount of tracking disables nonessential ligatures, unless
    /// the ligature attribute is present", Apple's `.tracking` docs).
    func withoutOptionalLigatures() -> Font {
        Font(face: face, size: size, variations: variations,
             instance: face.instance(at: variations.map(\.value), optionalLigatures: false), scale: scale)
    }

    public init(face: FontFace, size: Double, variation: VariationSettings = .default) throws(FontError) {
        guard size.isFinite, size > 0 else { throw .invalidSize(size) }
        self.face = face
        self.size = size
        let coordinates = variation.coordinates(for: face, size: size)
        variations = zip(face.axes, coordinates).map { FontVariation(tag: $0.tag, value: $1) }
        instance = face.instance(at: coordinates)
        scale = size / Double(face.unitsPerEm) * face.advanceCorrection
    }

    /// `Font(file: "fixtures/fonts/Inter-Regular.otf", size: 17)`; `path#index` picks a collection face.
    public init(file spec: String, size: Double, variation: VariationSettings = .default) throws(FontError) {
        try self.init(face: FontFace(file: spec), size: size, variation: variation)
    }

    public static func embeddedDefault(size: Double) throws(FontError) -> Font {
        try Font(face: FontFace.embeddedDefault(), size: size)
    }

    /// Points per font unit of vertical metrics.
    public var metricsScale: Double { size / Double(face.unitsPerEm) }
}
