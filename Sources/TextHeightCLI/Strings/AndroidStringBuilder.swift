// The text of an Android string resource as aapt2 compiles it, from the XML under the element:
// aapt2's ResourceParser::FlattenXmlSubtree and ResourceUtils' StringBuilder::AppendText
// (frameworks/base tools/aapt2, read in aosp-mirror/platform_frameworks_base):
//
// - Text between tags is a segment. Without any HTML tag (a span) in the string, leading white
//   space of the first segment and trailing white space of the last are dropped (raw, before escapes).
// - Outside double quotes, a run of ASCII white space becomes one space; `"` toggles quoting and
//   is not shown; an unquoted `'` is an error ("unescaped apostrophe").
// - Escapes: `\t` `\n`, `\uXXXX` (up to 4 hex digits; a non-hex digit is an error), `\#` `\@`
//   `\?` `\"` `\'` `\\` give the character, any other `\x` gives x.
// - An HTML tag (`<b>`, `<i>`, `<font>`, no namespace) contributes its text and resets quoting and
//   white-space state at both ends (StartSpan/EndSpan); `<xliff:g>` contributes its text without a
//   reset, and its `example` is the sample for the placeholder inside it. Other elements contribute
//   their text too (aapt2 warns and keeps it).
// CDATA sections are character data like any other (the XML parser hands them over as text).

struct AndroidStringBuilder {
    /// The compiled text, and for each `<xliff:g>` its `id`, `example` and the text it covers.
    struct Result: Equatable {
        var text: String
        var sections: [Section]
    }

    struct Section: Equatable {
        var id: String?
        var example: String?
        /// The section's range in `text`, in Unicode scalars.
        var range: Range<Int>
    }

    struct Failure: Error, Equatable {
        var message: String
    }

    private var text = String.UnicodeScalarView()
    private var count = 0
    private var quoted = false
    private var lastWasSpace = false
    private var sections: [Section] = []

    /// The string under `element` (its children), as aapt2 builds it.
    static func build(_ element: XMLElement) throws(Failure) -> Result {
        var segments = Segments()
        segments.collect(element.children)
        if !segments.sawSpan {
            // aapt2: "If there were no spans, … strip the leading whitespace from the first
            // segment, and the trailing whitespace from the last segment."
            segments.trimEnds()
        }
        var builder = AndroidStringBuilder()
        try builder.build(segments.root)
        return Result(text: String(builder.text), sections: builder.sections)
    }

    /// The raw text under the element (all character data, no processing): aapt2 tests it for a
    /// resource reference (`@string/other`) before building.
    static func rawText(_ element: XMLElement) -> String {
        var out = ""
        for child in element.children {
            switch child {
            case .text(let s): out += s
            case .element(let e): out += rawText(e)
            }
        }
        return out
    }

    private mutating func build(_ nodes: [Segments.Node]) throws(Failure) {
        for node in nodes {
            switch node {
            case .segment(let s):
                try append(s)
            case .span(let children):
                reset()
                try build(children)
                reset()
            case .untranslatable(let id, let example, let children):
                let start = count
                try build(children)
                sections.append(Section(id: id, example: example, range: start..<count))
            case .plain(let children):
                try build(children)
            }
        }
    }

    private mutating func reset() {
        quoted = false
        lastWasSpace = false
    }

    private mutating func emit(_ scalar: Unicode.Scalar) {
        text.append(scalar)
        count += 1
    }

