/// Size-dependent tracking: the AAT `trak` table as CoreText applies it, and the
/// `NSAttributedString` `.kern` / `.tracking` attributes.
///
/// Problem: CoreText adds the font's tracking for the point size to every glyph advance (SF Pro
/// at 17 pt: about −0.43 pt a glyph, 5 % of a Latin text's width); FreeType and HarfBuzz widths
/// do not include it, and Debian's HarfBuzz 6 applies `trak` its own way (it rounds, extrapolates
/// and shifts glyphs by half the value; HarfBuzz 11 changed all three).
/// Approach: read the table's bytes here and apply one fixed rule, so widths do not move with the
/// HarfBuzz version (the shaper never sets a point size, so HarfBuzz 6 never applies `trak`).
/// Limits: only the horizontal track data; `nTracks` interpolation as HarfBuzz 11 does it.

/// The horizontal data of a `trak` table: per-size values of every track, in font units.
///
/// Apple TrueType Reference Manual, "The 'trak' table": version 1.0, format 0, horizData offset
/// at byte 6; TrackData = nTracks, nSizes, sizeTable offset (32-bit, from the table start), then
/// nTracks entries of (track Fixed, nameIndex, offset of nSizes FWORD values).
public struct TrackingTable: Sendable, Equatable {
    /// Point sizes, ascending (16.16 fixed in the file).
    public var sizes: [Double]
    /// Track values (−1 tight, 0 normal, 1 loose) with their per-size values.
    public var tracks: [(track: Double, values: [Int])]

    public static func == (a: TrackingTable, b: TrackingTable) -> Bool {
        a.sizes == b.sizes && a.tracks.count == b.tracks.count
            && zip(a.tracks, b.tracks).allSatisfy { $0.track == $1.track && $0.values == $1.values }
    }

    /// Parses the table; nil when it is absent, truncated or has no horizontal data.
    init?(_ table: TableBytes) {
        guard table.count >= 12, table.uint16(at: 0) == 1, table.uint16(at: 4) == 0 else { return nil }
        let data = table.uint16(at: 6)
        guard data > 0, data + 8 <= table.count else { return nil }
        let trackCount = table.uint16(at: data), sizeCount = table.uint16(at: data + 2)
        let sizeTable = table.uint16(at: data + 4) << 16 | table.uint16(at: data + 6)
        guard trackCount > 0, sizeCount > 0, sizeTable + 4 * sizeCount <= table.count,
              data + 8 + 8 * trackCount <= table.count else { return nil }
        sizes = (0..<sizeCount).map { Double(table.int32(at: sizeTable + 4 * $0)) / 65536 }
        var tracks: [(Double, [Int])] = []
        for t in 0..<trackCount {
            let entry = data + 8 + 8 * t
            let values = table.uint16(at: entry + 6)
            guard values + 2 * sizeCount <= table.count else { return nil }
            tracks.append((Double(table.int32(at: entry)) / 65536, (0..<sizeCount).map { table.int16(at: values + 2 * $0) }))
        }
        self.tracks = tracks
    }

    public init(sizes: [Double], tracks: [(track: Double, values: [Int])]) {
        self.sizes = sizes
        self.tracks = tracks
    }

    /// The normal track (0) at `pointSize`, in font units.
    ///
    /// HarfBuzz's rewrite to match CoreText (hb-aat-layout-trak-table.hh, `TrackData::get_tracking`
    /// and `TrackTableEntry::get_value`, 2025; harfbuzz#5049, #5052): linear interpolation between
    /// the two sizes around `pointSize`, the first or last value outside the table (no
    /// extrapolation), no rounding; between two tracks when none is exactly 0. The TrueType
    /// Reference Manual allows extrapolation; CoreText's choice is what HarfBuzz now follows.
    public func value(atPointSize pointSize: Double, track: Double = 0) -> Double {
        guard let first = tracks.first else { return 0 }
        if tracks.count == 1 { return valueOf(first.values, at: pointSize) }
        var i = 0, j = tracks.count - 1
        while i + 1 < tracks.count && tracks[i + 1].track <= track { i += 1 }
        while j > 0 && tracks[j - 1].track >= track { j -= 1 }
        let a = valueOf(tracks[i].values, at: pointSize)
        if i == j || tracks[i].track == tracks[j].track { return a }
        let b = valueOf(tracks[j].values, at: pointSize)
        return a + (track - tracks[i].track) / (tracks[j].track - tracks[i].track) * (b - a)
    }

    private func valueOf(_ values: [Int], at size: Double) -> Double {
        guard let i = sizes.firstIndex(where: { $0 >= size }) else { return Double(values[values.count - 1]) }
        if i == 0 || sizes[i] == size { return Double(values[i]) }
        let s0 = sizes[i - 1], s1 = sizes[i]
        let t = (size - s0) / (s1 - s0)
        return Double(values[i - 1]) + t * Double(values[i] - values[i - 1])
    }
}

/// What a platform adds to glyph advances beyond shaping: CoreText's tracking and the
/// `NSAttributedString` spacing attributes. Chromium adds nothing (`.none`): Chromium on Linux
/// ignores `trak` (measured: widths unchanged to 1/64 px with a `trak` + `STAT` font).
public struct GlyphSpacing: Sendable, Equatable, Hashable {
    /// Add the font's `trak` value for the point size (fonts with `trak` and `STAT` only).
    public var fontTracking: Bool
    /// `NSAttributedString.Key.kern`, points after each glyph.
    public var kern: Double
    /// `NSAttributedString.Key.tracking` (iOS 14+), points after each glyph.
    public var tracking: Double

    public init(fontTracking: Bool, kern: Double = 0, tracking: Double = 0) {
        self.fontTracking = fontTracking
        self.kern = kern
        self.tracking = tracking
    }

    /// Shaped advances only (Chromium).
    public static let none = GlyphSpacing(fontTracking: false)
    /// CoreText's default: the font's own tracking.
    public static let coreText = GlyphSpacing(fontTracking: true)

    /// What hangs at a line end like trailing white space: `.tracking` after a line's last glyph
    /// ("the system treats tracking as trailing whitespace", Apple's `.tracking` docs; CoreText's
    /// "added tracking is treated as trailing whitespace"). `.kern` and the font's `trak` count.
    public var hangingTracking: Double { tracking }

    /// Points added to each glyph that advances, for `font`.
    ///
    /// CTStringAttributes.h (`kCTTrackingAttributeName`): "If both kCTKernAttributeName and
    /// kCTTrackingAttributeName are present kCTKernAttributeName will be ignored unless zero;
    /// kCTTrackingAttributeName will still be honored." Apple's `.tracking` docs call it "the amount
    /// to modify the default tracking": it adds to the font's `trak` value.
    public func perGlyph(_ font: Font) -> Double {
        let explicit = tracking != 0 ? tracking : kern
        return (fontTracking ? font.fontTracking : 0) + explicit
    }
}

extension Font {
    /// CoreText's automatic tracking at this size, in points per glyph: the `trak` table's normal
    /// track at the point size × size / unitsPerEm ("the stored or calculated FUnit value in ems is
    /// multiplied by the point size and added to the advance widths of each glyph", TrueType
    /// Reference Manual). Custom fonts get it only with a `STAT` table too (WWDC20 session 10175;
    /// HarfBuzz "[ot-shape] Only apply trak'ing if STAT table present", harfbuzz#5052). 0 otherwise.
    public var fontTracking: Double {
        guard let table = face.trackingTable, face.hasStyleAttributes else { return 0 }
        return table.value(atPointSize: size) * size / Double(face.unitsPerEm)
    }
}
