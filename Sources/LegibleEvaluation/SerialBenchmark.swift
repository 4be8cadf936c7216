public import Foundation
import LegibleOCR
public import SerialScan

/// Runs the serial scanner over a folder of photos on one recogniser (one core), photo after photo.
public struct SerialBenchmark {
    /// The preset to ask for (`auto` lets the scanner decide).
    public var preset: SerialPreset
    /// Scanner options.
    public var options: SerialScanOptions

    /// Creates a run.
    public init(preset: SerialPreset = .auto, options: SerialScanOptions = SerialScanOptions()) {
        self.preset = preset
        self.options = options
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
            let start = clock.now
            var prediction: SerialPrediction
            do {
                let data = try Data(contentsOf: photo)
                let result = try SerialScanner.scan(
                    imageData: data, preset: preset, deviceType: deviceTypes[photo.lastPathComponent],
                    recognizer: recognizer, options: options)
                prediction = SerialPrediction(
                    file: photo.lastPathComponent, preset: result.preset.rawValue,
                    candidates: result.candidates.map { .init(serial: $0.serial, confidence: $0.confidence) },
                    milliseconds: 0, reason: result.reason, lines: result.lines.map(\.text))
            } catch {
                prediction = SerialPrediction(
                    file: photo.lastPathComponent, preset: preset.rawValue, candidates: [], milliseconds: 0,
                    reason: String(describing: error))
            }
            let elapsed = clock.now - start
            prediction.milliseconds =
                Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            predictions.append(prediction)
            progress()
        }
        return predictions
    }
}
