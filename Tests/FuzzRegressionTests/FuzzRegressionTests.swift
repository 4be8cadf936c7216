import Foundation
import LegibleFuzzTargets
import Testing
import TestSupport

/// Every input the fuzzers found a problem with (`Fuzz/Regressions/TARGET/`) and every seed (`Fuzz/Corpus/TARGET/`)
/// run through its target without the fuzzer: each must come back, accepted or refused, and the same both times
/// (a parser whose answer depends on what ran before hides state). A crash or a hang fails the run.
@Suite("Fuzz findings and seeds")
struct FuzzRegressionTests {
    static let fuzzFolder = Fixtures.packageRoot.appendingPathComponent("Fuzz")

    static func inputs(_ kind: String, _ target: FuzzTarget) -> [URL] {
        let folder = fuzzFolder.appendingPathComponent(kind).appendingPathComponent(target.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzTarget.allCases)
    func findingsComeBackTheSameTwice(_ target: FuzzTarget) throws {
        for file in Self.inputs("Regressions", target) {
            let data = try Data(contentsOf: file)
            let first = target.run(data)
            #expect(target.run(data) == first, "\(file.lastPathComponent)")
        }
    }

    @Test(arguments: FuzzTarget.allCases)
    func everySeedIsReadOrRefusedByName(_ target: FuzzTarget) throws {
        let seeds = Self.inputs("Corpus", target)
        #expect(seeds.count >= 4, "the seed corpus of \(target.rawValue) is missing")
        var accepted = 0
        for file in seeds {
            let outcome = target.run(try Data(contentsOf: file))
            if case .accepted = outcome { accepted += 1 }
            if case .refused(let message) = outcome { #expect(!message.isEmpty, "\(file.lastPathComponent)") }
        }
        // Seeds are valid inputs of the target's formats: most must be read, or the target no longer reaches
        // past its first check and the fuzzer with it.
        #expect(accepted * 2 > seeds.count, "\(target.rawValue): \(accepted) of \(seeds.count) seeds accepted")
    }
}
