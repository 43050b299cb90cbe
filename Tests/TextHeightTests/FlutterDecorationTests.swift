import Testing
@testable import TextHeight

/// Hand arithmetic for what surrounds Flutter's editable. Material 3 numbers: `_InputDecoratorState.build`
/// (content padding per border), `_RenderDecoration._layout` (input gap, `kMinInteractiveDimension` 48),
/// quoted in ../shared/research/flutter.md §4; Cupertino: `CupertinoTextField` padding 7 (§5).
/// The M3 style (bodyLarge 16 px, height 1.5, even leading) makes the strut L = 1.5 × 16 = 24 in any font.
/// Liberation Sans (fontTools: upem 2048, hhea 1854/−434/67): at 17 px a strut line is round(18.992) = 19,
/// a paragraph line round(19.548) = 20.
@Suite("Flutter decorations")
struct FlutterDecorationTests {
    func font(_ size: Double) throws -> Font {
        try Font(file: Fixtures.path("LiberationSans-Regular.ttf"), size: size)
    }

    func field(_ decoration: FlutterModel.Decoration, dense: Bool = false, padding: Insets? = nil) -> FlutterModel {
        FlutterModel(measure: .textField, decoration: decoration, dense: dense, padding: padding, heightMultiplier: 1.5,
                     halfLeading: true, limits: Limits(minLines: 1, maxLines: 5))
    }

    func box(_ model: FlutterModel, _ text: String, width: Double = 200) throws -> Measurement {
        model.measure(try model.prepare(text, font: try font(16)), width: width)
    }

    @Test("underline: 8 above and below, the 48 px minimum; dense: 4, no minimum")
    func underline() throws {
        // One line: max(8 + 24 + 8, 48) = 48; two: 8 + 48 + 8 = 64; wraps at 200 − 3.
        #expect(try box(field(.underline), "a").boxHeight == 48)
        #expect(try box(field(.underline), "a").contentHeight == 40)
        #expect(try box(field(.underline), "a\nb").boxHeight == 64)
        #expect(try box(field(.underline), "a").wrapWidth == 197)
        // Dense: 4 + 24 + 4 = 32, minContainerHeight = inputHeight.
        #expect(try box(field(.underline, dense: true), "a").boxHeight == 32)
    }

    @Test("filled: 12 px sides and the 4 px input gap on each side narrow the text by 35")
    func filled() throws {
        // 200 − 12 − 12 − 4 − 4 − 3 = 165; height max(8 + 24 + 8, 48) = 48, dense 4 + 24 + 4 = 32.
        #expect(try box(field(.filled), "a").wrapWidth == 165)
        #expect(try box(field(.filled), "a").boxHeight == 48)
        #expect(try box(field(.filled, dense: true), "a").boxHeight == 32)
    }

    @Test("outlined: 20 above, 12 below (dense 16, 8), gapPadding 4 on each side")
    func outlined() throws {
        // 20 + 24 + 12 = 56; three lines 20 + 72 + 12 = 104; dense 16 + 24 + 8 = 48; width 200 − 35.
        #expect(try box(field(.outlined), "a").boxHeight == 56)
        #expect(try box(field(.outlined), "a\nb\nc").boxHeight == 104)
        #expect(try box(field(.outlined, dense: true), "a").boxHeight == 48)
        #expect(try box(field(.outlined), "a").wrapWidth == 165)
    }

    @Test("collapsed and no decorator: the editable alone; a zero content padding keeps the 48 px minimum")
    func collapsed() throws {
        // The chat bar: 24 × clamp(n, 1, 5).
        #expect(try box(field(.collapsed), "a").boxHeight == 24)
        #expect(try box(field(.collapsed), "1\n2\n3\n4\n5\n6").boxHeight == 120)
        #expect(try box(field(.none), "a\nb").boxHeight == 48)
        // contentPadding: EdgeInsets.zero without isDense: still 48 (flutter/flutter#45573).
        #expect(try box(field(.underline, padding: .zero), "a").boxHeight == 48)
        #expect(try box(field(.underline, dense: true, padding: .zero), "a").boxHeight == 24)
    }

    @Test("CupertinoTextField: 7 all round, no minimum, wraps at width − 14 − 3")
    func cupertino() throws {
        let model = FlutterModel(measure: .cupertino, letterSpacing: -0.41)
        let m = model.measure(try model.prepare("a", font: try font(17)), width: 300)
        // 7 + L 19 + 7 = 33 (no height: the strut is Liberation Sans' ascent + descent).
        #expect(m.boxHeight == 33)
        #expect(m.wrapWidth == 283)
    }

    @Test("Cupertino's placeholder keeps its height when hidden; one line once there is text")
    func cupertinoPlaceholder() throws {
        let model = FlutterModel(measure: .cupertino, letterSpacing: -0.41, limits: Limits(minLines: 1, maxLines: 2))
        let font = try font(17)
        let hint = try model.prepare("a\nb\nc", font: font)
        // With text: 7 + max(19, one paragraph line 20) + 7 = 34.
        let typed = model.measure(try model.prepare("x", font: font), placeholder: hint, width: 300, includeLines: false)
        #expect(typed.boxHeight == 34)
        // Empty: the placeholder on maxLines 2 lines, 7 + 40 + 7 = 54.
        let empty = model.measure(try model.prepare("", font: font), placeholder: hint, width: 300, includeLines: false)
        #expect(empty.boxHeight == 54)
    }

    @Test("a Material hint counts only while the text is empty")
    func materialHint() throws {
        // No height: L = 19, the hint's paragraph line 20; dense underline 4 + … + 4.
        let model = FlutterModel(measure: .textField, decoration: .underline, dense: true)
        let font = try font(17)
        let hint = try model.prepare("Message", font: font)
        let empty = model.measure(try model.prepare("", font: font), placeholder: hint, width: 300, includeLines: false)
        #expect(empty.boxHeight == 28)
        let typed = model.measure(try model.prepare("x", font: font), placeholder: hint, width: 300, includeLines: false)
        #expect(typed.boxHeight == 27)
    }
}
