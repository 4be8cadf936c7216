import ArgumentParser
import Foundation
import LegibleEvaluation
import SerialScan

/// `ocrbench perf`: end-to-end speed and memory of serial scans beside the `tesseract` CLI (`--images`), or of
/// form detection and filling beside `qpdf --generate-appearances` (`--forms`), in one run.
struct PerfCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "perf",
        abstract: "Measure scan latency, throughput with 1...N engines and memory, beside the tesseract CLI.",
        discussion: """
            Reads every .jpg/.jpeg/.png/.heic in --images into memory, then: resident memory per Tesseract engine; \
            Legible on one engine, one photo at a time (p50/p90 ms); the tesseract CLI on the same photos \
            (p50/p90 ms, process start included); photos per second with pools of 1...N engines and 1...N \
            CLI processes at once; the process's peak resident memory. Times are wall clock on a shared \
            machine: compare the ratios within one run.

            With --forms instead: every PDF under the folder is detected (ms per page, by AcroForm, \
            born-digital and scanned documents); forms with AcroForm fields are filled with Latin sample values \
            as an overlay and interactively (ms per page, output size over input), and qpdf \
            --generate-appearances draws the same values (ms per page, process start included; \
            speedupVsQpdf = qpdf time / overlay time on the same forms).
            """)

    @Option(name: .long, help: "Folder of photos (a manifest.json beside them breaks latency down by preset).")
    var images: String?

    @Option(name: .long, help: "Folder of PDF forms (searched recursively) to time detection and filling beside qpdf.")
    var forms: String?

    @Option(name: .long, help: "Preset to ask for: etched, screen, sticker or auto.")
    var preset: SerialPreset = .auto

    @Flag(name: .long, help: "Pass each photo's device type from the manifest to the scanner, as the apps do.")
    var useDeviceHints = false

    @Option(name: .long, help: "Largest pool size (engines, and CLI processes at once); default: active cores.")
    var maxEngines: Int?

    @Option(name: .long, help: "Times each photo is scanned in each stage.")
    var passes = 1

    @Option(name: .long, help: "Use at most this many photos, spread evenly over the folder.")
    var limit: Int?

    @Flag(name: .long, help: "Skip the tesseract CLI baseline (with --forms: the qpdf baseline).")
    var noBaseline = false

    @Flag(name: .long, help: "Print one JSON object instead of the table.")
    var json = false

    @Option(name: .long, help: "Also write the JSON object to this file.")
    var jsonFile: String?

    func validate() throws {
        if (images == nil) == (forms == nil) { throw ValidationError("pass one of --images DIR or --forms DIR") }
        for (option, path) in [("--images", images), ("--forms", forms)] {
            guard let path else { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("\(option) \(path) is not a folder")
            }
        }
        if let maxEngines, maxEngines < 1 { throw ValidationError("--max-engines must be at least 1") }
        if passes < 1 { throw ValidationError("--passes must be at least 1") }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() async throws {
        if let forms {
            try runForms(URL(fileURLWithPath: forms))
            return
        }
        guard let images else { return }
        let directory = URL(fileURLWithPath: images)
        let photos = PerfBenchmark.sample(try SerialManifest.photos(in: directory), limit: limit)
        guard !photos.isEmpty else { throw ValidationError("no .jpg, .jpeg, .png or .heic files in \(images)") }
        let manifest = try SerialManifest.load(directory: directory) ?? [:]
        let presets = manifest.mapValues(\.preset)
        let hints = useDeviceHints ? manifest.compactMapValues { $0.deviceType.flatMap(DeviceType.init(rawValue:)) } : [:]
        if useDeviceHints && hints.isEmpty {
            throw ValidationError("--use-device-hints needs a manifest.json with device types beside the photos in \(images)")
        }

        let benchmark = PerfBenchmark(
            preset: preset, poolSizes: maxEngines.map { Array(1...$0) }, passes: passes,
            cli: noBaseline ? nil : TesseractCLIBaseline())
        let bar = ProgressBar(total: benchmark.steps(photoCount: photos.count), label: "perf")
        let report = try await benchmark.run(
            photos: photos, presets: presets, deviceTypes: hints, source: directory.path
        ) {
            bar.advance()
        }
        try emit(report)
    }

    private func runForms(_ directory: URL) throws {
        let files = PerfBenchmark.sample(try FormPerfBenchmark.forms(in: directory), limit: limit)
        guard !files.isEmpty else { throw ValidationError("no .pdf files under \(directory.path)") }
        let benchmark = FormPerfBenchmark(passes: passes, qpdf: noBaseline ? nil : QPDFBaseline())
        let bar = ProgressBar(total: files.count, label: "forms")
        let report = try benchmark.run(forms: files, source: directory.path) { _ in bar.advance() }
        try emit(report)
    }

    /// Writes the report to `--json-file` when given, and prints it as JSON (`--json`) or as a table.
    private func emit(_ report: some BenchmarkReport) throws {
        if let jsonFile { try report.jsonData().write(to: URL(fileURLWithPath: jsonFile)) }
        if json {
            FileHandle.standardOutput.write(try report.jsonData())
            FileHandle.standardOutput.write(Data("\n".utf8))
        } else {
            print(report.text)
        }
    }
}
