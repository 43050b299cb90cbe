import Glibc
import TextHeight

// The command line: argv checked as UTF-8, the subcommand picked, its flags parsed into option groups.

/// argv as raw bytes, checked as UTF-8 (Swift's CommandLine.arguments repairs bad bytes silently).
func commandLineArguments() throws(Failure) -> [String] {
    var arguments: [String] = []
    for index in 1..<Int(CommandLine.argc) {
        guard let pointer = CommandLine.unsafeArgv[index] else { continue }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                              count: strlen(pointer)))
        var offset = 0
        guard let argument = UTF8Text.decode(bytes, invalidAt: &offset) else {
            throw Failure(code: .input, message: "argument \(index) is not valid UTF-8 at byte \(offset)")
        }
        arguments.append(argument)
    }
    return arguments
}

/// `--completions SHELL` (or `--completions=SHELL`) anywhere on the line, or nil.
func completionsRequest(_ arguments: [String]) throws(Failure) -> Completions.Shell? {
    guard let index = arguments.firstIndex(where: { $0 == "--completions" || $0.hasPrefix("--completions=") })
    else { return nil }
    let argument = arguments[index]
    let value = argument.contains("=") ? String(argument.drop(while: { $0 != "=" }).dropFirst())
        : index + 1 < arguments.count ? arguments[index + 1] : ""
    do { return try Value.choice(value, flag: "--completions", as: Completions.Shell.self) } catch { throw .usage(error) }
}

/// The whole command: argv in, the exit status out (stdout/stderr written on the way).
public func runCommandLine() -> Int32 {
    let arguments: [String]
    do { arguments = try commandLineArguments() } catch {
        CommandOutput.terminal.error(error.message)
        return error.code.rawValue
    }
    return run(arguments, output: .terminal).rawValue
}

/// The command for `arguments` (argv without the program), writing into `output`.
func run(_ arguments: [String], output: CommandOutput) -> ExitCode {
    do throws(Failure) {
        switch try request(arguments) {
        case .text(let text):
            output.write(text)
            return .ok
        case .command(let command):
            return try command(output)
        }
    } catch {
        output.error(error.message)
        if error.code == .usage { output.writeError("Try 'textheight --help' for more information.\n") }
        return error.code
    }
}

/// What a command line asks for: a text to print (help, version, man page, presets, completions) or
/// a command whose flags are parsed and checked, ready to run (the docs' examples test stops there).
enum Request {
    case text(String)
    case command((CommandOutput) throws(Failure) -> ExitCode)
}

func request(_ arguments: [String]) throws(Failure) -> Request {
    var arguments = arguments
    let names = Interface.subcommands.compactMap(\.name)
    let subcommand = arguments.first.flatMap { names.contains($0) ? $0 : nil }
    if subcommand != nil { arguments.removeFirst() }
    if arguments.contains("--help") || arguments.contains("-h") { return .text(Help.text(for: subcommand)) }
    if arguments.contains("--version") { return .text(Help.version()) }
    if arguments.contains("--man-page") { return .text(ManPage.text()) }
    if arguments.contains("--list-presets") { return .text(Preset.listing()) }
    if let shell = try completionsRequest(arguments) { return .text(Completions.script(for: shell)) }
    do throws(UsageError) {
        switch subcommand {
        case "batch": return .command(try BatchCommand(parseArguments(arguments, specs: BatchCommand.specs)).run)
        case "check": return .command(try CheckCommand(parseArguments(arguments, specs: CheckCommand.specs)).run)
        case "render": return .command(try RenderCommand(parseArguments(arguments, specs: RenderCommand.specs)).run)
        case "strings": return .command(try StringsCommand(parseArguments(arguments, specs: StringsCommand.specs)).run)
        default: return .command(try MeasureCommand(parseArguments(arguments, specs: MeasureOptions.specs)).run)
        }
    } catch {
        throw .usage(error)
    }
}
