import TextHeight

/// `strings --report DIR`: `DIR/index.html`, one static page with a picture of every string that
/// does not fit, drawn as `render` draws a measurement (the box at its limit, the content that
/// scrolls below it), in output order. Files are written atomically; a run where everything fits
/// writes nothing.
enum StringsReport {
    struct Overflow {
        var job: StringsCommand.Job
        var options: MeasureOptions
        var width: Double
        var overflow: String
    }

    /// Pictures are drawn for this many strings; the rest are listed.
    static let maxPictured = 500
    static let scale = 2.0

    static func write(_ overflows: [Overflow], to directory: String, faces: FaceCache) throws(Failure) {
        try AtomicFile.makeDirectory(directory)
        let shaper = Shaper()
        var html = header(count: overflows.count)
        for (index, item) in overflows.enumerated() {
            let job = item.job
            html += "<section id=\"string-\(index + 1)\">\n<h2><span class=where>\(Report.escape(job.file)):\(job.entry.line)</span> "
            html += "<span class=key>\(Report.escape(job.entry.key))</span> <span class=locale>\(Report.escape(StringsCommand.label(job)))</span></h2>\n"
            html += "<p class=why>\(Report.escape(item.overflow)) at width \(JSONObject.number(item.width))</p>\n"
            html += "<pre class=text>\(Report.escape(job.variant.text))</pre>\n"
            guard index < maxPictured else {
                html += "</section>\n"
                continue
            }
            var options = item.options
            options.model.widths = [item.width]
            do throws(Failure) {
                let drawing = try CaseDrawing.measure(job.variant.text, options: options, faces: faces, shaper: shaper)
                guard let result = drawing.results.first else { throw Failure(code: .usage, message: "no width") }
                let picture = try drawing.picture(result, scale: scale, shaper: shaper)
                let file = "string-\(index + 1).png"
                try Files.replaceAtomically(directory + "/" + file, bytes: picture.png)
                let shown = Int((Double(picture.width) / scale).rounded())
                html += "<figure><img src=\"\(file)\" width=\(shown) alt=\"\(Report.escape(job.entry.key))\"></figure>\n"
            } catch {
                if error.code == .output { throw error }
                html += "<p class=note>No picture: \(Report.escape(error.message)).</p>\n"
            }
            html += "</section>\n"
        }
        if overflows.count > maxPictured {
            html += "<p class=note>Pictures are drawn for the first \(maxPictured) strings.</p>\n"
        }
        try Files.replaceAtomically(directory + "/index.html", with: html + Report.footer)
    }

    private static func header(count: Int) -> String {
        """
        <!doctype html>
        <html lang=en>
        <meta charset=utf-8>
        <title>textheight strings: \(count) do not fit</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #202124; background: #fff; }
        h1 { font-size: 20px; }
        section { border-top: 1px solid #dadce0; padding: 12px 0 20px; }
        h2 { font-size: 15px; margin: 0 0 6px; }
        .where { font-family: ui-monospace, monospace; color: #5f6368; }
        .key { background: #e8f0fe; border-radius: 4px; padding: 1px 6px; }
        .locale { color: #5f6368; }
        .why { color: #c5221f; margin: 4px 0; }
        pre.text { background: #f8f9fa; padding: 6px 8px; white-space: pre-wrap; max-height: 8em; overflow: auto; }
        figure { margin: 0; }
        img { display: block; border: 1px solid #dadce0; }
        img.broken { outline: 3px solid #d93025; }
        .note { color: #5f6368; }
        </style>
        <h1>textheight strings: \(count) variant\(count == 1 ? "" : "s") do not fit</h1>

        """
    }
}
