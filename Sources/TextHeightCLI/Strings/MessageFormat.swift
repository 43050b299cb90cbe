// ICU MessageFormat, as ARB (Flutter's gen-l10n) and Angular's XLIFF write it, parsed into a
// `Message`: `{name}`, `{name, number|date|time…}`, `{n, plural|selectordinal, [offset:k] =0{…}
// one{…} other{…}}`, `{g, select, a{…} other{…}}`, nested to any depth, `#` in a plural.
//
// Syntax: ICU's MessagePattern (icu4c messagepattern.h). Apostrophes follow ICU's
// DOUBLE_OPTIONAL mode when `quoting` is on: `''` is one apostrophe, and a lone one quotes text
// only when a `{`, `}` or (in a plural) `#` follows it, up to the next lone apostrophe. Flutter's
// gen-l10n leaves apostrophes alone unless l10n.yaml sets `use-escaping: true` (Flutter's
// internationalization guide, "Escaping syntax"), so ARB reads them as text by default.

struct MessageFormatError: Error, Equatable {
    /// The character (Unicode scalar) of the message the error is at, from 0.
    var index: Int
    var message: String
}

struct MessageFormatParser {
    private let s: [Unicode.Scalar]
    private var i = 0
    private let quoting: Bool
    private var depth = 0

    /// Parses a whole message. `quoting`: ICU's apostrophe quoting (see above).
    static func parse(_ text: String, quoting: Bool) throws(MessageFormatError) -> Message {
        var parser = MessageFormatParser(s: Array(text.unicodeScalars), quoting: quoting)
        let message = try parser.message(inPlural: false, nested: false)
        guard parser.i == parser.s.count else { throw parser.fail("unmatched '}'") }
        return message
    }

    private init(s: [Unicode.Scalar], quoting: Bool) {
        self.s = s
        self.quoting = quoting
    }

    private func fail(_ message: String) -> MessageFormatError { MessageFormatError(index: min(i, s.count), message: message) }

    /// Text and arguments up to the `}` that closes the enclosing branch (not consumed), or the end.
    private mutating func message(inPlural: Bool, nested: Bool) throws(MessageFormatError) -> Message {
        var parts: [Part] = []
        var literal = ""
        func flush() {
            if !literal.isEmpty { parts.append(.text(literal)) }
            literal = ""
        }
        while i < s.count {
            let c = s[i]
            if c == "}" {
                guard nested else { throw fail("unmatched '}'") }
                break
            }
            if c == "{" {
                flush()
                parts.append(try argument(inPlural: inPlural))
                continue
            }
            if c == "#", inPlural {
                flush()
                parts.append(.pluralNumber(nil))
                i += 1
                continue
            }
            if c == "'", quoting {
                i += 1
                if i < s.count, s[i] == "'" {
                    literal += "'"
                    i += 1
                } else if i < s.count, s[i] == "{" || s[i] == "}" || (inPlural && s[i] == "#") {
                    // Quoted literal text up to the next lone apostrophe ('' inside is one).
                    while i < s.count {
                        if s[i] == "'" {
                            if i + 1 < s.count, s[i + 1] == "'" {
                                literal += "'"
                                i += 2
                                continue
                            }
                            i += 1
                            break
                        }
                        literal.unicodeScalars.append(s[i])
                        i += 1
                    }
                } else {
                    literal += "'"
                }
                continue
            }
            literal.unicodeScalars.append(c)
            i += 1
        }
        flush()
        return Message(parts)
    }

    private mutating func skipSpace() {
        while i < s.count, s[i].properties.isPatternWhitespace { i += 1 }
    }

    /// A run of characters that are not ICU pattern syntax or white space (an argument name, a type, a key).
    private mutating func identifier() -> String {
        var out = ""
        while i < s.count, !s[i].properties.isPatternWhitespace, !"{},=#'".unicodeScalars.contains(s[i]) {
            out.unicodeScalars.append(s[i])
            i += 1
        }
        return out
    }

    private mutating func expect(_ c: Unicode.Scalar, _ what: String) throws(MessageFormatError) {
        skipSpace()
        guard i < s.count, s[i] == c else { throw fail(i < s.count ? "expected \(what)" : "unexpected end: expected \(what)") }
        i += 1
    }

