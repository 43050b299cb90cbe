// swift-tools-version:6.0
import PackageDescription

// System C libraries come from Debian's -dev packages (see scripts/setup.sh); pkg-config supplies their flags.
let package = Package(
    name: "textheight",
    products: [
        .library(name: "TextHeight", targets: ["TextHeight"]),
        .library(name: "TextHeightRender", targets: ["TextHeightRender"]),
        .executable(name: "textheight", targets: ["textheight"]),
    ],
    targets: [
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        // The CLI resolves --font-family through fontconfig; the library takes paths only.
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        // libpng for `textheight render` and `check --report`; only TextHeightRender links it.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng16",
                       providers: [.apt(["libpng-dev"])]),
        // libxml2 for `textheight strings` (Android resources, XLIFF): parsed from memory, no network, no DTD.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"])]),
        // ICU behind plain names (the importer only sees ubrk_open_72) and the embedded default font.
        .target(
            name: "CTextHeight",
            cSettings: [.define("U_SHOW_CPLUSPLUS_API", to: "0")],
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n"), .linkedLibrary("icudata")]
        ),
        .target(
            name: "TextHeight",
            dependencies: ["CTextHeight", "CFreeType", "CHarfBuzz"]
        ),
        // Drawing what was measured (issue 8), off the measuring path: TextHeight never links it.
        .target(
            name: "TextHeightRender",
            dependencies: ["TextHeight", "CFreeType", "CPNG"]
        ),
        // The command line's option groups, commands and readers: a library, so the fuzzer reaches them too.
        .target(
            name: "TextHeightCLI",
            dependencies: ["TextHeight", "TextHeightRender", "CFontconfig", "CLibXML2", "CTextHeight"],
            linkerSettings: [.linkedLibrary("m")]
        ),
        .executableTarget(
            name: "textheight",
            dependencies: ["TextHeightCLI"]
        ),
        // The benchmark of issue 6 (scripts/bench/run.sh, BENCHMARKS.md).
        .executableTarget(
            name: "textheight-bench",
            dependencies: ["TextHeight", "CHarfBuzz"]
        ),
        // libFuzzer harness (issues 7, 34): built by scripts/fuzz.sh with -sanitize=fuzzer; its targets are TextHeightCLI's.
        .executableTarget(
            name: "textheight-fuzz",
            dependencies: ["TextHeightCLI"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .testTarget(
            name: "TextHeightTests",
            dependencies: ["TextHeight"]
        ),
        .testTarget(
            name: "CLITests",
            dependencies: ["textheight", "TextHeightCLI"]
        ),
        // `textheight strings` (issue 33): catalog readers, plural rules and expansion on small inputs.
        .testTarget(
            name: "StringsTests",
            dependencies: ["TextHeightCLI"]
        ),
        .testTarget(
            name: "RenderTests",
            dependencies: ["TextHeightRender", "TextHeight", "CPNG", "textheight"]
        ),
    ],
    cLanguageStandard: .c2x
)
