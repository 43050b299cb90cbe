/// An sRGB colour with straight (not premultiplied) alpha.
public struct Color: Sendable, Equatable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// `0xRRGGBB`.
    public init(hex: UInt32, alpha: UInt8 = 255) {
        self.init(UInt8(hex >> 16 & 0xFF), UInt8(hex >> 8 & 0xFF), UInt8(hex & 0xFF), alpha)
    }
}

/// An opaque RGBA image in memory, row-major, 4 bytes a pixel, drawn with source-over blending.
///
/// Every drawing call clips to the canvas, so callers may pass coordinates outside it (a glyph
/// overhanging the left edge, a line below the bottom).
public struct Canvas: Sendable {
    public let width: Int
    public let height: Int
    public private(set) var pixels: [UInt8]

    /// The largest picture drawn: 64 megapixels (256 MB of RGBA). Longer texts should be cut.
    public static let maxPixels = 64 << 20
    /// libpng and most viewers handle larger sides, but nobody reads a picture that tall.
    public static let maxSide = 32_767

    /// A canvas filled with `background`; nil when the size is zero, negative or over the limits.
    public init?(width: Int, height: Int, background: Color) {
        guard width > 0, height > 0, width <= Canvas.maxSide, height <= Canvas.maxSide,
              width * height <= Canvas.maxPixels else { return nil }
        self.width = width
        self.height = height
        let opaque = [background.r, background.g, background.b, 255]
        pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            for i in 0..<(width * height * 4) { buffer[i] = opaque[i & 3] }
            count = width * height * 4
        }
    }

    public func pixel(x: Int, y: Int) -> Color {
        let i = (y * width + x) * 4
        return Color(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Blends `color` over the pixel with an extra coverage (0…255), as glyph masks need.
    @inline(__always)
    public mutating func blend(x: Int, y: Int, _ color: Color, coverage: Int = 255) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let alpha = Int(color.a) * coverage / 255
        guard alpha > 0 else { return }
        let i = (y * width + x) * 4
        pixels[i] = UInt8((Int(color.r) * alpha + Int(pixels[i]) * (255 - alpha) + 127) / 255)
        pixels[i + 1] = UInt8((Int(color.g) * alpha + Int(pixels[i + 1]) * (255 - alpha) + 127) / 255)
        pixels[i + 2] = UInt8((Int(color.b) * alpha + Int(pixels[i + 2]) * (255 - alpha) + 127) / 255)
    }

    /// Blends a premultiplied colour (FreeType's BGRA bitmaps are premultiplied).
    @inline(__always)
    mutating func blendPremultiplied(x: Int, y: Int, r: Int, g: Int, b: Int, a: Int) {
        guard x >= 0, y >= 0, x < width, y < height, a > 0 else { return }
        let i = (y * width + x) * 4
        pixels[i] = UInt8(min(255, r + (Int(pixels[i]) * (255 - a) + 127) / 255))
        pixels[i + 1] = UInt8(min(255, g + (Int(pixels[i + 1]) * (255 - a) + 127) / 255))
        pixels[i + 2] = UInt8(min(255, b + (Int(pixels[i + 2]) * (255 - a) + 127) / 255))
    }

    /// Fills the pixels `x..<x+w`, `y..<y+h`, clipped.
    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, _ color: Color) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + max(0, w)), y1 = min(height, y + max(0, h))
        guard x0 < x1, y0 < y1 else { return }
        for row in y0..<y1 {
            for column in x0..<x1 { blend(x: column, y: row, color) }
        }
    }

    /// A horizontal line one pixel tall; `dash` > 0 draws `dash` pixels on, `dash` off.
    public mutating func horizontal(y: Int, from x0: Int, to x1: Int, _ color: Color, dash: Int = 0) {
        guard x0 < x1 else { return }
        for x in x0..<x1 where dash == 0 || ((x - x0) / dash) % 2 == 0 { blend(x: x, y: y, color) }
    }

    /// A vertical line one pixel wide; `dash` as in `horizontal`.
    public mutating func vertical(x: Int, from y0: Int, to y1: Int, _ color: Color, dash: Int = 0) {
        guard y0 < y1 else { return }
        for y in y0..<y1 where dash == 0 || ((y - y0) / dash) % 2 == 0 { blend(x: x, y: y, color) }
    }

    /// The outline of the pixels `x..<x+w`, `y..<y+h`: the edges are the first and last rows and
    /// columns inside that rectangle.
    public mutating func stroke(x: Int, y: Int, width w: Int, height h: Int, _ color: Color, dash: Int = 0) {
        guard w > 0, h > 0 else { return }
        horizontal(y: y, from: x, to: x + w, color, dash: dash)
        if h > 1 { horizontal(y: y + h - 1, from: x, to: x + w, color, dash: dash) }
        vertical(x: x, from: y + 1, to: y + h - 1, color, dash: dash)
        if w > 1 { vertical(x: x + w - 1, from: y + 1, to: y + h - 1, color, dash: dash) }
    }

    /// Diagonal stripes over a rectangle: marks content that scrolls out of the box.
    public mutating func hatch(x: Int, y: Int, width w: Int, height h: Int, _ color: Color, spacing: Int) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + max(0, w)), y1 = min(height, y + max(0, h))
        guard x0 < x1, y0 < y1, spacing > 0 else { return }
        for row in y0..<y1 {
            for column in x0..<x1 where (column + row) % spacing == 0 { blend(x: column, y: row, color) }
        }
    }
}
