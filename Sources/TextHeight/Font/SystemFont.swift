/// The iOS system font's size-dependent choices that are not in the font file: which static
/// file (Text or Display) a size uses, the `wght` of a `UIFont.Weight`, and Dynamic Type sizes.
public enum SystemFont {
    /// Before iOS 14 (and with the static SF Pro files) the system font is SF Pro Text below
    /// 20 pt and SF Pro Display from 20 pt (WWDC20 session 10175 "The details of UI typography":
    /// "for fonts smaller than 20 points it used SF Text while fonts at 20 points or higher used
    /// SF Display"; WWDC15 session 804).
    public static let displayFromPointSize = 20.0

    /// Whether a system font of `pointSize` is drawn with the Display file.
    public static func usesDisplay(atPointSize pointSize: Double) -> Bool { pointSize >= displayFromPointSize }

    /// `UIFont.Weight` by its Swift name, with its raw value (UIFont.h: ultraLight −0.8, thin −0.6,
    /// light −0.4, regular 0, medium 0.23, semibold 0.3, bold 0.4, heavy 0.56, black 0.62).
    public enum Weight: String, CaseIterable, Sendable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

        public var rawWeight: Double {
            switch self {
            case .ultraLight: return -0.8
            case .thin: return -0.6
            case .light: return -0.4
            case .regular: return 0
            case .medium: return 0.23
            case .semibold: return 0.3
            case .bold: return 0.4
            case .heavy: return 0.56
            case .black: return 0.62
            }
        }

        /// The `wght` coordinate CoreText gives SF at this weight: WebKit's `normalizeCTWeight`
        /// (Source/WebCore/platform/graphics/cocoa/FontCacheCoreText.cpp, later its own header),
        /// keyframes "experimentally gathered from the various named weights of San Francisco":
        /// −0.8 → 30, −0.4 → 274, 0 → 400, 0.23 → 510, 0.3 → 590, 0.4 → 700, 0.56 → 860,
        /// 0.62 → 1000, linear between them (thin −0.6 → 152).
        public var wght: Double { SystemFont.wght(forWeight: rawWeight) }
    }

    private static let weightKeyframes: [(weight: Double, wght: Double)] = [
        (-0.8, 30), (-0.4, 274), (0, 400), (0.23, 510), (0.3, 590), (0.4, 700), (0.56, 860), (0.62, 1000),
    ]

    /// WebKit's `normalizeCTWeight`: a CoreText weight trait (−1…1) to SF's `wght`.
    public static func wght(forWeight weight: Double) -> Double {
        guard let first = weightKeyframes.first, let last = weightKeyframes.last else { return 400 }
        if weight < first.weight { return first.wght }
        for (before, after) in zip(weightKeyframes, weightKeyframes.dropFirst())
        where weight >= before.weight && weight <= after.weight {
            return before.wght + (weight - before.weight) / (after.weight - before.weight) * (after.wght - before.wght)
        }
        return last.wght
    }
}

/// `UIFont.TextStyle`: the styles of `UIFont.preferredFont(forTextStyle:)` on iOS.
public enum TextStyle: String, CaseIterable, Sendable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// Point sizes per content size category, xSmall … xxxLarge then AX1 … AX5: Apple Human
    /// Interface Guidelines, Typography, "iOS, iPadOS Dynamic Type sizes" (the default, Large,
    /// is the fourth column: body 17 pt).
    var sizes: [Double] {
        switch self {
        case .largeTitle: return [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title1: return [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: return [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: return [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline, .body: return [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: return [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: return [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: return [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption1: return [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: return [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41]
        }
    }

    /// `UIFont.preferredFont(forTextStyle:compatibleWith:)`'s point size at `category`.
    public func pointSize(at category: ContentSizeCategory = .large) -> Double {
        sizes[ContentSizeCategory.allCases.firstIndex(of: category) ?? 3]
    }

    /// The style's weight (HIG: headline is Semibold, every other iOS style Regular).
    public var weight: SystemFont.Weight { self == .headline ? .semibold : .regular }
}

/// `UIContentSizeCategory` by its Swift name, smallest first (AX1 = accessibilityMedium … AX5 =
/// accessibilityExtraExtraExtraLarge).
public enum ContentSizeCategory: String, CaseIterable, Sendable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge
    case accessibilityExtraExtraExtraLarge
}
