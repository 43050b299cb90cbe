import CFreeType
import CHarfBuzz
import CTextHeight

/// The versions of the libraries that decide a measurement, for `--version` and golden files:
/// a new ICU may legitimately move line breaks.
public enum EngineVersions {
    public static let textheight = "0.1.0"

    public static var freetype: String {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    public static var harfbuzz: String { String(cString: hb_version_string()) }

    public static var icu: String { icuVersion }

    /// Bytes of the default font compiled into the binary (C23 `#embed`); 0 if none was.
    public static var embeddedFontBytes: Int { th_default_font_size() }
}
