import Foundation
import Testing

/// Debian's Chromium; CI machines may not have it, and then the browser test skips itself.
let chromiumPath = "/usr/lib/chromium/chromium"
let hasChromium = FileManager.default.isExecutableFile(atPath: chromiumPath)

/// `check --report DIR` on a deliberately failing golden file, read back as files and in
/// headless Chromium.
@Suite("check --report")
struct ReportTests {
    /// Three cases: one passes; "wrapped-lines" records 3 lines where there are 4 (Δ box 21 pt);
    /// "one-point-off" records a box 1 pt too tall. Inter 17 pt: one line 20.5739 pt (hhea), a
    /// default text view adds 16 pt of insets; "The quick … sun." at width 200 wraps to 4 lines.
    static let golden = """
    {"id":"passes","text":"Hello","width":343,"expect":{"boxHeight":37,"contentHeight":37,"lineCount":1,"scrolls":false,"textHeight":20.573863636363637,"lineHeight":20.573863636363637,"width":343,"wrapWidth":333,"model":"textkit","measure":"textview"}}
    {"id":"one-point-off","text":"Hello","width":343,"expect":{"boxHeight":38,"contentHeight":38,"lineCount":1,"scrolls":false,"textHeight":20.573863636363637,"lineHeight":20.573863636363637,"width":343,"wrapWidth":333,"model":"textkit","measure":"textview"}}
    {"id":"wrapped-lines","text":"The quick brown fox jumps over the lazy dog, then naps in the afternoon sun.","width":200,"lines":true,"expect":{"boxHeight":78,"contentHeight":78,"lineCount":3,"scrolls":false,"textHeight":61.72159090909091,"lineHeight":20.573863636363637,"width":200,"wrapWidth":190,"model":"textkit","measure":"textview","lines":[{"start":0,"length":26,"width":160,"top":0,"height":20.573863636363637},{"start":26,"length":36,"width":180,"top":20.573863636363637,"height":20.573863636363637},{"start":62,"length":14,"width":116.39204545454547,"top":41.14772727272727,"height":20.573863636363637}]}}

    """
    static let failingIDs = ["wrapped-lines", "one-point-off"]

    /// Writes the golden file and runs `check … --report`; returns the report directory.
    func failingReport(_ scratch: Scratch) throws -> (run: Run, directory: String) {
        try ReportTests.golden.write(toFile: scratch.path("golden.jsonl"), atomically: true, encoding: .utf8)
        let directory = scratch.path("report")
        let run = try Run(["check", scratch.path("golden.jsonl"), "--report", directory])
        return (run, directory)
    }

    @Test("a failing suite writes index.html and two pictures per failing case, largest change first")
    func writesReport() throws {
        let scratch = try Scratch()
        let (run, directory) = try failingReport(scratch)
        #expect(run.status == 1)
        #expect(run.stdout.contains("report: \(directory)/index.html\n"))
        #expect(run.stdout.contains("2 of 3 cases differ"))
        let html = try String(contentsOfFile: directory + "/index.html", encoding: .utf8)
        // Sorted by |Δ boxHeight|: 21 pt before 1 pt; the passing case is not in the page.
        let big = try #require(html.range(of: "wrapped-lines")), small = try #require(html.range(of: "one-point-off"))
        #expect(big.lowerBound < small.lowerBound)
        #expect(!html.contains(">passes<"))
        #expect(html.contains("boxHeight: <span class=old>78</span> → <span class=new>99</span>"))
        #expect(!html.contains("<script src") && !html.contains("http://") && !html.contains("https://"))
        // Every picture the page names exists and decodes; old and new for each case.
        let sources = html.components(separatedBy: "<img src=\"").dropFirst().compactMap { $0.split(separator: "\"").first }
        #expect(sources.count == 4)
        for source in sources { #expect(try Image(file: directory + "/" + source).width > 0) }
        // The old picture of "wrapped-lines" draws the recorded 3 lines and the 78 pt box; the new one 4 lines, 99 pt.
        let old = try Image(file: directory + "/case-1-old.png"), new = try Image(file: directory + "/case-1-new.png")
        let oldBox = try #require(old.box()), newBox = try #require(new.box())
        #expect(oldBox.bottom - oldBox.top - 1 == 156 && newBox.bottom - newBox.top - 1 == 198)
        #expect(old.rows(of: Palette.baseline, minimum: 60).count == 3)
        #expect(new.rows(of: Palette.baseline, minimum: 60).count == 4)
        // No temporary files are left behind.
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(files.allSatisfy { !$0.contains(".tmp-") })
    }

    @Test("a passing suite writes nothing")
    func passingWritesNothing() throws {
        let scratch = try Scratch()
        let passing = ReportTests.golden.split(separator: "\n")[0] + "\n"
        try passing.write(toFile: scratch.path("golden.jsonl"), atomically: true, encoding: .utf8)
        let run = try Run(["check", scratch.path("golden.jsonl"), "--report", scratch.path("report")])
        #expect(run.status == 0)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("report")))
    }

    /// Headless Chromium on a file URL, with a throwaway profile (and no sandbox: tests may run as root).
    func chromium(_ arguments: [String], _ scratch: Scratch) throws -> Run {
        try Run(executable: chromiumPath,
                ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + scratch.path("profile")] + arguments,
                timeout: 90)
    }

    @Test("in headless Chromium the page shows each failing case's id and every picture loaded",
          .enabled(if: hasChromium, "skipped: Debian's chromium is not installed at /usr/lib/chromium/chromium"))
    func opensInChromium() throws {
        let scratch = try Scratch()
        let (run, directory) = try failingReport(scratch)
        #expect(run.status == 1)
        let url = URL(fileURLWithPath: directory + "/index.html").absoluteString
        // --dump-dom serializes the DOM after the load event: the page's own script has written
        // each image's naturalWidth into data-natural-width by then.
        let dom = try chromium(["--dump-dom", url], scratch)
        #expect(dom.status == 0, "chromium: \(dom.stderr.suffix(500))")
        #expect(dom.stdout.contains("data-loaded=\"true\""))
        for id in ReportTests.failingIDs { #expect(dom.stdout.contains("<span class=\"id\">\(id)</span>")) }
        let widths = dom.stdout.components(separatedBy: "data-natural-width=\"").dropFirst()
            .compactMap { Int($0.prefix { $0.isNumber }) }
        #expect(widths.count == 4)
        #expect(widths.allSatisfy { $0 > 100 }, "natural widths: \(widths)")
        #expect(!dom.stdout.contains("class=\"broken\""))
        // And a screenshot: the page paints (not a blank white window).
        let shot = scratch.path("shot.png")
        let screenshot = try chromium(["--screenshot=" + shot, "--window-size=1200,1600", url], scratch)
        #expect(screenshot.status == 0)
        let image = try Image(file: shot)
        #expect(image.width == 1200 && image.height == 1600)
        var painted = 0
        for y in stride(from: 0, to: image.height, by: 4) {
            for x in stride(from: 0, to: image.width, by: 4) where image.pixel(x, y) != (255, 255, 255) { painted += 1 }
        }
        #expect(painted > 2000, "only \(painted) sampled pixels are not white")
    }
}
