import Foundation
import LegibleFuzzTargets

#if !LEGIBLE_FUZZING
/// `legible-fuzz`: built normally, it replays inputs through a target and prints what each did
/// (`legible-fuzz TARGET FILE|FOLDER...`). Built by `Scripts/fuzz.sh` (`-sanitize=fuzzer,address
/// -DLEGIBLE_FUZZING`), libFuzzer's own `main` runs instead and calls ``fuzzOne(_:_:)`` with the target named by
/// `LEGIBLE_FUZZ_TARGET`.
@main
enum LegibleFuzzDriver {
    static func main() {
        replay(Array(CommandLine.arguments.dropFirst()))
    }

    static func replay(_ arguments: [String]) {
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            FileHandle.standardError.write(Data("usage: legible-fuzz \(names) FILE|FOLDER...\n".utf8))
            exit(64)
        }
        for path in inputs(arguments.dropFirst()) {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): cannot be read")
                continue
            }
            let start = Date()
            let outcome = target.run(data)
            print(String(format: "%@ (%.2f s): %@", path, Date().timeIntervalSince(start), outcome.description))
        }
    }

    /// The files named, with folders replaced by the files they hold (sorted).
    static func inputs(_ paths: ArraySlice<String>) -> [String] {
        paths.flatMap { path -> [String] in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
                let names = try? FileManager.default.contentsOfDirectory(atPath: path)
            else { return [path] }
            return names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
        }
    }
}

#else
/// The target chosen by `LEGIBLE_FUZZ_TARGET`, read once.
let fuzzTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["LEGIBLE_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(Data("LEGIBLE_FUZZ_TARGET must name a target, not '\(name)'\n".utf8))
        exit(64)
    }
    return target
}()

/// libFuzzer's callback: one input through the chosen target.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    _ = fuzzTarget.run(data)
    return 0
}

#endif
