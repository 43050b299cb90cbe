import CHarfBuzz
import Synchronization

/// Variable fonts: the axes a face has, the coordinates a platform picks for them, and the
/// HarfBuzz font shaped at those coordinates (advances from HVAR or gvar follow).
///
/// Both platforms set `opsz` to the size when the font has that axis: CoreText's
/// `kCTFontOpticalSizeAttribute` "auto" uses the point size (CTFontDescriptor.h: "an optical
/// size matching the point size"), Chromium's `font-optical-sizing: auto` the px size (CSS Fonts
/// 4 §font-optical-sizing; measured in Chromium 156 with a synthetic `opsz` font). Sizes are points
/// for TextKit and px for CSS, so both are `Font.size`. Values are clamped to the axis range
/// (HarfBuzz clamps; Chromium 156 measured clamped).

/// One axis of a variable font (`fvar`).
public struct VariationAxis: Sendable, Equatable {
    public var tag: String
    public var minimum: Double
    public var defaultValue: Double
    public var maximum: Double
}

/// An axis set to a value: `wght=650`.
public struct FontVariation: Sendable, Hashable {
    public var tag: String
    public var value: Double

    public init(tag: String, value: Double) {
        self.tag = tag
        self.value = value
    }
}

/// How `opsz` follows the size.
public enum OpticalSizing: Sendable, Hashable {
    /// `opsz` = the size (CoreText "auto", CSS `font-optical-sizing: auto`): both platforms' default.
    case auto
    /// The axis stays at its default (CoreText "none", CSS `font-optical-sizing: none`).
    case none
    /// `opsz` pinned to a value (`kCTFontOpticalSizeAttribute` with a number).
    case fixed(Double)
}

/// What a measurement asks of a variable font; a font without axes ignores all of it.
public struct VariationSettings: Sendable, Hashable {
    /// `wght`: CSS `font-weight`, or the wght value of a UIFont.Weight (see `SystemFont`).
    public var weight: Double?
    public var opticalSizing: OpticalSizing
    /// `font-variation-settings` / `kCTFontVariationAttribute`: applied last, over weight and
    /// optical sizing (CSS Fonts 4 §7.2 "Feature and variation precedence").
    public var axes: [FontVariation]

    public init(weight: Double? = nil, opticalSizing: OpticalSizing = .auto, axes: [FontVariation] = []) {
        self.weight = weight
        self.opticalSizing = opticalSizing
        self.axes = axes
    }

    public static let `default` = VariationSettings()

    /// One coordinate per axis of `face`, in `fvar` order, for a font of `size`.
    func coordinates(for face: FontFace, size: Double) -> [Double] {
        face.axes.map { axis in
            var value = axis.defaultValue
            if axis.tag == "wght", let weight { value = weight }
            if axis.tag == "opsz" {
                switch opticalSizing {
                case .auto: value = size
                case .none: break
                case .fixed(let pinned): value = pinned
                }
            }
            if let explicit = axes.last(where: { $0.tag == axis.tag }) { value = explicit.value }
            return min(max(value, axis.minimum), axis.maximum)
        }
    }
}

/// A HarfBuzz font of one face at one set of coordinates: what the shaper shapes with and what
/// its width caches are keyed on.
final class FaceInstance: @unchecked Sendable {
    let hbFont: OpaquePointer
    /// Features shaped with: none, or optional ligatures off (`Font.withoutOptionalLigatures`).
    let features: [hb_feature_t]
    /// Unique for the process: width caches key on it. (An ObjectIdentifier could be reused by a
    /// later instance once this one is freed, while a Shaper still holds widths cached for it.)
    let serial: UInt64

    private static let counter = Atomic<UInt64>(0)

    init(hbFont: OpaquePointer, features: [hb_feature_t] = []) {
        self.hbFont = hbFont
        self.features = features
        serial = FaceInstance.counter.add(1, ordering: .relaxed).newValue
    }

    deinit { hb_font_destroy(hbFont) }

