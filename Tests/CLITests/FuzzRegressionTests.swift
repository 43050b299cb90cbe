import Foundation
import Testing
import TextHeightCLI

/// The fuzz targets (scripts/fuzz.sh) in the suite: every target's seeds, and every input a fuzzing
/// run found, kept after its fix in fixtures/fuzz/regressions/ (TARGET-name), run through the
/// target, whose properties must hold. An unfixed finding in fixtures/fuzz/crashes/ fails here too.
@Suite("fuzz targets: seeds and kept findings")
struct FuzzRegressionTests {
    /// The targets read their fixtures from the repository's root.
    init() { _ = FileManager.default.changeCurrentDirectoryPath(CLIRun.root) }

    @Test("every target's properties hold on its seeds", arguments: FuzzTargets.all.map(\.name))
    func seeds(_ name: String) throws {
        let target = try #require(FuzzTargets.named(name))
        let seeds = FuzzTargets.seeds(for: name)
        #expect(!seeds.isEmpty)
        for seed in seeds {
            do { try target.run(seed) } catch { Issue.record("\(name): \(error)") }
        }
    }

    @Test("every kept finding replays with its properties holding")
    func findings() throws {
        var replayed = 0
        for directory in ["fixtures/fuzz/regressions", "fixtures/fuzz/crashes"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: CLIRun.root + "/" + directory)) ?? []
            for file in names.sorted() where !file.hasPrefix(".") {
                guard let target = FuzzTargets.all.first(where: { file.hasPrefix($0.name + "-") }) else {
                    Issue.record("\(directory)/\(file): no target's name opens the file name")
                    continue
                }
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: CLIRun.root + "/\(directory)/\(file)")))
                do { try target.run(bytes) } catch { Issue.record("\(directory)/\(file): \(error)") }
                replayed += 1
            }
        }
        #expect(replayed >= 1)
    }
}
