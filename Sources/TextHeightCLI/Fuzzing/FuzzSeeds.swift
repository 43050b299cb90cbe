/// The fuzz targets' first inputs: the fixtures (golden files, corpus texts, fonts) and every flag
/// with values of every type; each below libFuzzer's 8 KiB `-max_len`.
enum FuzzSeeds {
    static let maxLength = 8192

    static func seeds(for name: String) -> [[UInt8]] {
        let seeds: [[UInt8]]
        switch name {
        case "text":
            seeds = corpusTexts(every: 200).enumerated().map { k, text in
                [UInt8(17 + k % 23), 170] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            }
        case "font":
            seeds = ["HostileKern.ttf", "HostileMaxp.ttf", "TallFallback.ttf", "ThaiRules.ttf", "NominalRules.ttf",
                     "TallPrimary.ttf", "LineGap-Mono.ttf", "TrakSTAT-Mono.ttf"].compactMap { file("fixtures/fonts/" + $0) }
        case "json": seeds = jsonSeeds()
        case "lines":
            let bodies = [Array("a\nb\r\nc\rd\n\n\u{FEFF}e".utf8), [0xEF, 0xBB, 0xBF] + Array("{\"text\":\"x\"}\r\n\r\n".utf8),
                          Array("no newline".utf8), [0x0A, 0x0A, 0x0D, 0x0A, 0x0D]] + goldenFiles().map { Array($0.prefix(2000)) }
            seeds = bodies.enumerated().map { k, body in [UInt8(k * 37 % 256), UInt8(k * 61 % 256)] + body }
        case "case": seeds = caseSeeds()
        case "arguments": seeds = argumentVectors().map { vector in Array(vector.joined(separator: "\u{0}").utf8) }
        case "batch": seeds = batchSeeds()
        case "golden": seeds = goldenSeeds()
        case "catalog": seeds = CatalogTargets.seeds()
        default: seeds = []
        }
        return seeds.filter { $0.count <= maxLength }
    }

    // MARK: fixtures

    static func file(_ path: String) -> [UInt8]? { try? InputFile.read(path: path, limit: 1 << 24) }

    static func lines(_ path: String) -> [[UInt8]] {
        (file(path) ?? []).split(separator: 0x0A).map(Array.init)
    }

    static func goldenFiles() -> [[UInt8]] {
        ["android", "css", "flutter", "textkit"].compactMap { file("fixtures/golden/\($0).jsonl") }
    }

    static func goldenLines() -> [[UInt8]] {
        ["android", "css", "flutter", "textkit"].flatMap { lines("fixtures/golden/\($0).jsonl") }
    }

    static func corpusTexts(every step: Int) -> [String] {
        let all = lines("fixtures/corpus/messages.jsonl")
        return stride(from: 0, to: all.count, by: step).compactMap { k in
            if case .string(let text)? = (try? JSONReader.parse(all[k]))?["text"] { return text }
            return nil
        }
    }

    /// `"key":value` for every measurement flag and each of its values, as a batch case writes it:
    /// true for a flag without a value, else the value as a string, as a number when it is one,
    /// and a repeatable flag's as a list.
    static func optionFields() -> [String] {
        var fields: [String] = []
        for spec in MeasureOptions.specs {
            let key = JSONObject.string(spec.jsonKey)
            if spec.value == nil {
                fields += [key + ":true", key + ":false", key + ":null", key + ":\"yes\""]
                continue
            }
            for value in OptionSamples.values(for: spec) {
                fields.append(key + ":" + JSONObject.string(value))
                if (try? JSONReader.parse(Array(value.utf8))).map({ if case .number = $0 { true } else { false } }) ?? false {
                    fields.append(key + ":" + value)
                }
            }
            if spec.repeatable { fields.append(key + ":[" + OptionSamples.values(for: spec).prefix(2).map(JSONObject.string).joined(separator: ",") + "]") }
            fields += [key + ":[1,\"2\"]", key + ":{}", key + ":true"]
        }
        return fields
    }

    // MARK: targets

