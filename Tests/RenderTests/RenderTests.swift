import Foundation
import Testing
import TextHeight
@testable import TextHeightRender

/// `textheight render`: pictures checked by their pixels. Expected numbers come from the fonts'
/// metrics (fontTools, see fixtures/fonts/README.md) and UIKit's documented defaults, not from
/// the code under test.
@Suite("textheight render")
struct RenderTests {
    /// Renders and decodes; returns the JSON line and the picture.
    func render(_ arguments: [String], in scratch: Scratch, name: String = "box.png") throws -> (String, Image) {
        let output = scratch.path(name)
        let run = try Run(["render"] + arguments + ["--output", output])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.isEmpty)
        return (run.stdout, try Image(file: output))
    }

    @Test("the box outline encloses boxHeight × scale rows: Inter 17 pt in a default text view is 37 pt")
    func boxOutline() throws {
        let scratch = try Scratch()
        // Inter: hhea 2728 − (−680) over 2816 units per em at 17 pt = 20.5739; + insets 8 + 8, ceiled = 37.
        let (json, image) = try render(["--width", "343", "Hello"], in: scratch)
        #expect(number("boxHeight", in: json) == 37)
        let box = try #require(image.box())
        #expect(box.bottom - box.top - 1 == 74)       // 37 pt at the default render scale 2
        #expect(box.right - box.left - 1 == 686)      // 343 pt
    }

    @Test("the render scale: textkit --scale carries over, --render-scale wins, CSS border box at 3×")
    func scales() throws {
        let scratch = try Scratch()
        // --scale 3 ceils 36.57 to 1/3 pt: 36.667 pt = 110 device pixels, and the picture is at 3×.
        let (json, image) = try render(["--width", "343", "--scale", "3", "Hello"], in: scratch)
        #expect(number("boxHeight", in: json).map { ($0 * 3).rounded() } == 110)
        let box = try #require(image.box())
        #expect(box.bottom - box.top - 1 == 110)
        let (_, one) = try render(["--width", "343", "--scale", "3", "--render-scale", "1", "Hello"], in: scratch, name: "one.png")
        #expect(try #require(one.box()).bottom - (try #require(one.box())).top - 1 == 37)
        // CSS: Inter 16 px, line-height normal = round(15.5) + round(3.86) = 20 px; padding 6 + 6,
        // border 2 + 2: 36 px, 108 rows at 3×; the border is 6 grey pixels inside the outline.
        let (cssJSON, css) = try render(["--model", "css", "--size", "16", "--width", "300", "--inset", "6,10",
                                         "--border", "2", "--render-scale", "3", "Hello"], in: scratch, name: "css.png")
        #expect(number("boxHeight", in: cssJSON) == 36)
        let cssBox = try #require(css.box())
        #expect(cssBox.bottom - cssBox.top - 1 == 108)
        let middle = (cssBox.left + cssBox.right) / 2
        #expect((1...6).allSatisfy { css.isColor(middle, cssBox.top + $0, Palette.border) })
        #expect(!css.isColor(middle, cssBox.top + 7, Palette.border))
    }

    @Test("a variable font is drawn at the coordinates it was measured with: opsz 32 is 1.25× as wide as opsz 12")
    func variableFontInk() throws {
        let scratch = try Scratch()
        // VarOpszWght-Mono (fixtures/fonts/build-tracking-fonts.py): the opsz 32 master stretches every
        // outline and advance by 1.25 (x coordinates × 1.25, 1541/1233 units).
        func inkWidth(_ extra: [String], _ name: String) throws -> Int {
            let (_, image) = try render(["--font", Run.fixture("VarOpszWght-Mono.ttf"), "--size", "32", "--width", "300"]
                                        + extra + ["HHHH"], in: scratch, name: name)
            let box = try #require(image.box())
            let inked = (box.left + 1..<box.right).filter { x in
                (box.top + 1..<box.bottom).contains { y in let p = image.pixel(x, y); return max(p.r, p.g, p.b) < 90 }
            }
            return (inked.last ?? 0) - (inked.first ?? 0)
        }
        let wide = try inkWidth([], "opsz32.png"), plain = try inkWidth(["--optical-size", "none"], "opsz12.png")
        #expect(abs(Double(wide) / Double(plain) - 1.25) < 0.03, "ink \(wide) px at opsz 32, \(plain) px at opsz 12")
    }

    @Test("each line's baseline row has the line's ink just above it (DejaVu Sans Mono, 3 lines)")
    func baselines() throws {
        let scratch = try Scratch()
        // 1233/2048 em at 20.48 pt = 12.33 pt a cell; wrap width 100 − 2 × 5 = 90 holds 7 cells, so
        // "aaaa " "bbbb " "cccc" are three lines of 23.84 pt: ceil(71.52 + 16) = 88.
        let (json, image) = try render(["--font", Run.fixture("DejaVuSansMono.ttf"), "--size", "20.48", "--width", "100",
                                        "aaaa bbbb cccc"], in: scratch)
        #expect(number("boxHeight", in: json) == 88)
        #expect(number("lineCount", in: json) == 3)
        let box = try #require(image.box())
        #expect(box.bottom - box.top - 1 == 176)
        // Baselines run the wrap width: 180 px, mostly uncovered by glyphs.
        let baselines = image.rows(of: Palette.baseline, minimum: 60)
        #expect(baselines.count == 3)
        let ascent = Int((1901.0 / 2048 * 20.48 * 2).rounded(.up))  // hhea ascender, in pixels
        for (index, y) in baselines.enumerated() {
            // Ink: text pixels (dark grey) inside the box, between the line above and this baseline.
            let inkRows = (max(box.top + 1, y - ascent)...(y + 2)).filter { row in
                (box.left + 1..<box.right).contains { x in let p = image.pixel(x, row); return max(p.r, p.g, p.b) < 90 }
            }
            #expect(!inkRows.isEmpty, "line \(index + 1) has no ink above its baseline at row \(y)")
            // a, b, c have no descenders: their ink ends on the baseline (round bottoms overshoot a pixel).
            if let lowest = inkRows.last { #expect(abs(lowest - y) <= 2, "line \(index + 1): ink ends at \(lowest), baseline \(y)") }
            // Where TextKit puts it: the hhea ascender (19.01 pt) below the line's top, lines 23.84 pt
            // apart from the 8 pt inset; the glyphs stay below the line's top.
            let lineTop = box.top + 1 + Int(((8 + 23.84 * Double(index)) * 2).rounded())
            #expect(abs(y - (lineTop + Int((1901.0 / 2048 * 20.48 * 2).rounded()))) <= 1, "line \(index + 1): baseline at \(y)")
            #expect(inkRows.first.map { $0 >= lineTop } ?? false)
        }
    }

    @Test("android: baselines where StaticLayout puts them, the font padding tinted above the first line")
    func androidBaselines() throws {
        let scratch = try Scratch()
        // Inter at 42 px: FontMetricsInt top −46, ascent −41, descent 10, bottom 14 (fontTools: hhea
        // 2728/−680, head 3072/−900, upem 2816). An EditText's first line starts at top: its
        // baseline is 46 px down; the second line starts at 56 and its baseline is 41 below: 97.
        let (json, image) = try render(["--model", "android", "--size", "42", "--width", "400", "--render-scale", "1",
                                        "Hello\nworld"], in: scratch)
        #expect(number("boxHeight", in: json) == 111)
        let box = try #require(image.box())
        #expect(image.rows(of: Palette.baseline, minimum: 200).map { $0 - box.top - 1 } == [46, 97])
        // top − ascent = 5 px of font padding above the first line, 4 px (bottom − descent) below the last.
        for row in 1...4 { #expect(image.pixel(box.right - 10, box.top + 1 + row) == Palette.fontPadding) }
        for row in 107...109 { #expect(image.pixel(box.right - 10, box.top + 1 + row) == Palette.fontPadding) }
        #expect(image.pixel(box.right - 10, box.top + 1 + 20) != Palette.fontPadding)
    }

    @Test("an empty text draws the caret in the extra line fragment, after lineFragmentPadding")
    func caret() throws {
        let scratch = try Scratch()
        let (json, image) = try render(["--width", "343", ""], in: scratch)
        #expect(number("lineCount", in: json) == 1)
        let box = try #require(image.box())
        let caretRows = (0..<image.height).filter { y in (0..<image.width).contains { image.isColor($0, y, Palette.caret) } }
        // Inter at 17 pt: ascent + descent = 20.57 pt, 41 pixels at 2×.
        #expect(caretRows.count >= 39 && caretRows.count <= 43)
        let caretX = try #require((0..<image.width).first { x in caretRows.contains { image.isColor(x, $0, Palette.caret) } })
        // UITextView: textContainerInset.left 0 + lineFragmentPadding 5 pt = 10 px into the box.
        #expect(caretX - (box.left + 1) == 10)
        #expect(caretRows.allSatisfy { $0 > box.top && $0 < box.bottom })
        // No text, no baseline-less glyphs: the one line still gets its baseline.
        #expect(image.rows(of: Palette.baseline, minimum: 60).count == 1)
    }

    @Test("a colour emoji from the fallback font is drawn from its bitmap: coloured pixels")
    func emoji() throws {
        let scratch = try Scratch()
        let (_, image) = try render(["--width", "200", "--fallback", Run.fixture("NotoColorEmoji.subset.ttf"), "😀"], in: scratch)
        let box = try #require(image.box())
        var coloured = 0, yellow = 0
        for y in box.top + 1..<box.bottom {
            for x in box.left + 1..<box.right {
                let p = image.pixel(x, y)
                if p.r != p.g && p.g != p.b && p.r != p.b { coloured += 1 }
                // The grinning face is yellow: strong red and green, little blue.
                if p.r > 200 && p.g > 140 && p.b < 90 { yellow += 1 }
            }
        }
        #expect(yellow > 300, "only \(yellow) yellow pixels")
        #expect(coloured > 500)
        // Without the colour font the same text draws no yellow at all.
        let (_, plain) = try render(["--width", "200", "😀"], in: scratch, name: "plain.png")
        let plainBox = try #require(plain.box())
        let plainYellow = (plainBox.top + 1..<plainBox.bottom).reduce(0) { sum, y in
            sum + (plainBox.left + 1..<plainBox.right).filter { x in
                let p = plain.pixel(x, y); return p.r > 200 && p.g > 140 && p.b < 90
            }.count
        }
        #expect(plainYellow == 0)
    }

    @Test("content taller than the box: the box stops at max lines, the content's bottom is dashed below it")
    func scrolling() throws {
        let scratch = try Scratch()
        // Four lines of Inter 17 pt: ceil(4 × 20.5739 + 16) = 99; --max-lines 2: 2 × 20.5739 + 16, ceiled = 58.
        let (json, image) = try render(["--width", "343", "--max-lines", "2", "a\nb\nc\nd"], in: scratch)
        #expect(number("boxHeight", in: json) == 58)
        #expect(number("contentHeight", in: json) == 99)
        let box = try #require(image.box())
        #expect(box.bottom - box.top - 1 == 116)
        let dashed = image.rows(of: Palette.scrollMark, minimum: 100)
        #expect(dashed == [box.top + 1 + 198])
        #expect(image.rows(of: Palette.baseline, minimum: 60).count == 4)
    }

    @Test("a limit below the box: its line is drawn and the legend starts below it, clear of the line")
    func limitBelowTheBox() throws {
        let scratch = try Scratch()
        // Two lines of Inter 17 pt: ceil(2 × 20.5739 + 16) = 58; --max-height 78 lies 20 pt below the box.
        let (json, image) = try render(["--width", "343", "--max-height", "78", "a\nb"], in: scratch)
        #expect(number("boxHeight", in: json) == 58)
        let box = try #require(image.box())
        let limitRows = image.rows(of: Palette.limit, minimum: 100)
        #expect(limitRows == [box.top + 1 + 156])  // 78 pt at 2×
        // The legend's ink (dark grey text) starts below the limit line and its label.
        let legendRows = image.rows(of: Palette.legend, minimum: 1).filter { $0 > box.bottom }
        let firstLegendRow = try #require(legendRows.first)
        #expect(firstLegendRow > limitRows[0])
        // A limit far below the content stays out of the picture (the legend names it).
        let (_, far) = try render(["--width", "343", "--max-height", "10000", "a\nb"], in: scratch, name: "far.png")
        #expect(far.rows(of: Palette.limit, minimum: 100).isEmpty)
        #expect(far.height < 400)
    }

    @Test("usage and output errors: one line, documented exit codes, nothing on stdout", arguments: [
        (["render", "--width", "343", "x"], Int32(2), "textheight: render needs --output <path> (the PNG to write)"),
        (["render", "--width", "343,375", "--output", "/tmp/x.png", "x"], 2, "textheight: render draws one width; --width has 2"),
        (["render", "--width", "343", "--render-scale", "0", "--output", "/tmp/x.png", "x"], 2,
         "textheight: --render-scale must be a finite number > 0 and ≤ 8, got '0'"),
        (["render", "--width", "343", "--output", "/nonexistent-dir/x.png", "x"], 5,
         "textheight: cannot write '/nonexistent-dir/x.png': No such file or directory"),
        (["render", "--width", "400000", "--render-scale", "8", "--output", "/tmp/x.png", "x"], 2,
         "textheight: the picture would be"),
    ])
    func errors(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let run = try Run(arguments)
        #expect(run.status == status)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix(message), "stderr: \(run.stderr)")
        // Usage errors add the "Try 'textheight --help'" line.
        #expect(run.stderr.split(separator: "\n").count == (status == 2 ? 2 : 1))
    }

    @Test("--help lists the render options")
    func help() throws {
        let run = try Run(["render", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("--output <path>") && run.stdout.contains("--render-scale <n>"))
    }

    @Test("library: a canvas survives a PNG round trip pixel for pixel")
    func pngRoundTrip() throws {
        var canvas = try #require(Canvas(width: 7, height: 5, background: Color(10, 20, 30)))
        canvas.fill(x: 2, y: 1, width: 3, height: 2, Color(200, 100, 50))
        canvas.blend(x: 6, y: 4, Color(255, 255, 255), coverage: 128)
        let scratch = try Scratch()
        try Data(PNGWriter.encode(canvas)).write(to: URL(fileURLWithPath: scratch.path("t.png")))
        let image = try Image(file: scratch.path("t.png"))
        #expect(image.width == 7 && image.height == 5)
        for y in 0..<5 {
            for x in 0..<7 {
                let c = canvas.pixel(x: x, y: y), p = image.pixel(x, y)
                #expect((p.r, p.g, p.b) == (Int(c.r), Int(c.g), Int(c.b)))
            }
        }
        #expect(image.pixel(6, 4) == (133, 138, 143))  // 50 % white over (10, 20, 30)
    }

    @Test("library: a picture over the pixel limit is refused, not allocated")
    func tooLarge() throws {
        let font = try Font.embeddedDefault(size: 17)
        let model = TextKitModel()
        let prepared = try model.prepare("x", font: font)
        let m = model.measure(prepared, width: 1_000_000, includeLines: true)
        let picture = BoxPicture(model: model, prepared: prepared, measurement: m, width: 1_000_000, scale: 2)
        #expect(throws: RenderError.self) { try picture.draw() }
        #expect(Canvas(width: 40_000, height: 10, background: Color(0, 0, 0)) == nil)
    }
}
