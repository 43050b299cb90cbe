import Synchronization

/// Shapers lent to the line breakers for words wider than a line (`WordBreakMemo`, the Minikin greedy and
/// optimal breakers), kept between texts: a word that comes back (a long URL, an identifier in a batch of
/// messages) finds its pieces' widths in a warm width cache. A Shaper of its own per text or layout measured
/// every piece with HarfBuzz again, and made a Shaper each time. A Shaper serves one caller at a time: it is
/// taken out of the pool and put back.
enum LentShapers {
    /// A Shaper in the pool, which no thread uses.
    private struct Idle: @unchecked Sendable {
        let shaper: Shaper
    }
    private static let idle = Mutex<[Idle]>([])
    /// Idle Shapers kept (more callers at once make their own); each keeps its bounded caches.
    private static let kept = 4

    static func with<Value>(_ body: (Shaper) -> Value) -> Value {
        let shaper = take()
        defer { giveBack(shaper) }
        return body(shaper)
    }

    /// A Shaper no one else uses until it is given back.
    static func take() -> Shaper { idle.withLock { $0.popLast() }?.shaper ?? Shaper() }

    /// Back to the pool (or freed, when the pool is full); the caller no longer uses it.
    static func giveBack(_ shaper: Shaper) {
        idle.withLock { if $0.count < kept { $0.append(Idle(shaper: shaper)) } }
    }
}