    static func jsonSeeds() -> [[UInt8]] {
        let crafted = [
            String(repeating: "[", count: 64) + String(repeating: "]", count: 64),
            String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
            String(repeating: "{\"a\":", count: 40) + "1" + String(repeating: "}", count: 40),
            "1e999", "-0", "-0.0e-0", "123456789012345678901234567890", "1E+2", "0.1e-400", "01", "1.", ".5", "-",
            #""\u0000\b\f\n\r\t\/\\\"""#, #""\uD83D\uDE00""#, #""\uD800""#, #""\uDC00""#, #""\uD800\u0041""#, #""\u00e9\u2028""#,
            #"{"a":1,"a":2}"#, #"{"id":1,"id":2,"text":"x","text":"y"}"#, "\u{FEFF}{}", "{\"a\":\"\u{0}\"}", "[1,]", "{,}",
            " \t\r\n[ true , false , null ] \r\n", "\"\u{7F}\u{2028}\u{2029}\"", "[\"\\ud83d\"]", "nul", "tru", "[1 2]",
        ]
        var seeds = crafted.map { Array($0.utf8) } + [[0x22, 0xFF, 0x22], [0x22, 0xC0, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22]]
        seeds += goldenLines()
        seeds += lines("fixtures/chromium/references.jsonl").prefix(20)
        seeds += lines("fixtures/corpus/messages.jsonl").enumerated().filter { $0.offset % 500 == 0 }.map(\.element)
        return seeds
    }

