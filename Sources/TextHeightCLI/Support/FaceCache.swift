import Synchronization
import TextHeight

/// Font faces loaded once per process and path, shared by all batch workers. Failures are
/// remembered too, so 100,000 cases naming a broken font read it once. Font chains are kept
/// too, by everything they are made from: cases that name the same fonts at the same size get
/// the very same chain, whose identity the Shaper's memo of a stack recognizes at once.
final class FaceCache: Sendable {
    /// By path; nil is the embedded default (not "": `--font ''` is a missing file, not the default).
    private let faces = Mutex<[String?: Result<FontFace, FontError>]>([:])
    private let stacks = Mutex<[StackKey: FontStack]>([:])
    /// Chains kept before starting over (each a few fonts of faces loaded anyway).
    static let maxStacks = 256

    /// What `fonts(_:size:variation:)` reads of its arguments.
    private struct StackKey: Hashable {
        var font: String?
        var family: String?
        var displayFont: String?
        var fallbacks: [String]
        var language: String?
        var size: Double
        var variation: VariationSettings
    }

    /// The primary font and its fallback chain at `size` (the options' size unless a text style
    /// set it), every font at `variation`. With a Display file, sizes from 20 pt use it as the
    /// primary (the static SF Pro Text / Display pair: `SystemFont.usesDisplay`).
    func fonts(_ options: FontOptions, size: Double? = nil, variation: VariationSettings = .default) throws(FontError) -> FontStack {
        let size = size ?? options.size
        let key = StackKey(font: options.font, family: options.family, displayFont: options.displayFont,
                           fallbacks: options.fallbacks, language: options.language, size: size, variation: variation)
        if let known = stacks.withLock({ $0[key] }) { return known }
        let stack = try loadFonts(options, size: size, variation: variation)
        stacks.withLock {
            if $0.count >= FaceCache.maxStacks { $0.removeAll() }
            $0[key] = stack
        }
        return stack
    }

    private func loadFonts(_ options: FontOptions, size: Double, variation: VariationSettings) throws(FontError) -> FontStack {
        var primaryPath = try options.family.map { (family) throws(FontError) in
            try Fontconfig.resolve(family: family, language: options.language)
        } ?? options.font
        if let display = options.displayFont, SystemFont.usesDisplay(atPointSize: size) { primaryPath = display }
        let primary = try Font(face: face(primaryPath), size: size, variation: variation)
        var fallbacks: [Font] = []
        for entry in options.fallbacks {
            var path = entry
            if entry.hasPrefix(FontOptions.familyPrefix) {
                path = try Fontconfig.resolve(family: String(entry.dropFirst(FontOptions.familyPrefix.count)),
                                              language: options.language)
            }
            fallbacks.append(try Font(face: face(path), size: size, variation: variation))
        }
        return try FontStack(primary, fallbacks: fallbacks, language: options.language)
    }

    /// The face at `path`, or the embedded default for nil.
    func face(_ path: String?) throws(FontError) -> FontFace {
        if let cached = faces.withLock({ $0[path] }) { return try cached.get() }
        let result: Result<FontFace, FontError>
        do throws(FontError) {
            if let path {
                result = .success(try FontFace(file: path))
            } else {
                result = .success(try FontFace.embeddedDefault())
            }
        } catch {
            result = .failure(error)
        }
        faces.withLock { $0[path] = result }
        return try result.get()
    }
}
