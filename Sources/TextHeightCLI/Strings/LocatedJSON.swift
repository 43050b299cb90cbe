// JSON catalogs (.xcstrings, ARB) through the project's own reader, with where each value starts,
// so an error in a catalog names its line and column.

/// A parsed JSON value that knows the byte it starts at; objects keep their members in file order.
final class LocatedJSON {
    let value: JSONValue
    let offset: Int
    /// An object's members (duplicates included, as written) or an array's items (keys empty).
    let children: [(key: String, value: LocatedJSON)]

    /// Parses a whole file: a UTF-8 byte-order mark is skipped, invalid UTF-8 and invalid JSON are
    /// errors at their line and column.
    static func parse(_ bytes: [UInt8]) throws(CatalogError) -> LocatedJSON {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let start = bytes.starts(with: bom) ? 3 : 0
        if let bad = UTF8Text.firstInvalidOffset(bytes) {
            let (line, column) = SourcePosition.lineColumn(bytes, offset: bad)
            throw CatalogError(line: line, column: column, message: "invalid UTF-8")
        }
        let body = Array(bytes[start...])
        var offsets: [Int] = []
        let value: JSONValue
        do {
            value = try JSONReader.parse(body, offsets: &offsets)
        } catch {
            let (line, column) = SourcePosition.lineColumn(bytes, offset: error.offset + start)
            // The reader's message names the byte; the line and column say it better here.
            let what = error.message.split(separator: ":", maxSplits: 1).last.map { $0.drop { $0 == " " } } ?? ""
            throw CatalogError(line: line, column: column, message: "invalid JSON: \(what)")
        }
        var next = 0
        return LocatedJSON.build(value, offsets: offsets.map { $0 + start }, next: &next)
    }

    private init(value: JSONValue, offset: Int, children: [(key: String, value: LocatedJSON)]) {
        self.value = value
        self.offset = offset
        self.children = children
    }

    /// The tree in the order the reader met the values (`JSONReader.parse(_:offsets:)`).
    private static func build(_ value: JSONValue, offsets: [Int], next: inout Int) -> LocatedJSON {
        let offset = next < offsets.count ? offsets[next] : 0
        next += 1
        switch value {
        case .object(let fields):
            var children: [(key: String, value: LocatedJSON)] = []
            for (key, member) in fields { children.append((key, build(member, offsets: offsets, next: &next))) }
            return LocatedJSON(value: value, offset: offset, children: children)
        case .array(let items):
            var children: [(key: String, value: LocatedJSON)] = []
            for item in items { children.append(("", build(item, offsets: offsets, next: &next))) }
            return LocatedJSON(value: value, offset: offset, children: children)
        default:
            return LocatedJSON(value: value, offset: offset, children: [])
        }
    }

    var string: String? {
        if case .string(let s) = value { return s }
        return nil
    }

    var isObject: Bool {
        if case .object = value { return true }
        return false
    }

    /// The member `key` (the last when repeated; readers refuse repeats first).
    subscript(key: String) -> LocatedJSON? { children.last { $0.key == key }?.value }
}

/// Byte offsets as editors show them.
enum SourcePosition {
    /// 1-based line and column; the column counts characters (Unicode scalars), not bytes.
    /// A byte-order mark opening the file is not a column.
    static func lineColumn(_ bytes: [UInt8], offset: Int) -> (line: Int, column: Int) {
        var line = 1, column = 1
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for b in bytes.prefix(max(0, min(offset, bytes.count))).dropFirst(bom) {
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}

/// Reading a JSON catalog's structure: a value of the wrong type, or a key that appears twice, is
/// an error at that value.
struct JSONCatalogReader {
    let bytes: [UInt8]
    /// The offset after each newline: a value's line by binary search, not a scan per entry.
    private let lineStarts: [Int]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
        lineStarts = starts
    }

    func fail(_ value: LocatedJSON, _ message: String) -> CatalogError {
        let (line, column) = SourcePosition.lineColumn(bytes, offset: value.offset)
        return CatalogError(line: line, column: column, message: message)
    }

    func line(of value: LocatedJSON) -> Int {
        var low = 0, high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= value.offset { low = middle } else { high = middle }
        }
        return low + 1
    }

    /// An object's members, refusing a repeated key (JSON parsers keep either one: the file is ambiguous).
    func members(_ value: LocatedJSON, _ what: String) throws(CatalogError) -> [(key: String, value: LocatedJSON)] {
        guard value.isObject else { throw fail(value, "\(what) must be an object, got \(value.value.typeName)") }
        var seen: Set<String> = []
        for (key, member) in value.children where !seen.insert(key).inserted {
            throw fail(member, "key '\(key)' appears twice in \(what)")
        }
        return value.children
    }

    func string(_ value: LocatedJSON, _ what: String) throws(CatalogError) -> String {
        guard let s = value.string else { throw fail(value, "\(what) must be a string, got \(value.value.typeName)") }
        return s
    }
}
