import Foundation
import Testing

/// Runs a bash script with `$TEXTHEIGHT` naming the binary under test; stdout and stderr together.
func bash(_ script: String, environment: [String: String] = [:]) throws -> (output: String, status: Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = URL(fileURLWithPath: CLIRun.root)
    process.environment = ProcessInfo.processInfo.environment.merging(["TEXTHEIGHT": CLIRun.binary]) { $1 }
        .merging(environment) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: data, as: UTF8.self), process.terminationStatus)
}

/// The flags `--help` lists for a subcommand (nil: the plain command with every group).
func helpFlags(_ subcommand: String? = nil) throws -> [String] {
    let help = try CLIRun((subcommand.map { [$0] } ?? []) + ["--help"]).stdout
    return help.split(separator: "\n").compactMap { line in
        guard line.hasPrefix("  --") else { return nil }
        return String(line.dropFirst(2).prefix { $0 != " " })
    }
}

@Suite("Man page and shell completions, printed from the flag definitions")
struct InterfaceTests {
    @Test("man -l renders the page: every section, every flag of --help, no groff warnings")
    func manPage() throws {
        let page = try bash(#"""
            f=$(mktemp); "$TEXTHEIGHT" --man-page > "$f"
            MANPAGER=cat MANWIDTH=200 man -l "$f"; rc=$?
            preconv "$f" | groff -man -ww -z -Tutf8 2>&1 | sed 's/^/groff: /'
            rm -f "$f"; exit $rc
            """#)
        #expect(page.status == 0, "\(page.output)")
        #expect(!page.output.contains("groff: "), "\(page.output)")
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "OUTPUT", "EXIT STATUS",
                        "ENVIRONMENT", "FILES", "EXAMPLES"] {
            #expect(page.output.contains("\n\(section)\n"), "section \(section) missing")
        }
        let flags = try helpFlags()
        #expect(flags.count > 40 && flags.contains("--man-page") && flags.contains("--report"))
        for flag in flags { #expect(page.output.contains(flag), "\(flag) missing from the man page") }
        for variable in ["TEXTHEIGHT_UPDATE\n", "CI "] { #expect(page.output.contains("\n       \(variable)")) }
        #expect(page.output.contains("textheight batch --width 343 < cases.jsonl > heights.jsonl"))
    }

    @Test("--help lists the README's JSON fields in its order (the man page prints the same list)")
    func outputFields() throws {
        let readme = try String(contentsOfFile: CLIRun.root + "/README.md", encoding: .utf8)
        let table = readme.components(separatedBy: "### JSON fields").last?.components(separatedBy: "\n### ").first ?? ""
        // "| `width`, `wrapWidth` | …" → width, wrapWidth
        let documented = table.split(separator: "\n").filter { $0.hasPrefix("| `") }.flatMap { row in
            row.split(separator: "|")[0].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["`"]) }
        }
        let help = try CLIRun(["--help"]).stdout
        let section = help.components(separatedBy: "\nOUTPUT: ").last?.components(separatedBy: "\n\n").first ?? ""
        let listed = section.split(separator: "\n").dropFirst().flatMap { line in
            line.dropFirst(2).components(separatedBy: "  ")[0].components(separatedBy: ", ")
        }
        #expect(documented.count >= 18)
        #expect(listed == documented)
    }

    /// Completes `line` (cursor at its end) with the bash completion loaded from the binary.
    func bashComplete(_ line: String) throws -> [String] {
        let run = try bash(#"""
            source <("$TEXTHEIGHT" --completions bash) || exit 9
            complete -p textheight | grep -q -- '-F _textheight' || exit 8
            COMP_LINE=$LINE; COMP_POINT=${#LINE}
            # Words as readline splits them: at spaces, and '=' stands alone (COMP_WORDBREAKS).
            read -ra COMP_WORDS <<<"${LINE//=/ = }"
            [[ $LINE == *" " || $LINE == *= ]] && COMP_WORDS+=("")
            [[ $LINE == *= ]] && COMP_WORDS[-1]="="
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            _textheight textheight
            printf '%s\n' "${COMPREPLY[@]}"
            """#, environment: ["LINE": line])
        #expect(run.status == 0, "\(run.output)")
        return run.output.split(separator: "\n").map(String.init)
    }

    /// The models the parser accepts, as its error names them: completions must offer exactly those.
    func acceptedModels() throws -> [String] {
        let refusal = try CLIRun(["--width", "100", "--model", "?", "x"]).stderr
        let accepted = refusal.split(separator: "\n")[0].components(separatedBy: "one of ").last?
            .components(separatedBy: ", got").first?.components(separatedBy: ", ") ?? []
        #expect(accepted.contains("textkit") && accepted.contains("css"))
        return accepted
    }

    @Test("the bash completion loads and completes --model with the values the parser accepts")
    func bashModel() throws {
        let accepted = try acceptedModels()
        #expect(try bashComplete("textheight --width 320 --model ") == accepted)
        #expect(try bashComplete("textheight --model=c") == accepted.filter { $0.hasPrefix("c") })
        #expect(try bashComplete("textheight render --measure d") == ["div"])
        #expect(try bashComplete("textheight --white-space b") == ["break-spaces"])
    }

    @Test("bash offers every value the parser names when it refuses one, for every flag (later ones too)")
    func everyChoiceOffered() throws {
        let help = try CLIRun(["--help"]).stdout.split(separator: "\n")
        let valueFlags = help.filter { $0.hasPrefix("  --") && $0.contains(" <") }.map { String($0.dropFirst(2).prefix { $0 != " " }) }
        let models = try acceptedModels()
        var enumerated = 0
        for flag in valueFlags where flag != "--width" {
            // "--measure must be one of textview, boundingrect, got '?'": each model may name its own.
            var named: Set<String> = []
            for model in flag == "--model" ? [nil] : models.map(Optional.some) {
                let arguments = (model.map { ["--model", $0] } ?? []) + ["--width", "100", flag, "?", "x"]
                let refusal = try CLIRun(arguments).stderr.split(separator: "\n").first.map(String.init) ?? ""
                guard let list = refusal.components(separatedBy: "one of ").dropFirst().first?
                    .components(separatedBy: ", got '?'").first else { continue }
                named.formUnion(list.components(separatedBy: ", "))
            }
            guard !named.isEmpty else { continue }
            enumerated += 1
            let words = try bashComplete("textheight \(flag) ")
            let offered = Set(words)
            #expect(named.isSubset(of: offered), "\(flag): bash does not offer \(named.subtracting(offered).sorted())")
            #expect(words.count == offered.count, "\(flag): bash offers a value twice: \(words)")
        }
        #expect(enumerated >= 5, "only \(enumerated) flags with enumerated values found")
    }

    @Test("bash completes subcommands, each subcommand's flags, and file paths for path flags")
    func bashWords() throws {
        #expect(try bashComplete("textheight ch") == ["check"])
        #expect(Set(try bashComplete("textheight batch --ins")) == ["--inset"])
        #expect(Set(try bashComplete("textheight batch --in")) == ["--inset", "--input", "--include-font-padding"])
        #expect(Set(try bashComplete("textheight --in")) == ["--inset", "--include-font-padding"])  // --input is batch's alone
        #expect(try bashComplete("textheight --font fixtures/fonts/Inter-Regular.o") == ["fixtures/fonts/Inter-Regular.otf"])
        #expect(try bashComplete("textheight check fixtures/gold") == ["fixtures/golden"])
        #expect(try bashComplete("textheight --width ") == [])
        // Every flag --help lists for batch is offered after `batch --`.
        #expect(Set(try bashComplete("textheight batch --")) == Set(try helpFlags("batch")))
    }

    @Test("zsh and fish complete --model (each skipped without its shell)")
    func zshFish() throws {
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") {
            let zsh = try bash(#"f=$(mktemp); "$TEXTHEIGHT" --completions zsh > "$f"; zsh -n "$f"; rc=$?; rm "$f"; exit $rc"#)
            #expect(zsh.status == 0, "\(zsh.output)")
            // An interactive zsh on a pseudo-terminal (zpty) presses Tab after --model and reads the listing.
            let models = try acceptedModels().sorted()
            let listing = try bash(#"""
                d=$(mktemp -d); "$TEXTHEIGHT" --completions zsh > "$d/_textheight"
                cat > "$d/tab.zsh" <<'EOF'
                zmodload zsh/zpty || exit 7
                zpty z zsh -f -i
                zpty -w z "PS1='RE''ADY> '; fpath=($1 \$fpath); autoload -U compinit; compinit -u -D; path=($2 \$path)"
                zpty -r -m z out '*READY> *'
                zpty -n -w z $'textheight --model \t'
                zpty -r -m z out "$3"
                print -r -- "${out//$'\r'/}"
                zpty -d z
                EOF
                timeout -s KILL 60 zsh -f "$d/tab.zsh" "$d" "$(dirname "$TEXTHEIGHT")" "$PATTERN"; rc=$?; rm -r "$d"; exit $rc
                """#, environment: ["PATTERN": "*" + models.joined(separator: "*") + "*"])
            #expect(listing.status == 0, "\(listing.output)")
            let offered = listing.output.components(separatedBy: "--model").last ?? ""
            for model in models { #expect(offered.contains(model), "zsh does not list \(model): \(listing.output)") }
        }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") {
            let fish = try bash(#"""
                f=$(mktemp); "$TEXTHEIGHT" --completions fish > "$f"
                HOME=$(mktemp -d) fish --no-config -c "source $f; complete -C'textheight --model '"; rc=$?; rm "$f"; exit $rc
                """#)
            #expect(fish.status == 0, "\(fish.output)")
            let offered = fish.output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
            #expect(Set(offered) == Set(try acceptedModels()))
        }
    }

    @Test("--version names the Swift that built it and the embedded default font's size")
    func version() throws {
        let lines = try CLIRun(["--version"]).stdout.split(separator: "\n")
        // Outside sources: the toolchain on PATH built this binary; the font file #embed compiled in.
        let swift = try bash("swift --version 2>/dev/null | head -1").output
        let font = try FileManager.default.attributesOfItem(atPath: CLIRun.root + "/fixtures/fonts/Inter-Regular.otf")
        let release = swift.components(separatedBy: "Swift version ").last?.prefix { $0 != " " && $0 != "\n" } ?? ""
        #expect(lines.count == 2)
        #expect(lines.last == "built with Swift \(release); default font: Inter Regular, embedded (\(font[.size] ?? 0) bytes)")
    }

    @Test("an unknown shell is a usage error")
    func unknownShell() throws {
        let run = try CLIRun(["--completions", "tcsh"])
        #expect(run.status == 2)
        #expect(run.stderr == "textheight: --completions must be one of bash, zsh, fish, got 'tcsh'" + CLITests.usage)
        #expect(run.stdout.isEmpty)
    }
}
