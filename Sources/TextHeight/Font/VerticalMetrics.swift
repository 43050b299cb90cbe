import CHarfBuzz

/// A face's vertical metrics in font units, read straight from the `hhea` and `OS/2` tables.
///
/// Apple platforms take `UIFont.ascender/descender/leading` from `hhea` whatever OS/2 says
/// (Google Fonts' VerticalMetrics guide). FreeType's `face->ascender` switches to OS/2 typo values
/// when USE_TYPO_METRICS is set and its `size->metrics` are grid-fitted, so neither is used here.
public struct VerticalMetrics: Equatable, Sendable {
    public var unitsPerEm: Int
    /// `hhea.ascender`, `hhea.descender` (negative below the baseline), `hhea.lineGap`.
    public var hheaAscender: Int
    public var hheaDescender: Int
    public var hheaLineGap: Int
    /// `OS/2.sTypoAscender/Descender/LineGap`, `usWinAscent/Descent`, and fsSelection bit 7.
    public var typoAscender: Int
    public var typoDescender: Int
    public var typoLineGap: Int
    public var winAscent: Int
    public var winDescent: Int
    public var useTypoMetrics: Bool
    public var hasOS2: Bool
    /// `head.yMin`/`head.yMax`: the font's bounding box, FreeType's `face->bbox` (Skia's top/bottom).
    public var headYMin: Int = 0
    public var headYMax: Int = 0
}

extension VerticalMetrics {
    /// Reads the tables of `face`; nil when `hhea` is missing or too short.
    static func read(from face: OpaquePointer, unitsPerEm: Int) -> VerticalMetrics? {
        guard let hhea = TableBytes(face: face, tag: "hhea"), hhea.count >= 10 else { return nil }
        // hhea: version(4) ascender(2) descender(2) lineGap(2), big-endian FWORDs.
        var metrics = VerticalMetrics(
            unitsPerEm: unitsPerEm,
            hheaAscender: hhea.int16(at: 4), hheaDescender: hhea.int16(at: 6), hheaLineGap: hhea.int16(at: 8),
            typoAscender: 0, typoDescender: 0, typoLineGap: 0, winAscent: 0, winDescent: 0,
            useTypoMetrics: false, hasOS2: false)
        // OS/2: fsSelection at 62, sTypoAscender 68, sTypoDescender 70, sTypoLineGap 72,
        // usWinAscent 74, usWinDescent 76 (present since version 0).
        if let os2 = TableBytes(face: face, tag: "OS/2"), os2.count >= 78 {
            metrics.hasOS2 = true
            metrics.useTypoMetrics = os2.uint16(at: 62) & (1 << 7) != 0
            metrics.typoAscender = os2.int16(at: 68)
            metrics.typoDescender = os2.int16(at: 70)
            metrics.typoLineGap = os2.int16(at: 72)
            metrics.winAscent = os2.uint16(at: 74)
            metrics.winDescent = os2.uint16(at: 76)
        }
        // head: xMin 36, yMin 38, xMax 40, yMax 42.
        if let head = TableBytes(face: face, tag: "head"), head.count >= 44 {
            metrics.headYMin = head.int16(at: 38)
            metrics.headYMax = head.int16(at: 42)
        }
        return metrics
    }
}

/// One OpenType table of a HarfBuzz face, referenced until this value is released.
final class TableBytes {
    private let blob: OpaquePointer
    private let base: UnsafePointer<CChar>?
    let count: Int

    init?(face: OpaquePointer, tag: String) {
        let utf8 = Array(tag.utf8)
        guard utf8.count == 4 else { return nil }
        let code = UInt32(utf8[0]) << 24 | UInt32(utf8[1]) << 16 | UInt32(utf8[2]) << 8 | UInt32(utf8[3])
        guard let blob = hb_face_reference_table(face, code) else { return nil }
        var length: UInt32 = 0
        let data = hb_blob_get_data(blob, &length)
        guard length > 0 else {
            hb_blob_destroy(blob)
            return nil
        }
        self.blob = blob
        self.base = data
        self.count = Int(length)
    }

    deinit { hb_blob_destroy(blob) }

    func uint16(at offset: Int) -> Int {
        guard let base, offset + 2 <= count else { return 0 }
        let raw = UnsafeRawPointer(base)
        return Int(raw.load(fromByteOffset: offset, as: UInt8.self)) << 8
            | Int(raw.load(fromByteOffset: offset + 1, as: UInt8.self))
    }

    func int16(at offset: Int) -> Int { Int(Int16(truncatingIfNeeded: uint16(at: offset))) }

    func int32(at offset: Int) -> Int {
        guard offset + 4 <= count else { return 0 }
        return Int(Int32(truncatingIfNeeded: uint16(at: offset) << 16 | uint16(at: offset + 2)))
    }
}
