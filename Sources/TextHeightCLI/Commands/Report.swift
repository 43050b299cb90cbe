import TextHeight
import TextHeightRender

/// One case `check` found different, kept for `--report`.
struct ReportEntry {
    var file: String
    var line: Int
    var id: JSONValue?
    /// The parsed case; nil when the line was not a case (bad JSON, unknown field).
    var batchCase: BatchCase?
    var expected: JSONValue?
    var actual: JSONValue
    /// The field diff as `check` prints it (`boxHeight: 58 → 37`), or the reason it is not a case.
    var changes: [String]
}

/// `check --report DIR`: `DIR/index.html`, one static page (no scripts from outside, opens from
/// disk) with the old and new pictures of every failing case side by side and its field diff,
/// the largest changes first.
///
/// The "old" picture is today's layout drawn with the golden file's numbers: the box at the
/// expected `boxHeight`, the content at the expected `contentHeight`, and the expected line
/// rectangles (ranges, tops, heights) when the case records `lines`; otherwise today's lines under
/// the old box. Glyphs always come from today's fonts and shaping: the golden file keeps numbers,
/// not pictures.
enum Report {
    /// Pictures are drawn for this many cases, the largest changes; the rest are listed with their diffs.
    static let maxPictured = 200
    static let scale = 2.0

    static func write(_ entries: [ReportEntry], to directory: String, defaults: ParsedArguments, faces: FaceCache,
                      summary: String) throws(Failure) {
        try AtomicFile.makeDirectory(directory)
        let ranked = entries.enumerated().sorted { a, b in
            let x = size(of: a.element), y = size(of: b.element)
            return x != y ? x > y : a.offset < b.offset
        }.map(\.element)
        let shaper = Shaper()
        var html = header(summary: summary)
        for (rank, entry) in ranked.enumerated() {
            html += try section(entry, rank: rank + 1, pictured: rank < maxPictured, directory: directory,
                                defaults: defaults, faces: faces, shaper: shaper)
        }
        if ranked.count > maxPictured {
            html += "<p class=note>Pictures are drawn for the \(maxPictured) largest changes; the other \(ranked.count - maxPictured) cases are listed with their diffs only.</p>\n"
        }
        html += footer
        try Files.replaceAtomically(directory + "/index.html", with: html)
    }

    /// The sort key: the largest |Δ boxHeight| over the case's widths, then |Δ contentHeight|,
    /// then the number of changed fields. A case that newly fails or newly measures (an error on
    /// one side) ranks first; a case without an expectation last.
    static func size(of entry: ReportEntry) -> (Double, Double, Double) {
        guard let expected = entry.expected else { return (-1, -1, Double(entry.changes.count)) }
        let pairs = widthPairs(expected, entry.actual)
        if pairs.isEmpty || pairs.contains(where: { $0.0["error"] != nil || $0.1["error"] != nil }) {
            return (.infinity, .infinity, Double(entry.changes.count))
        }
        var box = 0.0, content = 0.0
        for (old, new) in pairs {
            box = max(box, delta(old["boxHeight"], new["boxHeight"]))
            content = max(content, delta(old["contentHeight"], new["contentHeight"]))
        }
        return (box, content, Double(entry.changes.count))
    }

    /// Expected and actual results per width: one object each, or lists paired by index.
    static func widthPairs(_ expected: JSONValue, _ actual: JSONValue) -> [(JSONValue, JSONValue)] {
        switch (expected, actual) {
        case (.array(let old), .array(let new)): return Array(zip(old, new))
        case (.object, .object): return [(expected, actual)]
        case (.object, .array(let new)): return new.first.map { [(expected, $0)] } ?? []
        case (.array(let old), .object): return old.first.map { [($0, actual)] } ?? []
        default: return []
        }
    }

    private static func delta(_ a: JSONValue?, _ b: JSONValue?) -> Double {
        guard case .number(let x)? = a, case .number(let y)? = b, let p = Double(x), let q = Double(y) else {
            return a == b ? 0 : .infinity
        }
        return abs(p - q)
    }

    // MARK: the page