    /// StringBuilder::AppendText.
    private mutating func append(_ segment: String) throws(Failure) {
        let scalars = Array(segment.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            i += 1
            if !quoted, AndroidStringBuilder.isSpace(c) {
                if !lastWasSpace {
                    emit(" ")
                    lastWasSpace = true
                }
                continue
            }
            lastWasSpace = false
            if c == "\\" {
                guard i < scalars.count else { continue }  // a final lone backslash is dropped
                let e = scalars[i]
                i += 1
                switch e {
                case "t": emit("\t")
                case "n": emit("\n")
                case "#", "@", "?", "\"", "'", "\\": emit(e)
                case "u":
                    var code: UInt32 = 0
                    var digits = 0
                    while digits < 4, i < scalars.count {
                        guard let d = AndroidStringBuilder.hex(scalars[i]) else {
                            throw Failure(message: "invalid unicode escape sequence in string")
                        }
                        code = code << 4 | d
                        digits += 1
                        i += 1
                    }
                    // Four digits are UTF-16 code units: a lone surrogate cannot be shown.
                    guard let scalar = Unicode.Scalar(code) else {
                        throw Failure(message: "invalid unicode code point in string (\\u\(String(code, radix: 16)))")
                    }
                    emit(scalar)
                default: emit(e)
                }
            } else if c == "\"" {
                quoted.toggle()
            } else if !quoted, c == "'" {
                throw Failure(message: "unescaped apostrophe in string (write \\' or quote the string)")
            } else {
                emit(c)
            }
        }
    }

    /// C's isspace in the "C" locale: space, \t, \n, \v, \f, \r.
    static func isSpace(_ c: Unicode.Scalar) -> Bool {
        c == " " || (c.value >= 0x09 && c.value <= 0x0D)
    }

    private static func hex(_ c: Unicode.Scalar) -> UInt32? {
        switch c.value {
        case 0x30...0x39: return c.value - 0x30
        case 0x41...0x46: return c.value - 0x41 + 10
        case 0x61...0x66: return c.value - 0x61 + 10
        default: return nil
        }
    }
}

/// The element's content as aapt2's node tree: segments of text, spans, untranslatable sections.
private struct Segments {
    indirect enum Node {
        case segment(String)
        case span([Node])
        case untranslatable(id: String?, example: String?, [Node])
        case plain([Node])
    }

    var root: [Node] = []
    var sawSpan = false

    mutating func collect(_ children: [XMLNode]) { root = nodes(children) }

    private mutating func nodes(_ children: [XMLNode]) -> [Node] {
        var out: [Node] = []
        var current = ""
        for child in children {
            switch child {
            case .text(let s):
                current += s
            case .element(let e):
                if !current.isEmpty { out.append(.segment(current)) }
                current = ""
                if e.namespace == nil {
                    sawSpan = true
                    out.append(.span(nodes(e.children)))
                } else if e.namespace == XMLDocument.xliffNamespace, e.name == "g" {
                    out.append(.untranslatable(id: e.attribute("id"), example: e.attribute("example"), nodes(e.children)))
                } else {
                    out.append(.plain(nodes(e.children)))
                }
            }
        }
        if !current.isEmpty { out.append(.segment(current)) }
        return out
    }

    /// Leading white space off the first segment, trailing off the last (document order).
    mutating func trimEnds() {
        var first = true
        root = Segments.mapFirst(root, &first) { String($0.drop(while: { $0.unicodeScalars.allSatisfy(AndroidStringBuilder.isSpace) })) }
        var last = true
        root = Segments.mapLast(root, &last) { s in
            var s = s
            while let c = s.last, c.unicodeScalars.allSatisfy(AndroidStringBuilder.isSpace) { s.removeLast() }
            return s
        }
    }

    private static func mapFirst(_ nodes: [Node], _ pending: inout Bool, _ f: (String) -> String) -> [Node] {
        var out = nodes
        for k in out.indices where pending {
            out[k] = map(out[k], &pending, f, first: true)
        }
        return out
    }

    private static func mapLast(_ nodes: [Node], _ pending: inout Bool, _ f: (String) -> String) -> [Node] {
        var out = nodes
        for k in out.indices.reversed() where pending {
            out[k] = map(out[k], &pending, f, first: false)
        }
        return out
    }

    private static func map(_ node: Node, _ pending: inout Bool, _ f: (String) -> String, first: Bool) -> Node {
        func recurse(_ nodes: [Node]) -> [Node] {
            first ? mapFirst(nodes, &pending, f) : mapLast(nodes, &pending, f)
        }
        switch node {
        case .segment(let s):
            pending = false
            return .segment(f(s))
        case .span(let children): return .span(recurse(children))
        case .untranslatable(let id, let example, let children): return .untranslatable(id: id, example: example, recurse(children))
        case .plain(let children): return .plain(recurse(children))
        }
    }
}
