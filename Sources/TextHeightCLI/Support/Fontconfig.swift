import CFontconfig
import Synchronization
import TextHeight

/// Font families resolved through fontconfig, as Linux desktop apps and Chromium find fonts.
///
/// fontconfig never says "not found": it substitutes the closest font it has. A family is accepted
/// only when one of the matched font's family names is the one asked for, so `--font-family
/// "SF Pro"` on a machine without it fails clearly instead of measuring DejaVu Sans.
enum Fontconfig {
    private static let lock = Mutex<Void>(())

    /// `path#index` of the best face of `family` (for `language`, which picks CJK faces).
    static func resolve(family: String, language: String?) throws(FontError) -> String {
        try lock.withLock { _ throws(FontError) -> String in
            guard let config = FcInitLoadConfigAndFonts() else { throw .familyNotFound(family: family, substitute: nil) }
            defer { FcConfigDestroy(config) }
            guard let pattern = FcPatternCreate() else { throw .familyNotFound(family: family, substitute: nil) }
            defer { FcPatternDestroy(pattern) }
            FcPatternAddString(pattern, FC_FAMILY, family)
            if let language { FcPatternAddString(pattern, FC_LANG, language) }
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let match = FcFontMatch(config, pattern, &result) else {
                throw .familyNotFound(family: family, substitute: nil)
            }
            defer { FcPatternDestroy(match) }
            var names: [String] = []
            var index: Int32 = 0
            var value: UnsafeMutablePointer<FcChar8>?
            while FcPatternGetString(match, FC_FAMILY, index, &value) == FcResultMatch, let value {
                names.append(String(cString: value))
                index += 1
            }
            guard names.contains(where: { $0.lowercased() == family.lowercased() }) else {
                throw .familyNotFound(family: family, substitute: names.first)
            }
            guard FcPatternGetString(match, FC_FILE, 0, &value) == FcResultMatch, let value else {
                throw .familyNotFound(family: family, substitute: nil)
            }
            var face: Int32 = 0
            _ = FcPatternGetInteger(match, FC_INDEX, 0, &face)
            return String(cString: value) + (face > 0 ? "#\(face)" : "")
        }
    }
}