    static func caseSeeds() -> [[UInt8]] {
        var seeds: [[UInt8]] = []
        let golden = goldenLines().filter { !$0.starts(with: Array("{\"provenance\"".utf8)) }
        for k in stride(from: 0, to: golden.count - 1, by: 3) { seeds.append(golden[k] + [0x0A] + golden[k + 1]) }
        let texts = [#""Hello""#, #""a\nb\u00e9\uD83D\uDE00""#, #""""#, "\"你好 مرحبا\"", #""\"quoted\\\"""#]
        let ids = [#""a""#, "7", "-1.5e3", #""id with ü""#]
        for (k, field) in optionFields().enumerated() where k % 3 == 0 {
            let id = ids[k % ids.count], text = texts[k % texts.count], other = texts[(k + 1) % texts.count]
            let line = "{\"id\":\(id),\"text\":\(text),\(field)}"
            let like = "{\"id\":\(ids[(k + 1) % ids.count]),\"text\":\(other),\(field)}"
            seeds.append(Array((line + "\n" + like).utf8))
            seeds.append(Array(("{\(field), \"text\":\(text)}\n{\(field), \"text\":\(other)}").utf8))
        }
        return seeds
    }

    static func argumentVectors() -> [[String]] {
        var vectors: [[String]] = [
            ["--width", "343", "--max-lines", "3", "--fallback", "fixtures/fonts/NotoSansCJKsc-Regular.subset.otf",
             "--fallback", "fixtures/fonts/NotoColorEmoji.subset.ttf", "你好，这是一条很长的消息 with some English 🎉"],
            ["--font", "fixtures/fonts/Inter-Regular.otf", "--size", "14", "--width", "280", "--inset", "9,0,9,0", "--padding", "0",
             "--line-height-multiple", "1.14", "--min-height", "38", "--max-height", "78", "Hello"],
            ["--width", "320,375,414", "one text, three devices"],
            ["--model", "css", "--size", "16", "--inset", "8", "--width", "320,375,414", "Hello"],
            ["--model", "android", "--density", "2.625", "--size", "16", "--width", "360", "--max-lines", "5", "Hello"],
            ["--model", "flutter", "--decoration", "collapsed", "--min-lines", "1", "--max-lines", "5", "--width", "360", "Hello"],
            ["--preset", "flutter-chat", "--text-scale", "1.3", "--width", "360", "Hello"],
            ["--preset", "react-native-android", "--density", "2.625", "--width", "360", "--max-lines", "5", "Running late"],
            ["--width=300", "--lines", "--", "-starts with a dash"], ["batch", "--width", "343", "--jobs", "2"],
            ["check", "fixtures/golden", "--tolerance", "0.5"], ["render", "--width", "300", "--output", "x.png", "Hi"],
            ["--completions", "zsh"], ["--completions=fish"], ["--help"], ["batch", "--help"], ["--width", "1", "-"],
            ["--width"], ["--width", "300", "--width", "320", "x"], ["--width", "300", "--lines=true", "x"], ["---width", "300", "x"],
        ]
        // Every flag with each of its values, on a case of the model it names.
        for spec in MeasureOptions.specs {
            let model = ["css", "android", "flutter"].first { spec.help.hasPrefix($0) } ?? "textkit"
            for value in OptionSamples.values(for: spec) {
                let flag = spec.value == nil ? ["--" + spec.name] : ["--" + spec.name, value]
                vectors.append(["--model", model, "--width", "200"] + flag + ["A text that wraps at two hundred points wide."])
            }
        }
        // The golden files' cases as command lines.
        for line in goldenLines() {
            guard case .object(let fields)? = try? JSONReader.parse(line), let text = fields.first(where: { $0.0 == "text" }) else { continue }
            var vector: [String] = []
            var seen: Set<String> = []
            for (key, value) in fields {
                guard let spec = BatchCase.specsByKey[key], let flags = try? BatchCase.field(key, value, seen: &seen) else { continue }
                if case .flags(let given) = flags {
                    for (name, value) in given { vector += spec.value == nil ? ["--" + name] : ["--" + name, value] }
                }
            }
            if case .string(let s) = text.1 { vectors.append(vector + ["--", s]) }
        }
        return vectors
    }

    static func batchSeeds() -> [[UInt8]] {
        var seeds: [[UInt8]] = []
        let golden = goldenLines()
        for k in stride(from: 0, to: golden.count, by: 5) {
            seeds.append([UInt8(k % 13)] + golden[k..<min(k + 5, golden.count)].joined(separator: [0x0A]) + [0x0A])
        }
        let plain = """
            {"id":"a","text":"Hello","width":343}
            {"id":"b","text":"a\\nb","width":[320,375],"maxLines":3}
            {"text":"x","width":"nan"}

            [1,2]
            {"id":7,"text":"bad font","font":"fixtures/fonts/none.ttf","width":100}
            {"id":"c","text":"x","width":100,"colour":"red"}
            {"id":"d","text":"\\ud800","width":100}
            {"id":"e","text":"Hello","width":343}
            {"id":"f","text":"Hello again","width":343}\r
            """
        for choice in 0..<13 { seeds.append([UInt8(choice)] + Array(plain.utf8)) }
        let fields = optionFields()
        for start in stride(from: 0, to: fields.count, by: 4) {
            let lines = fields[start..<min(start + 4, fields.count)].enumerated().map { k, field in
                "{\"id\":\(start + k),\"text\":\"Hello wörld, a text that wraps\",\(field)}\n{\"id\":\"again\",\"text\":\"x\",\(field)}"
            }
            seeds.append([UInt8(start % 13)] + Array(lines.joined(separator: "\n").utf8))
        }
        return seeds
    }

    static func goldenSeeds() -> [[UInt8]] {
        var seeds: [[UInt8]] = []
        for (k, file) in goldenFiles().enumerated() {
            let lines = file.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
            let head = Array(lines.prefix(12).joined(separator: [0x0A]))
            let choice = UInt8(k * 5 % 16)
            seeds.append([choice] + head + [0x0A])
            seeds.append([choice | 1] + head.prefix(head.count * 2 / 3))  // cut inside a line
            seeds.append([choice | 1] + Array(lines.dropFirst().prefix(6).joined(separator: [0x0A])))  // no provenance
            seeds.append([choice | 1, 0xEF, 0xBB, 0xBF] + Array(lines.prefix(4).joined(separator: [0x0D, 0x0A])))
            seeds.append([choice | 1] + Array(lines.prefix(4).joined(separator: [0x0A])) + [0x0A, 0xFF, 0x0A])
        }
        let bare = #"{"id":"x","text":"Nachricht senden","width":343,"maxLines":5}"# + "\n" + #"{"text":"","width":100,"colour":1}"#
        seeds.append([1] + Array(bare.utf8))
        seeds.append([1] + Array(#"{"provenance":{}}"#.utf8) + [0x0A] + Array(bare.utf8))
        return seeds
    }

    // MARK: dictionary

    /// libFuzzer's `-dict` file: each flag, its batch key and its values; JSON's tokens.
    static var dictionary: String {
        var words: Set<String> = ["{", "}", "[", "]", ":", ",", "\"", "\\u", "\\uD83D", "\\uDE00", "true", "false", "null",
                                  "1e999", "-0", "\u{FEFF}", "\r\n", "\"id\":", "\"text\":", "\"expect\":", "\"provenance\":",
                                  "\"error\":", "\"exitCode\":", "batch", "check", "render", "--update", "--", "--input"]
        for spec in MeasureOptions.specs + BatchOptions.options + CheckOptions.options {
            words.insert("--" + spec.name)
            words.insert("\"\(spec.jsonKey)\":")
            for value in OptionSamples.values(for: spec) where !value.isEmpty { words.insert(value) }
        }
        return words.sorted().map { word in
            "\"" + word.utf8.map { b in
                b >= 0x20 && b < 0x7F && b != 0x22 && b != 0x5C ? String(UnicodeScalar(b)) : "\\x" + (b < 16 ? "0" : "") + String(b, radix: 16)
            }.joined() + "\""
        }.joined(separator: "\n") + "\n"
    }
}
