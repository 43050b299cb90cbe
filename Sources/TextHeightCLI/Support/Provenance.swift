import TextHeight

/// The versions and font digests a golden file was recorded with.
enum Provenance {
    /// `presets`: the names the cases use; each is recorded with the flags it stood for, so a preset whose
    /// numbers change between versions is named when a golden file's heights move.
    static func current(fontSpecs: [FontOptions], presets: Set<String> = [], faces: FaceCache) -> JSONValue {
        var fonts: [(String, JSONValue)] = []
        var variable: [(String, JSONValue)] = []
        var seen: Set<String> = []
        for spec in fontSpecs {
            for path in [spec.font] + [spec.displayFont].filter({ $0 != nil }) + spec.fallbacks.map(Optional.some) {
                let key = path ?? "<embedded>"
                guard seen.insert(key).inserted, let face = try? faces.face(path) else { continue }
                fonts.append((key, .string(face.digest)))
                // The axes a variable font offers: the coordinates each case used are in its
                // "fontVariations".
                if !face.axes.isEmpty { variable.append((key, .string(describe(face.axes)))) }
            }
        }
        fonts.sort { $0.0 < $1.0 }
        variable.sort { $0.0 < $1.0 }
        return .object([
            ("textheight", .string(EngineVersions.textheight)),
            ("freetype", .string(EngineVersions.freetype)),
            ("harfbuzz", .string(EngineVersions.harfbuzz)),
            ("icu", .string(EngineVersions.icu)),
            ("fonts", .object(fonts)),
        ] + (variable.isEmpty ? [] : [("variableFonts", .object(variable))])
          + (presets.isEmpty ? [] : [("presets", .object(presets.sorted().compactMap { name in
                (try? Preset.named(name)).map { (name, JSONValue.string($0.flagLine)) }
            }))]))
    }

    /// `opsz 8…12…32, wght 400…400…700`: each axis's minimum, default and maximum.
    static func describe(_ axes: [VariationAxis]) -> String {
        axes.map { axis in
            "\(axis.tag) " + [axis.minimum, axis.defaultValue, axis.maximum].map(JSONObject.number).joined(separator: "…")
        }.joined(separator: ", ")
    }

    /// Sentences naming what changed since recording: causes of legitimate diffs.
    static func changes(from recorded: JSONValue, to current: JSONValue) -> [String] {
        var notes: [String] = []
        let names = [("textheight", "textheight"), ("freetype", "FreeType"), ("harfbuzz", "HarfBuzz"), ("icu", "ICU")]
        for (key, name) in names {
            if let old = recorded[key], let new = current[key], old != new {
                let effect = key == "icu" ? ": line breaks may move" : key == "harfbuzz" ? ": widths may move" : ""
                notes.append("\(name) \(Display.value(old)) → \(Display.value(new))\(effect)")
            }
        }
        if case .object(let axes)? = current["variableFonts"] {
            for (path, now) in axes where recorded["variableFonts"]?[path].map({ $0 != now }) ?? false {
                notes.append("font \(path) axes changed since recording (\(Display.value(recorded["variableFonts"]?[path] ?? now)) → \(Display.value(now)))")
            }
        }
        if case .object(let presets)? = current["presets"] {
            for (name, flags) in presets {
                if let old = recorded["presets"]?[name], old != flags {
                    notes.append("preset \(name) changed since recording (\(Display.value(old)) → \(Display.value(flags)))")
                }
            }
        }
        if case .object(let fonts)? = current["fonts"] {
            for (path, digest) in fonts {
                if let old = recorded["fonts"]?[path], old != digest {
                    notes.append("font \(path) changed since recording (\(Display.value(old)) → \(Display.value(digest)))")
                }
            }
        }
        return notes
    }
}
