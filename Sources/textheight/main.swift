import Glibc
import TextHeight

// The CLI is a thin shell: parse flags into option groups, call the library, print JSON.

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

func run() -> ExitCode {
    do throws(Failure) {
        let arguments = try commandLineArguments()
        if arguments.contains("--help") || arguments.contains("-h") {
            Terminal.write(Help.text())
            return .ok
        }
        if arguments.contains("--version") {
            Terminal.write(Help.version())
            return .ok
        }
        let parsed: ParsedArguments
        do { parsed = try parseArguments(arguments, specs: MeasureCommand.specs) } catch { throw .usage(error) }
        let command: MeasureCommand
        do { command = try MeasureCommand(parsed) } catch { throw .usage(error) }
        // Everything is computed before anything is written: a failure leaves stdout empty.
        Terminal.write(try command.run())
        return .ok
    } catch {
        Terminal.error(error.message)
        if error.code == .usage { Terminal.write("Try 'textheight --help' for more information.\n", to: STDERR_FILENO) }
        return error.code
    }
}

exit(run().rawValue)