    /// Per script, the characters no lookup of its shape plan reaches (`InertGlyphs`; nil when
    /// none qualify): made at the first join that asks, once for every thread's Shapers.
    func inertGlyphs(script: hb_script_t) -> InertGlyphs? {
        FaceInstance.once(inert, script) { InertGlyphs(self, script: script) }
    }
    private let inert = Mutex<[UInt32: InertGlyphs?]>([:])

    /// Per script, the glyphs HarfBuzz leaves as they are but for pair kerning (`NominalGlyphs`;
    /// nil when the plan does not qualify): made at the first run that asks, once for every thread.
    func nominalGlyphs(script: hb_script_t) -> NominalGlyphs? {
        FaceInstance.once(nominal, script) { NominalGlyphs(self, script: script) }
    }
    private let nominal = Mutex<[UInt32: NominalGlyphs?]>([:])

    /// `made[script]`, made by `make` under the lock the first time (nil results kept too).
    private static func once<T: Sendable>(_ made: borrowing Mutex<[UInt32: T?]>, _ script: hb_script_t,
                                          _ make: () -> T?) -> T? {
        made.withLock { made in
            if let known = made[script.rawValue] { return known }
            let value = make()
            made[script.rawValue] = value
            return value
        }
    }
}

/// The instances of one face, shared by every thread (a batch measures the same sizes again
/// and again; each instance keeps its width caches warm).
final class FaceInstances: Sendable {
    private let instances = Mutex<[Key: FaceInstance]>([:])

    struct Key: Hashable {
        var coordinates: [Double]
        var optionalLigatures: Bool
    }

    /// `liga` and `clig` off: what CoreText's `kCTLigatureAttributeName` 0 ("only ligatures
    /// essential for proper rendering") leaves out of the OpenType ligature features.
    static let noOptionalLigatures = ["liga", "clig"].map { hb_feature_t(tag: tag($0), value: 0, start: 0, end: UInt32.max) }
    /// A batch of many sizes of an `opsz` font makes an instance per size: past this many the
    /// cache starts over (fonts still using an instance keep it alive).
    static let maxInstances = 256

    func instance(of face: OpaquePointer, axes: [VariationAxis], at coordinates: [Double],
                  optionalLigatures: Bool = true) -> FaceInstance? {
        let key = Key(coordinates: coordinates, optionalLigatures: optionalLigatures)
        if let known = instances.withLock({ $0[key] }) { return known }
        guard let font = hb_font_create(face) else { return nil }
        var variations = zip(axes, coordinates).map { axis, value in
            hb_variation_t(tag: FaceInstances.tag(axis.tag), value: Float(value))
        }
        hb_font_set_variations(font, &variations, UInt32(variations.count))
        hb_font_make_immutable(font)
        let made = FaceInstance(hbFont: font, features: optionalLigatures ? [] : FaceInstances.noOptionalLigatures)
        return instances.withLock { cache in
            if let raced = cache[key] { return raced }
            if cache.count >= FaceInstances.maxInstances { cache.removeAll() }
            cache[key] = made
            return made
        }
    }

    static func tag(_ text: String) -> hb_tag_t {
        var tag: hb_tag_t = 0
        for byte in text.utf8.prefix(4) { tag = tag << 8 | hb_tag_t(byte) }
        return tag
    }

    /// The axes of `face` from `fvar` (none for a static font).
    static func axes(of face: OpaquePointer) -> [VariationAxis] {
        let count = Int(hb_ot_var_get_axis_count(face))
        guard count > 0 else { return [] }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: count)
        var got = UInt32(count)
        _ = hb_ot_var_get_axis_infos(face, 0, &got, &infos)
        return infos.prefix(Int(got)).map { info in
            let tag = (0..<4).map { Character(Unicode.Scalar(UInt8(truncatingIfNeeded: info.tag >> (24 - 8 * $0)))) }
            return VariationAxis(tag: String(tag), minimum: Double(info.min_value),
                                 defaultValue: Double(info.default_value), maximum: Double(info.max_value))
        }
    }
}

/// A variation tag is four printable ASCII characters (OpenType `Tag`).
public func isVariationTag(_ text: String) -> Bool {
    text.unicodeScalars.count == 4 && text.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }
}
