// printf-style placeholders of Apple's and Android's strings, split from the literal text.
//
// Apple: `%[n$][flags][width][.precision][length]conversion` with `@` for objects, `%%`, and
// `%#@name@` for an xcstrings/stringsdict substitution ("String Format Specifiers", Apple's String
// Programming Guide). Android: java.util.Formatter's `%[n$][flags][width][.precision]conversion`,
// with `%n` a line break and `%%` a percent sign (Formatter's class documentation). Anything else
// after a `%` is kept as written and marked unknown: the platform would show it or fail.

enum FormatSpecifiers {
    /// The parts of `text`. `substitution` turns Apple's `%#@name@` into its part (nil: unknown).
    static func parts(_ text: String, syntax: PlaceholderSyntax,
                      substitution: (String, Int?) -> Part? = { _, _ in nil }) -> [Part] {
        guard syntax == .apple || syntax == .java else { return text.isEmpty ? [] : [.text(text)] }
        let scalars = Array(text.unicodeScalars)
        var parts: [Part] = []
        var literal = ""
        func flush() {
            if !literal.isEmpty { parts.append(.text(literal)) }
            literal = ""
        }
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "%" else {
                literal.unicodeScalars.append(scalars[i])
                i += 1
                continue
            }
            let start = i
            i += 1
            var position: Int?
            var j = i
            var digits = 0
            while j < scalars.count, let d = digit(scalars[j]), digits < 10_000 {
                digits = digits * 10 + d
                j += 1
            }
            if j > i, j < scalars.count, scalars[j] == "$", digits > 0 {
                position = digits
                i = j + 1
            }
            // Apple's substitution: %#@name@ (or %1$#@name@).
            if syntax == .apple, i + 1 < scalars.count, scalars[i] == "#", scalars[i + 1] == "@" {
                var k = i + 2
                var name = ""
                while k < scalars.count, scalars[k] != "@", name.unicodeScalars.count < 256 {
                    name.unicodeScalars.append(scalars[k])
                    k += 1
                }
                if k < scalars.count, !name.isEmpty {
                    let written = String(String.UnicodeScalarView(scalars[start...k]))
                    flush()
                    if let part = substitution(name, position) {
                        parts.append(part)
                    } else {
                        parts.append(.placeholder(MessagePlaceholder(written: written, name: name, position: position,
                                                              kind: .string, unknown: true)))
                    }
                    i = k + 1
                    continue
                }
            }
            let flags: Set<Unicode.Scalar> = syntax == .apple ? ["-", "+", " ", "#", "0", "'"] : ["-", "#", "+", " ", "0", ",", "(", "<"]
            var signFlags = false
            while i < scalars.count, flags.contains(scalars[i]) {
                if " +,(0".unicodeScalars.contains(scalars[i]) { signFlags = true }
                i += 1
            }
            while i < scalars.count, digit(scalars[i]) != nil || (syntax == .apple && scalars[i] == "*") { i += 1 }
            var precision: Int?
            if i < scalars.count, scalars[i] == "." {
                i += 1
                var p = 0
                var any = false
                while i < scalars.count, let d = digit(scalars[i]) {
                    p = min(p * 10 + d, 100)
                    any = true
                    i += 1
                }
                if i < scalars.count, syntax == .apple, scalars[i] == "*" { i += 1 } else if any { precision = p }
            }
            if syntax == .apple {
                // Length modifiers: hh h l ll q L z t j.
                while i < scalars.count, "hlqLztj".unicodeScalars.contains(scalars[i]) { i += 1 }
            }
            guard i < scalars.count else {
                // A '%' that ends the text before its conversion: kept as written, reported.
                flush()
                parts.append(.placeholder(MessagePlaceholder(written: String(String.UnicodeScalarView(scalars[start...])),
                                                      name: nil, position: position, kind: .string, unknown: true)))
                break
            }
            let conversion = Character(scalars[i])
            i += 1
            let written = String(String.UnicodeScalarView(scalars[start..<i]))
            if conversion == "%" && written == "%%" {
                literal += "%"
                continue
            }
            if syntax == .java, conversion == "n", written == "%n" {
                literal += "\n"
                continue
            }
            var kind: MessagePlaceholder.Kind?
            switch (syntax, conversion) {
            case (.apple, "@"), (_, "s"), (_, "S"): kind = .string
            case (_, "d"), (.apple, "i"), (.apple, "D"), (.apple, "u"), (.apple, "U"), (_, "x"), (_, "X"), (_, "o"), (.apple, "O"):
                kind = .integer(conversion: conversion)
            case (_, "f"), (.apple, "F"), (_, "e"), (_, "E"), (_, "g"), (_, "G"), (_, "a"), (_, "A"):
                kind = .float(conversion: conversion, precision: precision)
            case (_, "c"), (_, "C"): kind = .character
            case (.java, "b"), (.java, "B"): kind = .boolean
            case (.java, "h"), (.java, "H"): kind = .integer(conversion: "x")
            case (.apple, "p"): kind = .integer(conversion: "x")
            case (.java, "t"), (.java, "T"):
                // A date needs one more letter (%tY, %tB, …).
                if i < scalars.count {
                    i += 1
                    kind = .date
                }
            default: kind = nil
            }
            // Sign, grouping and zero-padding flags take numbers only: "100% sure" is not a "% s"
            // (Formatter throws FormatFlagsConversionMismatchException), so it stays text.
            if signFlags, let k = kind {
                switch k {
                case .integer, .float: break
                default: kind = nil
                }
            }
            flush()
            let whole = String(String.UnicodeScalarView(scalars[start..<i]))
            parts.append(.placeholder(MessagePlaceholder(written: whole, name: nil, position: position, kind: kind ?? .string,
                                                  unknown: kind == nil)))
        }
        flush()
        return parts
    }

    private static func digit(_ s: Unicode.Scalar) -> Int? {
        s.value >= 0x30 && s.value <= 0x39 ? Int(s.value - 0x30) : nil
    }

    /// An xcstrings substitution's `formatSpecifier` (`lld`, `d`, `@`, `.2f`) as a placeholder kind.
    static func kind(ofSpecifier specifier: String) -> MessagePlaceholder.Kind {
        if case .placeholder(let p)? = parts("%" + specifier, syntax: .apple).first, !p.unknown { return p.kind }
        return .integer(conversion: "d")
    }
}
