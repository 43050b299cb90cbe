import Glibc
import TextHeight

// textheight-bench: the in-process figures of issue 6 (the limit, cold measure, re-layout, scaling).
// scripts/bench/run.sh runs it next to the real binary and Pango and prints the ratios.
// Every figure is one JSON object line on stdout; notes go to stderr.

let usage = """
USAGE: textheight-bench [options] [figure...]
figures: limit cold relayout scaling (default: these four), buckets (limit and cold by message
         length), languages (limit, cold and warm per "lang" of the corpus), cold-fallback (with
         --fallback fonts), mixed (issue 12: distinct mixed-language texts, a real CJK font with a
         fallback chain and colour emoji; the limit and cold measure in alternating passes),
         mixed-limit (its limit alone, for scripts/bench/procs.py's alternating rounds), mixed-cold
         (its cold library pass alone, for perf)
  --corpus PATH        JSONL with a "text" field per line (default: fixtures/corpus/messages.jsonl)
  --font PATH          the file the raw-HarfBuzz limit opens; must be the embedded default font's file
                       (default: fixtures/fonts/Inter-Regular.otf)
  --size PT            font size (default: 17)
  --width PT           outer width of the text view (default: 343)
  --scaling-dir DIR    where scale-100k.txt, scale-1m.txt, scale-10m.txt are (default: .build/bench)
  --fallback PATH      a fallback font for cold-fallback; repeat for a chain
  --passes N           exactly N passes per figure (1 under callgrind); default: repeat for ~1 s, keep the best
  --write-lines PATH   write each message's line count at the wrap width (one per line)
  --mixed-corpus PATH  the mixed workload's cases (default: .build/bench/mixed.jsonl, prepare.py)
  --mixed-font PATH    its primary font, PATH#INDEX for a collection (default: Debian's
                       /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc#2, Noto Sans CJK SC)
  --mixed-fallback PATH  a fallback font of the mixed workload; repeat for a chain
  (the mixed workload measures at 16 pt, width 300, inset 0, lineFragmentPadding 0)
"""

struct Options {
    var corpus = "fixtures/corpus/messages.jsonl"
    var font = "fixtures/fonts/Inter-Regular.otf"
    var size = 17.0
    var width = 343.0
    var scalingDir = ".build/bench"
    var fallbacks: [String] = []
    var passes: Int?
    var writeLines: String?
    var mixedCorpus = ".build/bench/mixed.jsonl"
    var mixedFont = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc#2"
    var mixedFallbacks: [String] = []
    var figures: [String] = []
}

func parse(_ arguments: [String]) throws(BenchError) -> Options {
    var options = Options()
    var i = 0
    func value() throws(BenchError) -> String {
        i += 1
        guard i < arguments.count else { throw BenchError("\(arguments[i - 1]) needs a value") }
        return arguments[i]
    }
    while i < arguments.count {
        let argument = arguments[i]
        switch argument {
        case "--corpus": options.corpus = try value()
        case "--font": options.font = try value()
        case "--size": options.size = Double(try value()) ?? options.size
        case "--width": options.width = Double(try value()) ?? options.width
        case "--scaling-dir": options.scalingDir = try value()
        case "--fallback": options.fallbacks.append(try value())
        case "--passes": options.passes = Int(try value())
        case "--write-lines": options.writeLines = try value()
        case "--mixed-corpus": options.mixedCorpus = try value()
        case "--mixed-font": options.mixedFont = try value()
        case "--mixed-fallback": options.mixedFallbacks.append(try value())
        case "--help", "-h":
            writeAll(1, usage + "\n")
            exit(0)
        case "limit", "cold", "relayout", "scaling", "cold-fallback", "buckets", "languages", "mixed", "mixed-limit", "mixed-cold":
            options.figures.append(argument)
        default: throw BenchError("unknown argument '\(argument)'\n\(usage)")
        }
        i += 1
    }
    if options.figures.isEmpty { options.figures = ["limit", "cold", "relayout", "scaling"] }
    return options
}

