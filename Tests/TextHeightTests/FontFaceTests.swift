import Testing
@testable import TextHeight

@Suite("Font loading and vertical metrics")
struct FontFaceTests {
    @Test("reads hhea and OS/2 of Inter as fontTools reports them")
    func interMetrics() throws {
        // fontTools: head.unitsPerEm 2816; hhea ascent 2728, descent -680, lineGap 0;
        // OS/2 sTypo 2728/-680/0, usWin 2728/680, fsSelection 0b11000000 (USE_TYPO_METRICS set);
        // head yMin -900, yMax 3072.
        let m = try FontFace(file: Fixtures.path("Inter-Regular.otf")).metrics
        #expect(m == VerticalMetrics(unitsPerEm: 2816, hheaAscender: 2728, hheaDescender: -680, hheaLineGap: 0,
                                     typoAscender: 2728, typoDescender: -680, typoLineGap: 0,
                                     winAscent: 2728, winDescent: 680, useTypoMetrics: true, hasOS2: true,
                                     headYMin: -900, headYMax: 3072))
    }

    @Test("reads DejaVu Sans, whose typo metrics differ from hhea")
    func dejaVuMetrics() throws {
        // fontTools: upem 2048; hhea 1901/-483/0; OS/2 sTypo 1556/-492/410, usWin 1901/483, fsSelection bit 7 clear.
        let m = try FontFace(file: Fixtures.path("DejaVuSans.ttf")).metrics
        #expect(m.unitsPerEm == 2048 && m.hheaAscender == 1901 && m.hheaDescender == -483 && m.hheaLineGap == 0)
        #expect(m.typoAscender == 1556 && m.typoDescender == -492 && m.typoLineGap == 410)
        #expect(!m.useTypoMetrics)
    }

    @Test("the embedded default font is Inter Regular")
    func embeddedDefault() throws {
        let embedded = try FontFace.embeddedDefault()
        let file = try FontFace(file: Fixtures.path("Inter-Regular.otf"))
        #expect(embedded.metrics == file.metrics)
        #expect(embedded.path == "<embedded Inter Regular>")
    }

    @Test("a missing file is reported by path")
    func missing() {
        #expect(throws: FontError.notFound(path: "/nonexistent/font.ttf")) {
            try FontFace(file: "/nonexistent/font.ttf")
        }
    }

    @Test("a file that is not a font is refused by FreeType")
    func notAFont() {
        let path = Fixtures.root + "/Package.swift"
        #expect(throws: FontError.notAFont(path: path, reason: "unknown file format")) {
            try FontFace(file: path)
        }
    }

    @Test("a face index past the collection says how many faces exist")
    func faceIndex() {
        let path = Fixtures.path("DejaVuSans.ttf")
        #expect(throws: FontError.faceIndexOutOfRange(path: path, index: 3, faces: 1)) {
            try FontFace(file: path + "#3")
        }
    }

    @Test("path#index splits only on a trailing number", arguments: [
        ("a.ttc#2", "a.ttc", 2), ("a.ttc", "a.ttc", 0), ("dir#x/a.ttf", "dir#x/a.ttf", 0), ("a#", "a#", 0),
    ])
    func split(spec: String, path: String, index: Int) {
        let result = FontFace.split(spec)
        #expect(result.path == path && result.index == index)
    }

    @Test("sizes must be finite and positive", arguments: [0.0, -3, .nan, .infinity])
    func badSize(size: Double) throws {
        let face = try FontFace(file: Fixtures.path("DejaVuSans.ttf"))
        #expect(throws: FontError.self) { try Font(face: face, size: size) }
    }
}
