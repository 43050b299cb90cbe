import CPNG
import Foundation
import Testing

/// Runs the built `textheight` binary from the package root.
struct Run {
    var stdout: String
    var stderr: String
    var status: Int32

    static let root: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    static let binary: String = {
        let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: runner).deletingLastPathComponent().appendingPathComponent("textheight").path
    }()

    init(_ arguments: [String]) throws {
        try self.init(executable: Run.binary, arguments)
    }

    /// Runs `executable`; stderr goes to a file so that only one pipe can fill. A process still
    /// running after `timeout` seconds is terminated (headless Chromium can hang on a bad setup).
    init(executable: String, _ arguments: [String], timeout: Double = 120) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: Run.root)
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("render-test-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let error = try FileHandle(forWritingTo: errorFile)
        let output = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let deadline = DispatchTime.now() + timeout
        DispatchQueue.global().asyncAfter(deadline: deadline) { [process] in
            if process.isRunning { process.terminate() }
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try error.close()
        stdout = String(decoding: out, as: UTF8.self)
        stderr = String(decoding: try Data(contentsOf: errorFile), as: UTF8.self)
        status = process.terminationStatus
    }

    static func fixture(_ name: String) -> String { "fixtures/fonts/" + name }
}

/// A scratch directory removed when the test ends.
final class Scratch {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("render-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A PNG read back through libpng's simplified API as 8-bit RGBA: the pictures are checked by
/// their pixels, never by their bytes.
struct Image {
    let width: Int
    let height: Int
    let rgba: [UInt8]

    init(file path: String) throws {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw ImageError(message: "libpng cannot read \(path)")
        }
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // RGBA
        width = Int(image.width)
        height = Int(image.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let ok = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        guard ok != 0 else {
            png_image_free(&image)
            throw ImageError(message: "libpng cannot decode \(path)")
        }
        rgba = pixels
    }

    struct ImageError: Error { let message: String }

    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let i = (y * width + x) * 4
        return (Int(rgba[i]), Int(rgba[i + 1]), Int(rgba[i + 2]))
    }

    func isColor(_ x: Int, _ y: Int, _ c: (Int, Int, Int)) -> Bool {
        let p = pixel(x, y)
        return p.r == c.0 && p.g == c.1 && p.b == c.2
    }

    /// Rows holding at least `minimum` pixels of colour `c`.
    func rows(of c: (Int, Int, Int), minimum: Int) -> [Int] {
        (0..<height).filter { y in (0..<width).lazy.filter { isColor($0, y, c) }.count >= minimum }
    }

    /// The box as drawn: the black outline's rows and columns (one pixel outside the box).
    func box() -> (left: Int, top: Int, right: Int, bottom: Int)? {
        let outlineRows = rows(of: Palette.outline, minimum: 40)
        guard let top = outlineRows.first, let bottom = outlineRows.last, top < bottom,
              let left = (0..<width).first(where: { isColor($0, top, Palette.outline) }),
              let right = (0..<width).last(where: { isColor($0, top, Palette.outline) })
        else { return nil }
        return (left, top, right, bottom)
    }
}

/// The picture's documented colours (BoxPicture's palette), written out here on purpose.
enum Palette {
    static let outline = (0, 0, 0)
    static let baseline = (255, 140, 0)
    static let caret = (26, 115, 232)
    static let scrollMark = (217, 48, 37)
    static let border = (154, 160, 166)
    static let limit = (161, 66, 244)
    static let legend = (60, 64, 67)
    static let fontPadding = (r: 232, g: 222, b: 248)
}

/// A JSON number field of a result line, by key (the CLI's JSON is flat and ordered).
func number(_ key: String, in json: String) -> Double? {
    guard let data = json.split(separator: "\n").first.map({ Data($0.utf8) }),
          let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
    return (object[key] as? NSNumber)?.doubleValue
}
