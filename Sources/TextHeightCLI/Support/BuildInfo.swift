import TextHeight

/// How this binary was built, for `--version`: a package user cannot ask the toolchain.
enum BuildInfo {
    /// The compiler's Swift version, known only at compile time (`#if compiler`).
    static let swiftVersion: String = {
        #if compiler(>=6.5)
        return "6.5 or later"
        #elseif compiler(>=6.4)
        return "6.4"
        #elseif compiler(>=6.3.3)
        return "6.3.3"
        #elseif compiler(>=6.3.2)
        return "6.3.2"
        #elseif compiler(>=6.3.1)
        return "6.3.1"
        #elseif compiler(>=6.3)
        return "6.3"
        #elseif compiler(>=6.2)
        return "6.2"
        #elseif compiler(>=6.1)
        return "6.1"
        #else
        return "6.0"
        #endif
    }()

    static var defaultFont: String {
        let bytes = EngineVersions.embeddedFontBytes
        return bytes > 0 ? "embedded (\(bytes) bytes)" : "not embedded"
    }
}
