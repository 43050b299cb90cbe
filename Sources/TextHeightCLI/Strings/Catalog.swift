// What the catalog readers give `textheight strings`: each string of a file in each locale as a
// message (text, placeholders and the plural/select/device choices that make its variants), with
// where it is, its state, the examples its file gives for placeholders and the limits it carries.
//
// Readers are pure functions from (file name, bytes) to a `Catalog` or a `CatalogError` naming a
// line and column: no file system, so a fuzzer can call them on any bytes. Expansion into the
// texts that are measured is `Expansion.swift`'s.

/// The catalog formats `strings` reads, each found by its file name.
enum CatalogFormat: String, CaseIterable, Sendable {
    case xcstrings, android, arb, xliff
}

/// One file's strings, in file order.
struct Catalog: Equatable {
    var format: CatalogFormat
    var entries: [CatalogEntry] = []
    /// What the reader skipped or could not apply, with the line it is on.
    var notes: [CatalogNote] = []
}

struct CatalogNote: Equatable {
    var line: Int
    var message: String
}

/// A file that could not be read: nothing is taken from it.
struct CatalogError: Error, Equatable {
    var line: Int
    var column: Int
    var message: String

    /// `file:line:column: message`, as compilers write it.
    func located(in file: String) -> String { "\(file):\(line):\(column): \(message)" }
}

/// One string in one locale.
struct CatalogEntry: Equatable {
    var key: String
    /// A BCP 47 tag (`de`, `sr-Latn`, `zh-TW`).
    var locale: String
    var message: Message
    var line: Int
    /// The translation state the file records (xcstrings `stringUnit.state`, XLIFF `target state`).
    var state: String?
    /// Sample values for placeholders given by the file, by placeholder name (ARB, `xliff:g id`) or
    /// by printf argument position ("1", "2").
    var examples: [String: String] = [:]
    /// ARB placeholder types by name (`String`, `int`, `DateTime`, …).
    var types: [String: String] = [:]
    /// Size limits the file states for this string (XLIFF `maxwidth`/`maxheight`).
    var limits = FileLimits()
    /// Printf conversions of this format (Apple's or Java's), or ICU MessageFormat.
    var placeholderSyntax = PlaceholderSyntax.none
}

enum PlaceholderSyntax: Equatable {
    case none, apple, java, icu
}

/// XLIFF 1.2's size attributes as `strings` applies them: pixels become the view's `width` and
/// `maxHeight`, rows become `maxLines`; any other unit is named in `notApplied`.
struct FileLimits: Equatable {
    var width: Double?
    var maxHeight: Double?
    var maxLines: Int?
    var notApplied: [String] = []

    var isEmpty: Bool { width == nil && maxHeight == nil && maxLines == nil }
}

/// A message: literal text, placeholders, and choices (plural, select, device) that each make
/// variants of it.
struct Message: Equatable {
    var parts: [Part]

    init(_ parts: [Part]) { self.parts = parts }
    static func text(_ s: String) -> Message { Message(s.isEmpty ? [] : [.text(s)]) }
}

indirect enum Part: Equatable {
    case text(String)
    case placeholder(MessagePlaceholder)
    /// ICU's `#` (nil) and an xcstrings substitution's `%arg` (written with its `formatSpecifier`):
    /// the number the innermost plural chose.
    case pluralNumber(MessagePlaceholder?)
    case choice(Choice)
}

/// A placeholder as written, and what fills it.
struct MessagePlaceholder: Equatable {
    /// As in the file: `%1$@`, `%lld`, `{name}`, `<x id="INTERPOLATION"/>`.
    var written: String
    /// ICU and ARB names, `xliff:g` ids, xcstrings substitution names.
    var name: String?
    /// A printf argument's 1-based position (explicit `%2$s` or by order).
    var position: Int?
    var kind: Kind
    /// Not a placeholder the format knows (`%q`, `{undeclared}`): measured as written, reported.
    var unknown = false

    enum Kind: Equatable {
        case string
        /// `d`, `x`, `o`, …: the conversion letter decides how a number is written.
        case integer(conversion: Character)
        /// `f`, `e`, `g`: precision nil when not given.
        case float(conversion: Character, precision: Int?)
        case character
        case boolean
        case date
    }
}

/// A plural, select or device choice among branches.
struct Choice: Equatable {
    enum Kind: Equatable {
        /// ICU's `offset:` subtracted before the category is chosen; `#` shows the difference.
        case plural(ordinal: Bool, offset: Double)
        case select
        /// xcstrings device variations (`iphone`, `ipad`, `mac`, …): every branch measured.
        case device
    }

    var kind: Kind
    /// How variants name it: the ICU argument (`count`), `plural` (Android, xcstrings), a
    /// substitution's name, `device`.
    var selector: String
    /// The printf argument the plural's number fills: an xcstrings substitution's `argNum` (0 when
    /// it names none: only its `%arg` shows the number); nil for the first numeric placeholder of
    /// the chosen text (Android `<plurals>`, xcstrings plural variations).
    var argument: Int?
    var branches: [Branch]
    /// Only whole numbers reach it: Android's getQuantityString takes an int, so a category
    /// without integers (Russian `other`) is never shown there.
    var integersOnly = false

    struct Branch: Equatable {
        /// A category (`one`), an exact value (`=0`), a select key or a device name.
        var key: String
        var message: Message
    }
}
