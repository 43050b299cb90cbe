/// What sits around the editable: Material 3's InputDecorator or CupertinoTextField's padding.
extension FlutterModel {
    /// The field's decoration (Material 3 `TextField` only).
    public enum Decoration: String, Sendable, CaseIterable {
        /// `decoration: null`: no InputDecorator, the bare EditableText.
        case none
        /// `InputDecoration()`, the default `UnderlineInputBorder` (`InputBorder.none` has the same geometry).
        case underline
        /// `InputDecoration(filled: true)`.
        case filled
        /// `InputDecoration(border: OutlineInputBorder())`.
        case outlined
        /// `InputDecoration.collapsed`: no padding, no minimum height.
        case collapsed
    }

    /// `kMinInteractiveDimension` (material/constants.dart): InputDecorator's minimum container height.
    static let minimumInteractiveHeight = 48.0

    /// The padding around the text when none is given: Material 3 content padding per border kind
    /// (`_InputDecoratorState.build`: outline 12,20,12,12 / dense 12,16,12,8; filled 12,8,12,8 / dense 12,4,12,4;
    /// other borders 0,8,0,8 / dense 0,4,0,4; collapsed zero), CupertinoTextField's `padding` 7 all round
    /// (flutter/flutter#113958); a bare paragraph none.
    public static func defaultPadding(_ measure: Measure, decoration: Decoration, dense: Bool) -> Insets {
        switch measure {
        case .paragraph: return .zero
        case .cupertino: return Insets(top: 7, right: 7, bottom: 7, left: 7)
        case .textField:
            switch decoration {
            case .none, .collapsed: return .zero
            case .underline: return Insets(top: dense ? 4 : 8, right: 0, bottom: dense ? 4 : 8, left: 0)
            case .filled: return Insets(top: dense ? 4 : 8, right: 12, bottom: dense ? 4 : 8, left: 12)
            case .outlined: return Insets(top: dense ? 16 : 20, right: 12, bottom: dense ? 8 : 12, left: 12)
            }
        }
    }

    /// Material 3's horizontal gap on each side of the input (`_RenderDecoration._layout` inputGap):
    /// `OutlineInputBorder.gapPadding` 4 when outlined, `_kInputExtraPadding` 4 when filled, else 0.
    public var inputGap: Double {
        guard measure == .textField else { return 0 }
        return decoration == .filled || decoration == .outlined ? 4 : 0
    }

    /// `_RenderDecoration._layout`: `minContainerHeight = isDense || isCollapsed ? inputHeight : kMinInteractiveDimension`.
    /// No InputDecorator, a CupertinoTextField and a paragraph have no minimum.
    var minimumHeight: Double {
        guard measure == .textField, !dense else { return 0 }
        switch decoration {
        case .none, .collapsed: return 0
        case .underline, .filled, .outlined: return FlutterModel.minimumInteractiveHeight
        }
    }

    /// The width the decorator gives the input (and a hint or placeholder `Text`): the width less the padding
    /// and the input gaps.
    func inputWidth(forWidth width: Double) -> Double {
        max(0, width - padding.horizontal - 2 * inputGap)
    }

    /// A Material hint is shown only while the text is empty (`_RenderDecoration._layout`: `inputHeight =
    /// max(isEmpty ? hintSize.height : 0, inputSize.height)`); CupertinoTextField keeps its placeholder's size
    /// when hidden (`Visibility(maintainSize: true)` in `_addTextDependentAttachments`).
    public var sizesToPlaceholder: Bool {
        measure == .cupertino || (measure == .textField && decoration != .none)
    }

    /// The placeholder is a plain `Text` in the field's style, no strut, laid out at the input width:
    /// a Material hint on `hintMaxLines` lines (none: all), Cupertino's on one line once there is text, else
    /// on the field's maxLines.
    public func measure(_ prepared: PreparedText, placeholder: PreparedText, width: Double,
                        includeLines: Bool) -> Measurement {
        let text = measure(prepared, width: width, includeLines: includeLines)
        let shown = measure == .textField ? prepared.isEmpty : true
        guard shown, !placeholder.isEmpty else { return text }
        let cap = measure == .cupertino ? (prepared.isEmpty ? limits.maxLines : 1) : hintMaxLines
        let paragraph = FlutterModel(measure: .paragraph, padding: .zero, heightMultiplier: heightMultiplier,
                                     halfLeading: halfLeading, forceStrut: false, letterSpacing: letterSpacing,
                                     roundingHack: roundingHack)
        var hint = paragraph.measure(placeholder, width: inputWidth(forWidth: width), includeLines: true)
        if let cap, hint.lines.count > cap {
            hint.lines = Array(hint.lines.prefix(cap))
            hint.lineCount = cap
            hint.textHeight = hint.lines.reduce(0) { $0 + $1.height }
        }
        let input = max(text.contentHeight - padding.vertical, hint.textHeight)
        var m = prepared.isEmpty ? hint : text
        if !includeLines { m.lines = [] }
        m.contentHeight = input + padding.vertical
        m.boxHeight = decoratedBox(m.contentHeight)
        m.scrolls = text.scrolls
        m.wrapWidth = text.wrapWidth
        m.lineHeight = text.lineHeight
        m.minHeight = text.minHeight
        m.maxHeight = text.maxHeight
        m.missingGlyphs = text.missingGlyphs
        m.overflowingLines = text.overflowingLines
        return m
    }

    /// The container: the decorator's minimum, then the box limits (`constraints.constrainHeight`).
    func decoratedBox(_ content: Double) -> Double {
        Limits.clamp(max(content, minimumHeight), min: limits.minHeight, max: limits.maxHeight)
    }
}