    /// `{…}` at `i`.
    private mutating func argument(inPlural: Bool) throws(MessageFormatError) -> Part {
        depth += 1
        defer { depth -= 1 }
        if depth > 32 { throw fail("arguments nested deeper than 32 levels") }
        let open = i
        i += 1
        skipSpace()
        let name = identifier()
        guard !name.isEmpty else { throw fail("an argument needs a name") }
        skipSpace()
        guard i < s.count else { throw fail("unexpected end: '{' at \(open) is not closed") }
        if s[i] == "}" {
            i += 1
            return .placeholder(MessagePlaceholder(written: "{\(name)}", name: name, position: nil, kind: .string))
        }
        try expect(",", "',' or '}'")
        skipSpace()
        let typeStart = i
        let type = identifier()
        skipSpace()
        switch type {
        case "plural", "selectordinal":
            try expect(",", "',' after '\(type)'")
            return .choice(try choice(name: name, kind: .plural(ordinal: type == "selectordinal", offset: 0), inPlural: true,
                                      open: open))
        case "select":
            try expect(",", "',' after 'select'")
            // `#` in a select nested in a plural still stands for the plural's number.
            return .choice(try choice(name: name, kind: .select, inPlural: inPlural, open: open))
        case "number", "date", "time", "spellout", "ordinal", "duration":
            // An optional style after a comma: skipped, braces balanced (a skeleton or a pattern).
            if i < s.count, s[i] == "," {
                i += 1
                var level = 0
                while i < s.count, !(s[i] == "}" && level == 0) {
                    if s[i] == "{" { level += 1 }
                    if s[i] == "}" { level -= 1 }
                    i += 1
                }
            }
            try expect("}", "'}' to close the argument")
            let written = String(String.UnicodeScalarView(s[open..<i]))
            let kind: MessagePlaceholder.Kind = type == "date" || type == "time" ? .date
                : type == "number" ? .float(conversion: "g", precision: nil) : .integer(conversion: "d")
            return .placeholder(MessagePlaceholder(written: written, name: name, position: nil, kind: kind))
        case "":
            throw fail("expected an argument type after ','")
        default:
            i = typeStart
            throw fail("unknown argument type '\(type)'")
        }
    }

    /// The branches of a plural or select, through its closing `}`.
    /// `open`: where its `{` is, for the errors about the whole choice.
    private mutating func choice(name: String, kind: Choice.Kind, inPlural: Bool, open: Int) throws(MessageFormatError) -> Choice {
        var kind = kind
        var branches: [Choice.Branch] = []
        skipSpace()
        if case .plural(let ordinal, _) = kind, s.count - i >= 7, String(String.UnicodeScalarView(s[i..<i + 7])) == "offset:" {
            i += 7
            skipSpace()
            let start = i
            while i < s.count, s[i].value >= 0x30 && s[i].value <= 0x39 || s[i] == "." { i += 1 }
            guard let offset = Double(String(String.UnicodeScalarView(s[start..<i]))) else {
                throw fail("'offset:' needs a number")
            }
            kind = .plural(ordinal: ordinal, offset: offset)
        }
        var keys: Set<String> = []
        while true {
            skipSpace()
            guard i < s.count else { throw fail("unexpected end in the '\(name)' \(kind == .select ? "select" : "plural")") }
            if s[i] == "}" {
                i += 1
                break
            }
            let keyStart = i
            var key: String
            if s[i] == "=" {
                guard case .plural = kind else { throw fail("'=' values belong to plurals, not selects") }
                i += 1
                let start = i
                while i < s.count, s[i].value >= 0x30 && s[i].value <= 0x39 || s[i] == "." || s[i] == "-" { i += 1 }
                let number = String(String.UnicodeScalarView(s[start..<i]))
                guard Double(number) != nil else { throw fail("'=' needs a number") }
                key = "=" + number
            } else {
                key = identifier()
                guard !key.isEmpty else { throw fail("expected a selector or '}'") }
            }
            guard keys.insert(key).inserted else {
                i = keyStart
                throw fail("'\(key)' appears twice in '\(name)'")
            }
            try expect("{", "'{' after '\(key)'")
            let body = try message(inPlural: inPlural, nested: true)
            try expect("}", "'}' to close '\(key)'")
            branches.append(Choice.Branch(key: key, message: body))
        }
        guard branches.contains(where: { $0.key == "other" }) else {
            i = open
            throw fail("the '\(name)' \(kind == .select ? "select" : "plural") has no 'other' branch")
        }
        return Choice(kind: kind, selector: name, argument: nil, branches: branches)
    }
}
