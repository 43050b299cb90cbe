import TextHeight

/// Fixture fonts, by path from the package root (tests never read system fonts).
enum Fixtures {
    static let root: String = {
        // #filePath is …/Tests/TextHeightTests/Support/Fixtures.swift
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }()

    static func path(_ name: String) -> String { root + "/fixtures/fonts/" + name }

    /// DejaVu Sans Mono: unitsPerEm 2048, every glyph (.notdef included) advances 1233 units,
    /// hhea 1901 / −483 / 0 (read with fontTools: head.unitsPerEm, hmtx, hhea). At 20.48 pt one
    /// advance is exactly 12.33 pt and the natural line height (1901 + 483) × 0.01 = 23.84 pt.
    static func mono(size: Double = 20.48) throws -> Font {
        try Font(file: path("DejaVuSansMono.ttf"), size: size)
    }

    /// One DejaVu Sans Mono advance at 20.48 pt.
    static let cell = 12.33
    static let monoLineHeight = 23.84

    /// Inter Regular 4.0: unitsPerEm 2816, hhea ascender 2728, descender −680, lineGap 0
    /// (fontTools), so UIFont.lineHeight = 3408/2816 em.
    static func inter(size: Double) throws -> Font {
        try Font(file: path("Inter-Regular.otf"), size: size)
    }

    static func interLineHeight(_ size: Double) -> Double { 3408.0 * size / 2816.0 }
}

/// Line starts of a layout, the usual thing to compare with a platform.
func lineStarts(_ lines: [Line]) -> [Int] { lines.map(\.start) }

func approximately(_ a: Double, _ b: Double, within tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

extension Fixtures {
    /// The fonts of Minikin's line-breaker tests, rebuilt by fixtures/fonts/minikin/make-fonts.py
    /// from Minikin's tests/data/Ascii.ttx and CustomExtent.ttx: unitsPerEm 100, every ASCII
    /// character 100 units wide (10 px at 10 px), Skia ascent/descent −80/20 (Ascii) and
    /// −160/40 (CustomExtent, which has U+3042 U+3044 U+3046 U+3048 U+304A).
    static func minikinFonts(size: Double = 10) throws -> FontStack {
        try FontStack(try Font(file: path("minikin/MinikinAscii.ttf"), size: size),
                      fallbacks: [try Font(file: path("minikin/MinikinCustomExtent.ttf"), size: size)])
    }
}
