import CTextHeight
import Synchronization

// CLDR plural rules through ICU (th_plural_*, upluralrules.h): which categories a locale uses,
// and for each one a number ICU puts in it, the sample a plural variant is measured with.

/// A locale's plural categories, each with the sample number that stands for it.
struct PluralCategories: Equatable, Sendable {
    /// In CLDR's order (zero, one, two, few, many, other), only those ICU names for the locale.
    var categories: [String]
    /// The sample per category: the smallest integer 0…1000 ICU selects for it, else the first
    /// of 1.5, 0.5, 2.5, …, 9.5, 0.1, …, 9.9 it selects (Russian `other` holds no integer), else a
    /// power of ten up to 10⁹ (French `many`: 1000000). A category without one is left out.
    var samples: [String: Double]
    /// The locale's rules as ICU selects them, for numbers the sample search did not try.
    fileprivate let select: @Sendable (Double) -> String?

    static func == (a: PluralCategories, b: PluralCategories) -> Bool {
        a.categories == b.categories && a.samples == b.samples
    }

    func category(of number: Double) -> String? { select(number) }

    static let order = ["zero", "one", "two", "few", "many", "other"]

    /// Candidates after the integers, in the order tried.
    static let fractions: [Double] = {
        var out: [Double] = [1.5, 0.5]
        for whole in 2...9 { out.append(Double(whole) + 0.5) }
        for whole in 0...9 {
            for tenth in 1...9 where tenth != 5 { out.append(Double(whole) + Double(tenth) / 10) }
        }
        return out
    }()
    static let powers: [Double] = [1e4, 1e5, 1e6, 1e7, 1e8, 1e9]

    /// The first candidate ICU puts in `category` that is not in `excluded` (a plural's exact
    /// `=N` branches, which ICU tries before the categories), or nil.
    func sample(for category: String, excluding excluded: Set<Double>) -> Double? {
        if let s = samples[category], !excluded.contains(s) { return s }
        for n in 0...1000 where !excluded.contains(Double(n)) {
            if select(Double(n)) == category { return Double(n) }
        }
        for n in PluralCategories.fractions + PluralCategories.powers where !excluded.contains(n) {
            if select(n) == category { return n }
        }
        return nil
    }
}

/// Plural rules by locale and type, opened once per process.
enum PluralRules {
    private final class Rules: @unchecked Sendable {
        let pointer: OpaquePointer?
        init(_ pointer: OpaquePointer?) { self.pointer = pointer }
        deinit { th_plural_close(pointer) }
    }

    private static let cache = Mutex<[String: PluralCategories]>([:])

    /// The categories of `locale` (a BCP 47 tag); nil when ICU cannot open rules for it.
    static func categories(locale: String, ordinal: Bool = false) -> PluralCategories? {
        let key = (ordinal ? "ordinal:" : "cardinal:") + locale
        if let known = cache.withLock({ $0[key] }) { return known }
        var status: Int32 = 0
        guard let opened = th_plural_open(locale, ordinal ? 1 : 0, &status) else { return nil }
        let rules = Rules(opened)
        let select: @Sendable (Double) -> String? = { number in
            var out = [CChar](repeating: 0, count: 32)
            let length = th_plural_select(rules.pointer, number, &out, 32)
            guard length > 0, length < 32 else { return nil }
            return String(decoding: out.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        var keywords = [CChar](repeating: 0, count: 256)
        let length = th_plural_keywords(rules.pointer, &keywords, 256)
        let names = length > 0
            ? String(decoding: keywords.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: " ").map(String.init)
            : ["other"]
        var found = PluralCategories(categories: [], samples: [:], select: select)
        for category in PluralCategories.order + names.filter({ !PluralCategories.order.contains($0) }).sorted()
        where names.contains(category) {
            if let sample = found.sample(for: category, excluding: []) {
                found.categories.append(category)
                found.samples[category] = sample
            }
        }
        cache.withLock { $0[key] = found }
        return found
    }
}
