/// How far an auto-growing box may shrink and grow. Nil means no limit.
public struct Limits: Sendable, Equatable {
    public var minLines: Int?
    public var maxLines: Int?
    public var minHeight: Double?
    public var maxHeight: Double?

    public init(minLines: Int? = nil, maxLines: Int? = nil, minHeight: Double? = nil, maxHeight: Double? = nil) {
        self.minLines = minLines
        self.maxLines = maxLines
        self.minHeight = minHeight
        self.maxHeight = maxHeight
    }

    public static let none = Limits()

    /// The effective bounds, given the height of N lines in the model at hand: the larger of the
    /// minimums and the smaller of the maximums.
    func bounds(heightOfLines: (Int) -> Double) -> (min: Double?, max: Double?) {
        (larger(minLines.map(heightOfLines), minHeight), smaller(maxLines.map(heightOfLines), maxHeight))
    }

    private func larger(_ a: Double?, _ b: Double?) -> Double? {
        guard let a else { return b }
        guard let b else { return a }
        return Swift.max(a, b)
    }

    private func smaller(_ a: Double?, _ b: Double?) -> Double? {
        guard let a else { return b }
        guard let b else { return a }
        return Swift.min(a, b)
    }

    /// The box height: the maximum is applied first, then the minimum, so a minimum above the
    /// maximum wins (KTAutoHeightTextView's order; auto-layout constraints of equal priority).
    static func clamp(_ content: Double, min lower: Double?, max upper: Double?) -> Double {
        var box = content
        if let upper { box = Swift.min(box, upper) }
        if let lower { box = Swift.max(box, lower) }
        return box
    }
}
