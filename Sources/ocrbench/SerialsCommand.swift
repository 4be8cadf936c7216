public import ArgumentParser
import Foundation
import LegibleEvaluation
import SerialScan

extension SerialPreset: ExpressibleByArgument {}
extension SerialScanOptions.LineReader: ExpressibleByArgument {}

/// `ocrbench serials`: reads every photo in a folder and scores the answers against its manifest.
struct SerialsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serials",
        abstract: "Read serial numbers from every .jpg/.jpeg/.png/.heic in a folder and score them.",
        discussion: """
            With a manifest.json in the folder, prints top-1 and top-3 exact match, confidence AUROC and \
            calibration, and latency per preset and overall. Photos are read one after another on one core.
            """)

    @Option(name: .long, help: "Folder of photos (and manifest.json).")
    var images: String

    @Option(name: .long, help: "Preset to use: etched, screen, sticker or auto.")
    var preset: SerialPreset = .auto

    @Option(name: .long, help: "Write predictions as JSON to this file ('-' for standard output).")
    var predictions: String?

    @Option(name: .long, help: "Also run a baseline on the same photos: tesseract-cli.")
    var baseline: String?

    @Flag(name: .long, help: "Pass each photo's device type from the manifest to the scanner.")
    var useDeviceHints = false

    @Option(name: .long, help: "Write the scanner's intermediate images (ink, lines as read) to this folder.")
    var diagnostics: String?

    @Option(
        name: .long,
        help: "Stop reading a photo after this many milliseconds, decoding included (SerialScanOptions.timeLimit).")
    var timeLimit: Double?

    @Option(name: .long, help: "Write a PNG per photo with the lines read, the chosen box and the top three candidates.")
    var annotate: String?

    @Option(
        name: .long,
        help: """
            What reads the lines: tesseract (Tesseract's engine) or legible (Legible's LSTM inference over \
            Tesseract's layout). Default: LEGIBLE_LINE_READER, else legible.
            """)
    var lineReader: SerialScanOptions.LineReader = .selected

    func validate() throws {
        if let timeLimit, !(timeLimit >= 0 && timeLimit <= 600_000) {
            throw ValidationError("--time-limit must be 0 to 600000 milliseconds, not \(timeLimit)")
        }
        if let baseline, baseline != "tesseract-cli" {
            throw ValidationError("unknown baseline '\(baseline)'; the only baseline is tesseract-cli")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: images, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("--images \(images) is not a folder")
        }
    }

    func run() async throws {
        let directory = URL(fileURLWithPath: images)
        let photos = try SerialManifest.photos(in: directory)
        guard !photos.isEmpty else { throw ValidationError("no .jpg, .jpeg, .png or .heic files in \(images)") }
        let manifest = try SerialManifest.load(directory: directory)
        var hints: [String: DeviceType] = [:]
        if useDeviceHints, let manifest {
            for (file, entry) in manifest { hints[file] = entry.deviceType.flatMap(DeviceType.init(rawValue:)) }
        }

        let bar = ProgressBar(total: photos.count, label: "legible")
        var options = SerialScanOptions()
        options.diagnosticsDirectory = diagnostics
        options.timeLimit = timeLimit.map { .milliseconds($0) }
        options.lineReader = lineReader
        var benchmark = SerialBenchmark(preset: preset, options: options)
        if let annotate {
            try FileManager.default.createDirectory(atPath: annotate, withIntermediateDirectories: true)
            benchmark.annotateDirectory = URL(fileURLWithPath: annotate)
            benchmark.truth = manifest?.mapValues(\.serial) ?? [:]
        }
        benchmark.serialBoxes = manifest?.compactMapValues(\.serialRect) ?? [:]
        let results = try benchmark.run(photos: photos, deviceTypes: hints) { bar.advance() }
        if let predictions { try write(results, to: predictions) }

        var baselineResults: [SerialPrediction]?
        if baseline != nil {
            let cli = TesseractCLIBaseline()
            let cliBar = ProgressBar(total: photos.count, label: "tesseract-cli")
            baselineResults = try photos.map { photo in
                defer { cliBar.advance() }
                return try cli.predict(file: photo)
            }
        }

        guard let manifest else {
            print("\(results.count) photos read; no manifest.json in \(images), so nothing is scored.")
            return
        }
        let report = SerialReport(predictions: results, manifest: manifest, baseline: baselineResults)
        print(report.text)
        print(lineReader == .legible ? "lines read by Legible's line reader" : "lines read by Tesseract's engine")
        if let timeLimit {
            let stopped = results.filter { $0.reachedTimeLimit == true }.count
            print("\(stopped) of \(results.count) scans stopped at the \(timeLimit) ms time limit")
        }
    }

    private func write(_ predictions: [SerialPrediction], to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(predictions)
        if path == "-" {
            FileHandle.standardOutput.write(data)
            FileHandle.standardOutput.write(Data("\n".utf8))
        } else {
            try data.write(to: URL(fileURLWithPath: path))
        }
    }
}
