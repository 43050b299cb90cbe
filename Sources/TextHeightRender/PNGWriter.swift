import CPNG

/// Encodes a canvas as an 8-bit RGB PNG with libpng's simplified API, which reports errors by
/// return value (the classic API longjmps, which must not cross Swift frames).
public enum PNGWriter {
    public static func encode(_ canvas: Canvas) throws(RenderError) -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(canvas.width)
        image.height = UInt32(canvas.height)
        // The canvas is opaque: RGB keeps the file smaller than RGBA. The simplified API writes
        // the buffer's own format, so the alpha bytes are dropped first.
        image.format = UInt32(PNG_FORMAT_RGB)
        let stride = Int32(canvas.width * 3)
        var rgb = [UInt8](repeating: 0, count: canvas.width * canvas.height * 3)
        canvas.pixels.withUnsafeBufferPointer { rgba in
            for i in 0..<(canvas.width * canvas.height) {
                rgb[i * 3] = rgba[i * 4]
                rgb[i * 3 + 1] = rgba[i * 4 + 1]
                rgb[i * 3 + 2] = rgba[i * 4 + 2]
            }
        }
        var size = 0
        let ok = rgb.withUnsafeBytes { pixels in
            // The first call, with no buffer, computes the size.
            png_image_write_to_memory(&image, nil, &size, 0, pixels.baseAddress, stride, nil)
        }
        guard ok != 0, size > 0 else { throw .png(failure(&image)) }
        var out = [UInt8](repeating: 0, count: size)
        let written = rgb.withUnsafeBytes { pixels in
            out.withUnsafeMutableBytes { buffer in
                png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, pixels.baseAddress, stride, nil)
            }
        }
        guard written != 0 else { throw .png(failure(&image)) }
        png_image_free(&image)
        return Array(out.prefix(size))
    }

    private static func failure(_ image: inout png_image) -> String {
        let message = withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        png_image_free(&image)
        return "libpng cannot encode the picture: \(message)"
    }
}
