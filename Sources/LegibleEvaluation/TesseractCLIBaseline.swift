public import Foundation
import SerialScan

/// The plain `tesseract` command with a regular expression: what a team gets by shelling out, measured on
/// the same photos for comparison.
public struct TesseractCLIBaseline: Sendable {
    /// Path of the `tesseract` executable.
    public var executable: String

    /// Creates a baseline that runs `executable`.
    public init(executable: String = "/usr/bin/tesseract") {
        self.executable = executable
    }

    /// Runs `tesseract FILE stdout` and takes every run of 7 to 16 capitals and digits with at least one of
    /// each as a candidate, in reading order (the CLI gives no confidence; candidates get 0.5).
    ///
    /// - Throws: when the executable cannot be started.
    public func predict(file: URL) throws -> SerialPrediction {
        let clock = ContinuousClock()
        let start = clock.now
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [file.path, "stdout"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let elapsed = clock.now - start
        let text = String(decoding: data, as: UTF8.self)
        let milliseconds = elapsed.milliseconds
        var seen: Set<String> = []
        var candidates: [SerialPrediction.Candidate] = []
        for token in Self.tokens(in: text) where seen.insert(token).inserted {
            candidates.append(.init(serial: token, confidence: 0.5))
        }
        return SerialPrediction(
            file: file.lastPathComponent, preset: "cli", candidates: candidates, milliseconds: milliseconds)
    }

    /// Serial-like tokens: 7 to 16 capitals and digits containing both.
    static func tokens(in text: String) -> [String] {
        text.split(whereSeparator: { !($0.isASCII && ($0.isUppercase || $0.isNumber)) }).map(String.init).filter {
            (7...16).contains($0.count) && $0.contains(where: \.isNumber) && $0.contains(where: \.isLetter)
        }
    }
}