func run(_ options: Options) throws -> Void {
    let texts = try readJSONLStrings(options.corpus, key: "text")
    let units = texts.map { Array($0.utf16) }
    let utf16Total = units.reduce(0) { $0 + $1.count }
    let utf8Total = texts.reduce(0) { $0 + $1.utf8.count }
    let font = try Font.embeddedDefault(size: options.size)
    let fonts = try FontStack(font)
    let model = TextKitModel()
    let passes = options.passes ?? 3
    let minSeconds = options.passes == nil ? 1.0 : 0

    var corpus = Record("corpus")
    corpus.add("messages", texts.count)
    corpus.add("utf16Units", utf16Total)
    corpus.add("utf8Bytes", utf8Total)
    corpus.add("width", options.width)
    corpus.add("size", options.size)
    corpus.emit()

    for figure in options.figures {
        switch figure {
        case "limit":
            let raw = try RawHarfBuzz(path: options.font)
            let sameFont = try FontFace(file: options.font).digest == FontFace.embeddedDefault().digest
            var total: Int64 = 0
            let t = measureTime(passes: passes, minSeconds: minSeconds) { total = raw.shapeAll(units) }
            sink += Double(total)
            var r = Record("limit")
            r.add("what", "hb_shape of each whole message, one buffer, same font file, no segmentation or breaking")
            r.add("sameFontAsEmbedded", sameFont)
            r.add("messages", texts.count)
            r.addTiming(t, items: texts.count, cpu: true)
            r.emit()

        case "cold", "cold-fallback":
            var stack = fonts
            if figure == "cold-fallback" {
                guard !options.fallbacks.isEmpty else { throw BenchError("cold-fallback needs --fallback fonts") }
                stack = try FontStack(font, fallbacks: options.fallbacks.map { path throws in
                    try Font(file: path, size: options.size)
                })
            }
            var errors = 0
            let t = measureTime(passes: passes, minSeconds: minSeconds) {
                let result = benchColdPass(texts, model: model, fonts: stack, width: options.width)
                sink += result.sum
                errors = result.errors
            }
            var r = Record(figure)
            r.add("what", "fresh Shaper per pass, TextKitModel prepare + measure at the width, library in-process")
            r.add("fonts", stack.fonts.count)
            r.add("messages", texts.count)
            r.add("errors", errors)
            r.addTiming(t, items: texts.count, cpu: true)
            r.emit()
            guard figure == "cold" else { break }

            let fresh = measureTime(passes: options.passes ?? 2, minSeconds: 0) {
                sink += benchColdFreshShaperPass(texts, model: model, fonts: stack, width: options.width)
            }
            var f = Record("cold-shaper-per-message")
            f.add("what", "a new Shaper for every message: no width reuse across messages")
            f.add("seconds", fresh.best)
            f.add("perSecond", Double(texts.count) / fresh.best)
            f.emit()

            let shaper = Shaper()
            sink += Double(primeWidthCache(texts, model: model, fonts: stack, shaper: shaper))
            let warm = measureTime(passes: passes, minSeconds: minSeconds) {
                sink += benchWarmPass(texts, model: model, fonts: stack, width: options.width, shaper: shaper)
            }
            var w = Record("warm")
            w.add("what", "the same Shaper again after a pass over the same texts: every width a cache hit")
            w.add("seconds", warm.best)
            w.add("perSecond", Double(texts.count) / warm.best)
            w.emit()

        case "relayout":
            let shaper = Shaper()
            var prepared: [PreparedText] = []
            prepared.reserveCapacity(texts.count)
            for text in texts { if let p = try? model.prepare(text, font: font, shaper: shaper) { prepared.append(p) } }
            if let path = options.writeLines {
                let wrap = model.wrapWidth(forWidth: options.width)
                let lines = prepared.map { String($0.lineCount(width: wrap)) }.joined(separator: "\n") + "\n"
                guard let file = fopen(path, "w") else { throw BenchError("cannot write '\(path)'") }
                fputs(lines, file)
                fclose(file)
            }
            let wrapWidths = relayoutWidths.map { model.wrapWidth(forWidth: $0) }
            let layouts = prepared.count * relayoutWidths.count
            var lineTotal = 0
            let counting = measureTime(passes: options.passes ?? 5, minSeconds: minSeconds) {
                lineTotal = benchRelayoutLineCount(prepared, wrapWidths: wrapWidths)
            }
            var a = Record("relayout-linecount")
            a.add("what", "prepared.lineCount(width:) at 10 other widths")
            a.add("widths", relayoutWidths.map { String(Int($0)) }.joined(separator: ","))
            a.add("layouts", layouts)
            a.add("lines", lineTotal)
            a.addTiming(counting, items: layouts)
            a.emit()
            let measuring = measureTime(passes: options.passes ?? 5, minSeconds: minSeconds) {
                sink += benchRelayoutMeasure(prepared, model: model, widths: relayoutWidths)
            }
            var b = Record("relayout-measure")
            b.add("what", "TextKitModel.measure(prepared, width:) at 10 other widths")
            b.add("layouts", layouts)
            b.addTiming(measuring, items: layouts)
            b.emit()

        case "mixed", "mixed-limit", "mixed-cold":
            try benchMixed(options, passes: passes, minSeconds: minSeconds, only: figure)

        case "languages":
            // The limit, cold and warm measure per corpus language ("lang"), each language alone.
            let langs = try readJSONLStrings(options.corpus, key: "lang")
            let raw = try RawHarfBuzz(path: options.font)
            var order: [String] = []
            for lang in langs where !order.contains(lang) { order.append(lang) }
            for lang in order {
                let picked = langs.indices.filter { langs[$0] == lang }
                let langTexts = picked.map { texts[$0] }
                let langUnits = picked.map { units[$0] }
                let limit = measureTime(passes: passes, minSeconds: minSeconds / 4) { sink += Double(raw.shapeAll(langUnits)) }
                let cold = measureTime(passes: passes, minSeconds: minSeconds / 4) {
                    sink += benchColdPass(langTexts, model: model, fonts: fonts, width: options.width).sum
                }
                let shaper = Shaper()
                sink += Double(primeWidthCache(langTexts, model: model, fonts: fonts, shaper: shaper))
                let warm = measureTime(passes: passes, minSeconds: minSeconds / 4) {
                    sink += benchWarmPass(langTexts, model: model, fonts: fonts, width: options.width, shaper: shaper)
                }
                var r = Record("language")
                r.add("lang", lang)
                r.add("messages", picked.count)
                r.add("meanUnits", Double(langUnits.reduce(0) { $0 + $1.count }) / Double(picked.count))
                r.add("limitPerSecond", Double(picked.count) / limit.best)
                r.add("coldPerSecond", Double(picked.count) / cold.best)
                r.add("warmPerSecond", Double(picked.count) / warm.best)
                r.emit()
            }

        case "buckets":
            // The limit and cold measure per message length (UTF-16 units), each bucket on its own
            // with a fresh Shaper: where the width cache pays and where per-call overhead dominates.
            let raw = try RawHarfBuzz(path: options.font)
            for (low, high) in [(0, 12), (13, 40), (41, 100), (101, 200), (201, 100_000)] {
                let picked = texts.indices.filter { (low...high).contains(units[$0].count) }
                let bucketTexts = picked.map { texts[$0] }
                let bucketUnits = picked.map { units[$0] }
                guard !picked.isEmpty else { continue }
                let limit = measureTime(passes: passes, minSeconds: minSeconds / 4) { sink += Double(raw.shapeAll(bucketUnits)) }
                let cold = measureTime(passes: passes, minSeconds: minSeconds / 4) {
                    sink += benchColdPass(bucketTexts, model: model, fonts: fonts, width: options.width).sum
                }
                var r = Record("bucket")
                r.add("units", high >= 100_000 ? "\(low)+" : "\(low)-\(high)")
                r.add("messages", picked.count)
                r.add("meanUnits", Double(bucketUnits.reduce(0) { $0 + $1.count }) / Double(picked.count))
                r.add("limitPerSecond", Double(picked.count) / limit.best)
                r.add("coldPerSecond", Double(picked.count) / cold.best)
                r.emit()
            }

        case "scaling":
            // The same texts once more with every word's width already cached (a Shaper that has
            // seen the corpus): separates the cost of growing text from the width cache warming up.
            let warmShaper = Shaper()
            sink += Double(primeWidthCache(texts, model: model, fonts: fonts, shaper: warmShaper))
            for (name, runs) in [("scale-100k.txt", 5), ("scale-1m.txt", 3), ("scale-10m.txt", 2)] {
                let path = options.scalingDir + "/" + name
                guard fileExists(path) else {
                    note("\(path) is missing (scripts/bench/prepare.py writes it); scaling skipped")
                    continue
                }
                let bytes = try readFile(path)
                let text = String(decoding: bytes, as: UTF8.self)
                var best: (prepare: Double, measure: Double, lines: Int) = (.infinity, .infinity, 0)
                for _ in 0..<(options.passes ?? runs) {
                    let pass = benchScalingPass(text, model: model, fonts: fonts, width: options.width)
                    if pass.prepare + pass.measure < best.prepare + best.measure { best = pass }
                }
                let mb = Double(bytes.count) / 1_048_576
                var r = Record("scaling")
                r.add("file", name)
                r.add("bytes", bytes.count)
                r.add("utf16Units", text.utf16.count)
                r.add("lines", best.lines)
                r.add("prepareSeconds", best.prepare)
                r.add("measureSeconds", best.measure)
                r.add("seconds", best.prepare + best.measure)
                r.add("secondsPerMB", (best.prepare + best.measure) / mb)
                r.emit()

                var warm: (prepare: Double, measure: Double, lines: Int) = (.infinity, .infinity, 0)
                for _ in 0..<(options.passes ?? runs) {
                    let pass = benchScalingPass(text, model: model, fonts: fonts, width: options.width, shaper: warmShaper)
                    if pass.prepare + pass.measure < warm.prepare + warm.measure { warm = pass }
                }
                var w = Record("scaling-warm")
                w.add("file", name)
                w.add("bytes", bytes.count)
                w.add("prepareSeconds", warm.prepare)
                w.add("measureSeconds", warm.measure)
                w.add("seconds", warm.prepare + warm.measure)
                w.add("secondsPerMB", (warm.prepare + warm.measure) / mb)
                w.emit()
            }

        default:
            break
        }
    }
    if sink == 12345.678 { note("") }  // keep the results alive
}

do {
    try run(try parse(Array(CommandLine.arguments.dropFirst())))
} catch {
    note("\(error)")
    exit(2)
}
