public import Foundation
public import LegibleImaging
import LegibleOCR
public import SerialScan

/// Runs the serial scanner over a folder of photos on one recogniser (one core), photo after photo.
public struct SerialBenchmark {
    /// The preset to ask for (`auto` lets the scanner decide).
    public var preset: SerialPreset
    /// Scanner options.
    public var options: SerialScanOptions
    /// When set, a PNG preview of each scan is written to this folder (`<photo name>.png`).
    public var annotateDirectory: URL?
    /// The true serial per file name, used to mark wrong answers in previews.
    public var truth: [String: String] = [:]
    /// Where the serial is per file name (the photo's pixels), used to score line finding
    /// (``SerialPrediction/serialLineRead``).
    public var serialBoxes: [String: PixelRect] = [:]

    /// Creates a run.
    public init(
        preset: SerialPreset = .auto, options: SerialScanOptions = SerialScanOptions(), annotateDirectory: URL? = nil
    ) {
        self.preset = preset
        self.options = options
        self.annotateDirectory = annotateDirectory
    }

    /// Scans every photo; errors become predictions with no candidates and the error as the reason.
    ///
    /// - Parameters:
    ///   - deviceTypes: Optional device type per file name (from a manifest), passed to the scanner.
    ///   - progress: Called after each photo.
    /// - Throws: `OCRError` when the recogniser cannot start.
    public func run(
        photos: [URL], deviceTypes: [String: DeviceType] = [:], progress: () -> Void = {}
    ) throws -> [SerialPrediction] {
        let recognizer = try Recognizer(configuration: SerialScanner.recognizerConfiguration)
        var predictions: [SerialPrediction] = []
        let clock = ContinuousClock()
        for photo in photos {
            var prediction: SerialPrediction
            var elapsed = Duration.zero
            do {
                let data = try Data(contentsOf: photo)
                let start = clock.now
                let outcome = Result {
                    try SerialScanner.scan(
                        imageData: data, preset: preset, deviceType: deviceTypes[photo.lastPathComponent],
                        recognizer: recognizer, options: options)
                }
                elapsed = clock.now - start
                let result = try outcome.get()
                if let annotateDirectory {
                    let preview = try SerialScanPreview.render(
                        Image(data: data), result: result, expected: truth[photo.lastPathComponent])
                    let name = photo.deletingPathExtension().lastPathComponent + ".png"
                    try preview.pngData().write(to: annotateDirectory.appendingPathComponent(name))
                }
                prediction = SerialPrediction(
                    file: photo.lastPathComponent, preset: result.preset.rawValue,
                    candidates: result.candidates.map {
                        .init(serial: $0.serial, confidence: $0.confidence, sources: $0.sources.map(\.rawValue))
                    },
                    milliseconds: 0, reason: result.reason, lines: result.lines.map(\.text))
                prediction.timings = result.timings
                if result.rotation != 0 { prediction.rotation = result.rotation }
                if let box = serialBoxes[photo.lastPathComponent] {
                    prediction.serialLineRead = SerialLineCoverage.covers(result.lines.map(\.box), serial: box)
                }
                if result.reachedTimeLimit { prediction.reachedTimeLimit = true }
            } catch {
                prediction = SerialPrediction(
                    file: photo.lastPathComponent, preset: preset.rawValue, candidates: [], milliseconds: 0,
                    reason: String(describing: error))
            }
            prediction.milliseconds = elapsed.milliseconds
            predictions.append(prediction)
            progress()
        }
        return predictions
    }

}
