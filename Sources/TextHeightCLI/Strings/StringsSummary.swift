/// The table on stderr: per locale, strings, variants measured, and how many do not fit.
struct StringsSummary {
    private struct Row {
        var strings: Set<String> = []
        var variants = 0
        var overflows = 0
        var failed = 0
        var missing = 0
    }

    private var rows: [String: Row] = [:]
    var allFit: Bool { rows.values.allSatisfy { $0.overflows == 0 && $0.failed == 0 } }

    mutating func count(_ job: StringsCommand.Job) {
        rows[job.entry.locale, default: Row()].strings.insert(job.file + "\u{0}" + job.entry.key)
        rows[job.entry.locale, default: Row()].variants += 1
    }

    mutating func overflowed(_ job: StringsCommand.Job) { rows[job.entry.locale, default: Row()].overflows += 1 }
    mutating func failed(_ job: StringsCommand.Job) { rows[job.entry.locale, default: Row()].failed += 1 }
    mutating func missingGlyphs(_ job: StringsCommand.Job) { rows[job.entry.locale, default: Row()].missing += 1 }

    func table(files: Int, unreadable: Int) -> String {
        let header = ["locale", "strings", "variants", "do not fit"]
        var lines: [[String]] = [header]
        var total = Row()
        for (locale, row) in rows.sorted(by: { $0.key < $1.key }) {
            lines.append([locale, String(row.strings.count), String(row.variants), String(row.overflows)])
            total.variants += row.variants
            total.overflows += row.overflows
            total.failed += row.failed
            total.missing += row.missing
            total.strings.formUnion(row.strings.map { locale + "\u{0}" + $0 })
        }
        lines.append(["all", String(total.strings.count), String(total.variants), String(total.overflows)])
        let widths = (0..<header.count).map { column in lines.map { $0[column].count }.max() ?? 0 }
        var out = ""
        for line in lines {
            out += line.enumerated().map { column, cell in
                column == 0 ? cell + String(repeating: " ", count: widths[0] - cell.count)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ") + "\n"
        }
        let fileWord = "\(files) catalog\(files == 1 ? "" : "s")"
        var verdict = total.variants == 0 ? "no variant measured"
            : total.overflows == 0 ? "every variant fits" : "\(total.overflows) of \(total.variants) variants do not fit"
        if total.failed > 0 { verdict += "; \(total.failed) could not be measured" }
        let missing = rows.filter { $0.value.missing > 0 }.keys.sorted()
        if total.missing > 0 {
            verdict += "; \(total.missing) with glyphs no font has (\(missing.joined(separator: ", ")): add --locale-font)"
        }
        out += "\(verdict) (\(fileWord) read" + (unreadable > 0 ? ", \(unreadable) unreadable" : "") + ")\n"
        return out
    }
}