    private static func section(_ entry: ReportEntry, rank: Int, pictured: Bool, directory: String,
                                defaults: ParsedArguments, faces: FaceCache, shaper: Shaper) throws(Failure) -> String {
        let idText = entry.id.map { value -> String in
            if case .string(let s) = value { return s }
            return value.text
        }
        var html = "<section id=\"case-\(rank)\">\n<h2><span class=where>\(escape(entry.file)):\(entry.line)</span>"
        if let idText { html += " <span class=id>\(escape(idText))</span>" }
        html += "</h2>\n"
        if let text = entry.batchCase?.text {
            html += "<pre class=text>\(escape(visible(text)))</pre>\n"
        }
        html += "<ul class=diff>\n"
        for change in entry.changes { html += "<li>\(diffLine(change))</li>\n" }
        html += "</ul>\n"
        guard pictured, let batchCase = entry.batchCase else { return html + "</section>\n" }
        // A case that measures no more (or never did) has no layout to draw.
        let drawing: CaseDrawing
        do throws(Failure) {
            let options: MeasureOptions
            do { options = try MeasureOptions(batchCase.arguments(over: defaults)) } catch { throw .usage(error) }
            drawing = try CaseDrawing.measure(batchCase.text, options: options, faces: faces, shaper: shaper)
        } catch {
            return html + "<p class=note>No pictures: \(escape(error.message)).</p>\n</section>\n"
        }
        let expectedList: [JSONValue?]
        switch entry.expected {
        case .array(let items)?: expectedList = items
        case let value?: expectedList = [value]
        case nil: expectedList = []
        }
        for (index, result) in drawing.results.enumerated() {
            let expected = index < expectedList.count ? expectedList[index] : nil
            let stem = "case-\(rank)" + (drawing.results.count > 1 ? "-w\(index + 1)" : "")
            html += "<div class=pair>\n"
            if let expected, expected["error"] == nil {
                let (old, note) = oldMeasurement(expected, new: result.measurement)
                html += try figure(drawing, result, measurement: old, notes: ["expected (golden file)"] + note,
                                   file: stem + "-old.png", caption: "old: the golden file's numbers", directory: directory,
                                   shaper: shaper)
            } else {
                let why = expected == nil ? "no expectation recorded" : "expected an error"
                html += "<figure class=missing><figcaption>old: \(why)</figcaption></figure>\n"
            }
            html += try figure(drawing, result, measurement: nil, notes: ["now"], file: stem + "-new.png",
                               caption: "new: width \(JSONObject.number(result.width))", directory: directory, shaper: shaper)
            html += "</div>\n"
        }
        return html + "</section>\n"
    }

    private static func figure(_ drawing: CaseDrawing, _ result: MeasureResult, measurement: Measurement?,
                               notes: [String], file: String, caption: String, directory: String,
                               shaper: Shaper) throws(Failure) -> String {
        let picture: (png: [UInt8], width: Int)
        do throws(Failure) {
            picture = try drawing.picture(result, measurement: measurement, scale: scale, notes: notes, shaper: shaper)
        } catch {
            // Too large or undrawable: say so in the page, keep going with the other cases.
            return "<figure class=missing><figcaption>\(escape(caption)): \(escape(error.message))</figcaption></figure>\n"
        }
        try Files.replaceAtomically(directory + "/" + file, bytes: picture.png)
        // Drawn at 2× and shown at 1×, so the page is sharp on high-density screens.
        let shown = Int((Double(picture.width) / scale).rounded())
        return "<figure><img src=\"\(file)\" width=\(shown) alt=\"\(escape(caption))\"><figcaption>\(escape(caption))</figcaption></figure>\n"
    }

