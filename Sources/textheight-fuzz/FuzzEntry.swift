// libFuzzer's driver over the targets of TextHeightCLI's `FuzzTargets`, one per run:
// `textheight-fuzz --target=NAME [libFuzzer flags] CORPUS…` (scripts/fuzz.sh). Built with
// `-sanitize=fuzzer,address -DFUZZER`; a plain build replays files instead (the crash corpus).
import Glibc
import TextHeightCLI

/// The target of this run: libFuzzer's callback takes no context.
nonisolated(unsafe) private var current = FuzzTargets.all[0]

/// A violated property traps, so that libFuzzer keeps the input (a crash- file).
private func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    do { try current.run(Array(UnsafeBufferPointer(start: data, count: size))) } catch {
        fatalError("\(current.name): \(error)")
    }
    return 0
}

#if FUZZER
/// libFuzzer's driver (LLVM ≥ 11), linked in by -sanitize=fuzzer.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt
#endif

/// SwiftPM links an executable's entry point under this name (its --defsym main=…), so
/// libFuzzer's own main() never runs. Our flags come first and are taken out before libFuzzer
/// reads the rest: `--target=NAME`, `--seeds=DIR` (write the target's seeds there and stop),
/// `--dictionary` (print the libFuzzer dictionary), `--list` (the targets).
@_cdecl("textheight_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var rest: [UnsafeMutablePointer<CChar>?] = [argv[0]]
    var named: String?
    var seedDirectory: String?
    for index in 1..<Int(max(argc, 1)) {
        guard let pointer = argv[index] else { continue }
        let argument = String(cString: pointer)
        if argument.hasPrefix("--target=") {
            named = String(argument.dropFirst("--target=".count))
        } else if argument.hasPrefix("--seeds=") {
            seedDirectory = String(argument.dropFirst("--seeds=".count))
        } else if argument == "--dictionary" {
            print(FuzzTargets.dictionary, terminator: "")
            return 0
        } else if argument == "--list" {
            for target in FuzzTargets.all { print("\(target.name)\t\(target.input)") }
            return 0
        } else {
            rest.append(pointer)
        }
    }
    if let named {
        guard let target = FuzzTargets.named(named) else {
            complain("no target '\(named)' (--list names them)")
            return 2
        }
        current = target
    }
    if let seedDirectory { return writeSeeds(current.name, into: seedDirectory) }
    #if FUZZER
    guard named != nil else {
        complain("give --target=NAME (--list names them)")
        return 2
    }
    var count = CInt(rest.count)
    rest.append(nil)
    return rest.withUnsafeMutableBufferPointer { arguments in
        guard var base = arguments.baseAddress else { return 1 }
        return runFuzzerDriver(&count, &base) { data, size in fuzz(data, size) }
    }
    #else
    return replay(rest.dropFirst().compactMap { $0.map { String(cString: $0) } }, named: named)
    #endif
}

private func complain(_ message: String) {
    let line = "textheight-fuzz: \(message)\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
}

private func writeSeeds(_ name: String, into directory: String) -> CInt {
    mkdir(directory, 0o755)
    for (k, seed) in FuzzTargets.seeds(for: name).enumerated() {
        guard let file = fopen("\(directory)/seed-\(k)", "wb") else {
            complain("cannot write \(directory)/seed-\(k)")
            return 1
        }
        _ = seed.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
    return 0
}

/// Each file through its target: `--target=NAME`, else the one its name begins with
/// (`json-crash-…`, as scripts/fuzz.sh names what libFuzzer keeps).
private func replay(_ paths: [String], named: String?) -> CInt {
    var replayed = 0
    for path in paths {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        guard let target = named.flatMap(FuzzTargets.named)
                ?? FuzzTargets.all.first(where: { base.hasPrefix($0.name + "-") }) else {
            complain("\(path): no --target and no target's name opens the file name")
            return 2
        }
        guard let file = fopen(path, "rb") else { continue }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = fread(&chunk, 1, chunk.count, file)
            if got == 0 { break }
            bytes += chunk[0..<got]
        }
        fclose(file)
        do { try target.run(bytes) } catch {
            print("\(path): \(target.name): \(error)")
            return 1
        }
        replayed += 1
    }
    print("replayed \(replayed) inputs: every property held")
    return 0
}
