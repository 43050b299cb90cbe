/// Space around the text, in points (TextKit) or CSS px (CSS), in CSS order: top, right, bottom, left.
///
/// UIKit's `UIEdgeInsets(top:left:bottom:right:)` maps as `Insets(top: t, right: r, bottom: b, left: l)`.
public struct Insets: Sendable, Equatable {
    public var top: Double
    public var right: Double
    public var bottom: Double
    public var left: Double

    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    public static let zero = Insets(top: 0, right: 0, bottom: 0, left: 0)

    /// CSS shorthand: 1 value (all), 2 (vertical, horizontal), 3 (top, horizontal, bottom), 4 (t, r, b, l).
    public init?(shorthand values: [Double]) {
        switch values.count {
        case 1: self.init(top: values[0], right: values[0], bottom: values[0], left: values[0])
        case 2: self.init(top: values[0], right: values[1], bottom: values[0], left: values[1])
        case 3: self.init(top: values[0], right: values[1], bottom: values[2], left: values[1])
        case 4: self.init(top: values[0], right: values[1], bottom: values[2], left: values[3])
        default: return nil
        }
    }

    public var vertical: Double { top + bottom }
    public var horizontal: Double { left + right }
}