    /// The golden numbers over today's measurement: fields the expectation lacks stay as they are
    /// now, except the limits, which an expectation omits when there were none. Line ranges are
    /// the recorded ones when the case records `lines`.
    static func oldMeasurement(_ expected: JSONValue, new: Measurement) -> (Measurement, [String]) {
        var m = new
        func number(_ key: String) -> Double? {
            guard case .number(let text)? = expected[key] else { return nil }
            return Double(text)
        }
        m.boxHeight = number("boxHeight") ?? m.boxHeight
        m.contentHeight = number("contentHeight") ?? m.contentHeight
        m.textHeight = number("textHeight") ?? m.textHeight
        m.lineHeight = number("lineHeight") ?? m.lineHeight
        m.wrapWidth = number("wrapWidth") ?? m.wrapWidth
        m.lineCount = number("lineCount").map { Int($0) } ?? m.lineCount
        m.minHeight = number("minHeight")
        m.maxHeight = number("maxHeight")
        m.scrollHeight = number("scrollHeight") ?? m.scrollHeight
        if case .bool(let scrolls)? = expected["scrolls"] { m.scrolls = scrolls }
        guard case .array(let items)? = expected["lines"] else {
            return (m, m.lineCount == new.lineCount ? [] : ["lines: today's breaks (the case records no lines)"])
        }
        var lines: [MeasuredLine] = []
        for item in items {
            guard case .number(let s)? = item["start"], case .number(let l)? = item["length"],
                  let start = Int(s), let length = Int(l) else { continue }
            func field(_ key: String) -> Double {
                if case .number(let text)? = item[key] { return Double(text) ?? 0 }
                return 0
            }
            lines.append(MeasuredLine(start: start, length: length, width: field("width"), top: field("top"),
                                      height: field("height")))
        }
        m.lines = lines
        return (m, [])
    }

    private static func header(summary: String) -> String {
        """
        <!doctype html>
        <html lang=en>
        <meta charset=utf-8>
        <title>textheight check: \(escape(summary))</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #202124; background: #fff; }
        h1 { font-size: 20px; }
        section { border-top: 1px solid #dadce0; padding: 12px 0 20px; }
        h2 { font-size: 15px; margin: 0 0 6px; }
        .where { font-family: ui-monospace, monospace; color: #5f6368; }
        .id { background: #e8f0fe; border-radius: 4px; padding: 1px 6px; }
        pre.text { background: #f8f9fa; padding: 6px 8px; white-space: pre-wrap; max-height: 8em; overflow: auto; }
        ul.diff { font-family: ui-monospace, monospace; margin: 6px 0 10px; }
        .old { color: #c5221f; } .new { color: #188038; }
        .pair { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
        figure { margin: 0; } figcaption { color: #5f6368; font-size: 12px; }
        figure.missing { padding: 24px; background: #f1f3f4; }
        img { display: block; border: 1px solid #dadce0; }
        img.broken { outline: 3px solid #d93025; }
        .note { color: #5f6368; }
        </style>
        <h1>textheight check: \(escape(summary))</h1>
        <p class=note>Largest change first (|Δ boxHeight|, then |Δ contentHeight|). Old pictures draw today's glyphs with the golden file's numbers: the box, the content height, and the recorded lines when the case has them.</p>

        """
    }

    /// Marks images that failed to load, and records each image's natural width in the DOM so a
    /// headless browser can confirm the pictures loaded (the report's test reads it); `strings --report` ends so too.
    static let footer = """
        <script>
        addEventListener('load', () => {
          for (const img of document.images) {
            img.dataset.naturalWidth = img.naturalWidth;
            if (!img.naturalWidth) img.classList.add('broken');
          }
          document.body.dataset.loaded = 'true';
        });
        </script>

        """

    /// `field: old → new` with both sides coloured.
    private static func diffLine(_ change: String) -> String {
        guard let colon = change.firstIndex(of: ":"), let arrow = change.firstRange(of: " → ") else { return escape(change) }
        let name = change[..<colon]
        let old = change[change.index(after: colon)..<arrow.lowerBound].drop { $0 == " " }
        let new = change[arrow.upperBound...]
        return "\(escape(String(name))): <span class=old>\(escape(String(old)))</span> → <span class=new>\(escape(String(new)))</span>"
    }

    /// The case's text with line breaks and tabs shown, cut at 2,000 characters.
    private static func visible(_ text: String) -> String {
        var out = ""
        var count = 0
        for c in text {
            if count == 2000 { out += "…"; break }
            switch c {
            case "\n", "\r\n": out += "␊\n"
            case "\t": out += "␉"
            default: out.append(c)
            }
            count += 1
        }
        return out
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
