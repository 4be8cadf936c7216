public import Foundation
import LegibleOCR
package import SerialScan

/// Scans a labelled folder and fits or checks the confidence model on it.
public struct CalibrationRun {
    let directory: URL

    /// A run over `directory`, which must hold photos and `manifest.json`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The fitted model and a report of its calibration on the same photos.
    package func fit() throws -> (ranker: SerialRanker, report: String) {
        let (samples, _, _) = try collect(ranker: .standard)
        let ranker = ConfidenceCalibration.fit(samples)
        return (ranker, try evaluate(ranker))
    }

    /// `ranker` rescaled (``ConfidenceCalibration/rescaled(_:toFit:)``) to fit the top answers on this folder,
    /// and a report of its calibration on the same photos.
    package func rescale(_ ranker: SerialRanker) throws -> (ranker: SerialRanker, report: String) {
        let (_, top, _) = try collect(ranker: ranker)
        let rescaled = ConfidenceCalibration.rescaled(ranker, toFit: top)
        return (rescaled, try evaluate(rescaled))
    }

    /// Top-1 accuracy, AUROC and calibration error of `ranker` on this folder.
    package func evaluate(_ ranker: SerialRanker) throws -> String {
        let (_, _, predictions) = try collect(ranker: ranker)
        guard let manifest = try SerialManifest.load(directory: directory) else { return "no manifest" }
        return SerialReport(predictions: predictions, manifest: manifest, baseline: nil).text
    }

    /// Every candidate as a sample, each photo's top candidate as a sample, and the predictions.
    private func collect(ranker: SerialRanker) throws
        -> (all: [ConfidenceCalibration.Sample], top: [ConfidenceCalibration.Sample], predictions: [SerialPrediction])
    {
        guard let manifest = try SerialManifest.load(directory: directory) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: directory.appendingPathComponent("manifest.json").path])
        }
        let recognizer = try Recognizer(configuration: SerialScanner.recognizerConfiguration)
        var samples: [ConfidenceCalibration.Sample] = []
        var top: [ConfidenceCalibration.Sample] = []
        var predictions: [SerialPrediction] = []
        let photos = try SerialManifest.photos(in: directory)
        let bar = ProgressBar(total: photos.count, label: "calibrate")
        for photo in photos {
            defer { bar.advance() }
            guard let entry = manifest[photo.lastPathComponent] else { continue }
            let truth = entry.serial
            // The apps always send a device type, so calibration scans with the manifest's.
            let result = try? SerialScanner.scan(
                imageData: Data(contentsOf: photo), preset: .auto,
                deviceType: entry.deviceType.flatMap(DeviceType.init(rawValue:)), recognizer: recognizer,
                options: SerialScanOptions(), ranker: ranker)
            guard let result else { continue }
            for (candidate, features) in zip(result.candidates, result.candidateFeatures) {
                samples.append(.init(features: features, correct: candidate.serial == truth))
            }
            if let first = result.candidates.first, let features = result.candidateFeatures.first {
                top.append(.init(features: features, correct: first.serial == truth))
            }
            predictions.append(SerialPrediction(
                file: photo.lastPathComponent, preset: result.preset.rawValue,
                candidates: result.candidates.map { .init(serial: $0.serial, confidence: $0.confidence) },
                milliseconds: result.timings.total))
        }
        return (samples, top, predictions)
    }
}
