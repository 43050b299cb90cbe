import CFreeType
import TextHeight

/// Draws the glyphs of one font at one size with FreeType: outlines unhinted (the measuring path
/// uses unhinted advances, so hinting would move glyphs off the pen positions), anti-aliased, at
/// sub-pixel pen positions; colour bitmap strikes (CBDT, sbix) scaled from the strike's ppem to
/// the requested size, as browsers and CoreText scale emoji.
final class GlyphRasterizer {
    /// FreeType refuses nothing up to huge sizes, but a glyph bitmap grows with the square of the
    /// size: 4096 px per em is a 16-megapixel glyph at most.
    static let maxPixelsPerEm = 4096.0

    private let library: FT_Library
    private let face: FT_Face
    /// A copy of the font file: FreeType reads from it for as long as the face lives, and
    /// `FontFace.withBytes` lends its bytes only for the duration of a closure.
    private let bytes: UnsafeMutableRawBufferPointer
    private let loadFlags: FT_Int32
    /// Device pixels per strike pixel, for bitmap fonts; 1 for outlines.
    private let bitmapScale: Double
    private let isBitmap: Bool

    /// `pixelsPerEm` = the font size in points × device pixels per point; `variations`, one per
    /// axis of a variable font, are the coordinates the measurement shaped with.
    init(face fontFace: FontFace, pixelsPerEm: Double, variations: [FontVariation] = []) throws(RenderError) {
        guard pixelsPerEm.isFinite, pixelsPerEm > 0, pixelsPerEm <= GlyphRasterizer.maxPixelsPerEm else {
            throw .tooLarge("the font would be drawn at \(Int(pixelsPerEm)) px per em; the limit is \(Int(GlyphRasterizer.maxPixelsPerEm)) (lower --size or the render scale)")
        }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw .font("FreeType could not start") }
        let copy = fontFace.withBytes { source -> UnsafeMutableRawBufferPointer in
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(source.count, 1), alignment: 16)
            copy.copyMemory(from: source)
            return copy
        }
        var face: FT_Face?
        let error = FT_New_Memory_Face(library, copy.baseAddress?.assumingMemoryBound(to: FT_Byte.self),
                                       FT_Long(copy.count), FT_Long(fontFace.faceIndex), &face)
        let scale: Double, opened: FT_Face
        do throws(RenderError) {
            guard error == 0, let face else {
                throw .font("FreeType cannot open '\(fontFace.path)' for drawing (error \(error))")
            }
            opened = face
            if !variations.isEmpty {
                // FreeType's design coordinates are 16.16 fixed, in fvar axis order (FT_Set_Var_Design_Coordinates).
                var coordinates = variations.map { FT_Fixed(($0.value * 65536).rounded()) }
                guard FT_Set_Var_Design_Coordinates(face, FT_UInt(coordinates.count), &coordinates) == 0 else {
                    throw .font("FreeType cannot set the variation axes of '\(fontFace.path)'")
                }
            }
            scale = try GlyphRasterizer.setSize(face, pixelsPerEm: pixelsPerEm, bitmap: fontFace.isColorBitmap,
                                                path: fontFace.path)
        } catch {
            if let face { FT_Done_Face(face) }
            FT_Done_FreeType(library)
            copy.deallocate()
            throw error
        }
        self.library = library
        self.face = opened
        self.bytes = copy
        isBitmap = fontFace.isColorBitmap
        bitmapScale = scale
        var flags = FT_LOAD_NO_HINTING | FT_LOAD_RENDER
        if fontFace.hasColorGlyphs { flags |= FT_LOAD_COLOR }
        loadFlags = FT_Int32(flags)
    }

    /// Sizes an outline face to `pixelsPerEm`, or selects a bitmap face's strike; returns the
    /// device pixels per strike pixel (1 for outlines).
    private static func setSize(_ face: FT_Face, pixelsPerEm: Double, bitmap: Bool, path: String) throws(RenderError) -> Double {
        guard bitmap else {
            guard FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelsPerEm * 64).rounded()), 72, 72) == 0 else {
                throw .font("FreeType cannot size '\(path)' to \(pixelsPerEm) px")
            }
            return 1
        }
        // The smallest strike at least as large as the target (downscaling keeps detail), else the
        // largest; Noto Color Emoji has one, 109 ppem.
        let count = Int(face.pointee.num_fixed_sizes)
        guard count > 0, let sizes = face.pointee.available_sizes else {
            throw .font("'\(path)' has no bitmap strikes to draw")
        }
        var best = 0
        for i in 0..<count {
            let ppem = Double(sizes[i].y_ppem) / 64, bestPPEM = Double(sizes[best].y_ppem) / 64
            let fits = ppem >= pixelsPerEm, bestFits = bestPPEM >= pixelsPerEm
            if (fits && (!bestFits || ppem < bestPPEM)) || (!fits && !bestFits && ppem > bestPPEM) { best = i }
        }
        guard FT_Select_Size(face, FT_Int(best)) == 0, let size = face.pointee.size, size.pointee.metrics.y_ppem > 0 else {
            throw .font("FreeType cannot select a bitmap strike of '\(path)'")
        }
        return pixelsPerEm / Double(size.pointee.metrics.y_ppem)
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
        bytes.deallocate()
    }

    /// Draws `glyph` with its origin at (`x`, `baseline`) in device pixels; `color` tints
    /// coverage masks, colour bitmaps keep their own colours. A glyph FreeType cannot load is
    /// skipped: the picture still shows the line, its box and its numbers.
    func draw(_ glyph: UInt32, x: Double, baseline: Double, color: Color, into canvas: inout Canvas) {
        let originX = x.rounded(.down), originY = baseline.rounded(.down)
        guard originX.magnitude < 1e9, originY.magnitude < 1e9 else { return }
        if !isBitmap {
            // The sub-pixel remainder moves the outline before it is rendered (y points up in FreeType).
            var delta = FT_Vector(x: FT_Pos(((x - originX) * 64).rounded()), y: FT_Pos(-((baseline - originY) * 64).rounded()))
            FT_Set_Transform(face, nil, &delta)
        }
        guard FT_Load_Glyph(face, glyph, loadFlags) == 0, let slot = face.pointee.glyph else { return }
        let bitmap = slot.pointee.bitmap
        guard let buffer = bitmap.buffer, bitmap.rows > 0, bitmap.width > 0 else { return }
        let left = Int(originX), top = Int(originY)
        let rows = Int(bitmap.rows), columns = Int(bitmap.width), pitch = Int(bitmap.pitch)
        // A negative pitch means the rows are stored bottom-up (FT_Bitmap docs).
        let rowStart = { (row: Int) -> Int in pitch >= 0 ? row * pitch : (rows - 1 - row) * -pitch }
        switch Int32(bitmap.pixel_mode) {
        case Int32(FT_PIXEL_MODE_GRAY.rawValue):
            let x0 = left + Int(slot.pointee.bitmap_left), y0 = top - Int(slot.pointee.bitmap_top)
            for row in 0..<rows {
                let base = rowStart(row)
                for column in 0..<columns {
                    canvas.blend(x: x0 + column, y: y0 + row, color, coverage: Int(buffer[base + column]))
                }
            }
        case Int32(FT_PIXEL_MODE_MONO.rawValue):
            let x0 = left + Int(slot.pointee.bitmap_left), y0 = top - Int(slot.pointee.bitmap_top)
            for row in 0..<rows {
                let base = rowStart(row)
                for column in 0..<columns where buffer[base + column / 8] & (0x80 >> UInt8(column % 8)) != 0 {
                    canvas.blend(x: x0 + column, y: y0 + row, color)
                }
            }
        case Int32(FT_PIXEL_MODE_BGRA.rawValue):
            drawColorBitmap(buffer, rows: rows, columns: columns, rowStart: rowStart,
                            left: x - originX + Double(left), baseline: baseline,
                            bearingX: Double(slot.pointee.bitmap_left), bearingY: Double(slot.pointee.bitmap_top),
                            into: &canvas)
        default:
            return
        }
    }

    /// A premultiplied BGRA bitmap scaled by `bitmapScale` with a box filter: each device pixel
    /// averages the strike pixels whose centres fall inside it (at least the nearest one), so a
    /// 109 px emoji shrinks to 34 px without dropping lines.
    private func drawColorBitmap(_ buffer: UnsafeMutablePointer<UInt8>, rows: Int, columns: Int,
                                 rowStart: (Int) -> Int, left: Double, baseline: Double,
                                 bearingX: Double, bearingY: Double, into canvas: inout Canvas) {
        let s = bitmapScale
        let destLeft = left + bearingX * s, destTop = baseline - bearingY * s
        let x0 = Int(destLeft.rounded(.down)), y0 = Int(destTop.rounded(.down))
        let x1 = Int((destLeft + Double(columns) * s).rounded(.up)), y1 = Int((destTop + Double(rows) * s).rounded(.up))
        guard x1 > x0, y1 > y0 else { return }
        for dy in y0..<y1 where dy >= 0 && dy < canvas.height {
            // Source rows whose centres lie in [dy, dy + 1) after scaling.
            let sy0 = max(0, Int(((Double(dy) - destTop) / s - 0.5).rounded(.up)))
            let sy1 = min(rows - 1, max(sy0, Int(((Double(dy + 1) - destTop) / s - 0.5).rounded(.up)) - 1))
            guard sy0 < rows else { continue }
            for dx in x0..<x1 where dx >= 0 && dx < canvas.width {
                let sx0 = max(0, Int(((Double(dx) - destLeft) / s - 0.5).rounded(.up)))
                let sx1 = min(columns - 1, max(sx0, Int(((Double(dx + 1) - destLeft) / s - 0.5).rounded(.up)) - 1))
                guard sx0 < columns else { continue }
                var b = 0, g = 0, r = 0, a = 0, n = 0
                for sy in sy0...sy1 {
                    let base = rowStart(sy)
                    for sx in sx0...sx1 {
                        let p = base + sx * 4
                        b += Int(buffer[p]); g += Int(buffer[p + 1]); r += Int(buffer[p + 2]); a += Int(buffer[p + 3])
                        n += 1
                    }
                }
                canvas.blendPremultiplied(x: dx, y: dy, r: r / n, g: g / n, b: b / n, a: a / n)
            }
        }
    }
}
