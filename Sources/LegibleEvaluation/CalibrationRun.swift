public import Foundation
import LegibleOCR
package import SerialScan

/// Scans labelled folders and fits or checks the confidence model on them.
public struct CalibrationRun {
    let directories: [URL]
    /// Whether photos are scanned with their manifest's device type (as the apps send one) or without one.
    let hinted: Bool

    /// A run over `directories`, each holding photos and `manifest.json`, scanning each photo with its
    /// manifest's device type (`hinted`) or without one.
    public init(directories: [URL], hinted: Bool = true) {
        self.directories = directories
        self.hinted = hinted
    }

    /// A run over one folder; see ``init(directories:hinted:)``.
    public init(directory: URL, hinted: Bool = true) {
        self.init(directories: [directory], hinted: hinted)
    }

    /// The fitted model and a report of its calibration on the same photos.
    package func fit() throws -> (ranker: SerialRanker, report: String) {
        let samples = try directories.flatMap { try collect(ranker: .standard, directory: $0).all }
        let ranker = ConfidenceCalibration.fit(samples)
        return (ranker, try evaluate(ranker))
    }

    /// `ranker` with its ``SerialRanker/rivalPenalty`` fitted to the top answers of these folders
    /// (``ConfidenceCalibration/rivalPenalty(_:toFit:)``), and a report of its calibration on the same photos.
    package func fitRivalPenalty(_ ranker: SerialRanker) throws -> (ranker: SerialRanker, report: String) {
        let top = try directories.flatMap { try collect(ranker: ranker, directory: $0).top }
        var fitted = ranker
        fitted.rivalPenalty = ConfidenceCalibration.rivalPenalty(ranker, toFit: top)
        return (fitted, try evaluate(fitted))
    }

    /// `ranker` rescaled (``ConfidenceCalibration/rescaled(_:toFit:)``) to fit the top answers on these
    /// folders, and a report of its calibration on the same photos.
    package func rescale(_ ranker: SerialRanker) throws -> (ranker: SerialRanker, report: String) {
        let top = try directories.flatMap { try collect(ranker: ranker, directory: $0).top }
        let rescaled = ConfidenceCalibration.rescaled(ranker, toFit: top)
        return (rescaled, try evaluate(rescaled))
    }

    /// `ranker` with its ``SerialRanker/unhinted`` map refitted (Platt scaling, composed with the map it has)
    /// to the top answers of scans without a device type, and a report of its calibration on the same photos.
    ///
    /// The map changes no scan (it only relabels what a scan reports), so the report is the same scans'
    /// predictions with their confidences mapped, not a second pass over the photos.
    package func rescaleUnhinted(_ ranker: SerialRanker) throws -> (ranker: SerialRanker, report: String) {
        var runs: [(predictions: [SerialPrediction], manifest: [String: SerialManifestEntry])] = []
        var samples: [ConfidenceCalibration.Sample] = []
        let unhinted = CalibrationRun(directories: directories, hinted: false)
        for directory in directories {
            let (_, _, predictions) = try unhinted.collect(ranker: ranker, directory: directory)
            guard let manifest = try SerialManifest.load(directory: directory) else { continue }
            runs.append((predictions, manifest))
            samples += predictions.compactMap { prediction -> ConfidenceCalibration.Sample? in
                guard let first = prediction.candidates.first, let truth = manifest[prediction.file]?.serial else {
                    return nil
                }
                return .init(
                    features: [SerialRanker.LogitScale.logOdds(first.confidence)], correct: first.serial == truth)
            }
        }
        let platt = ConfidenceCalibration.fit(samples, l2: 0)
        var refitted = ranker
        var step = SerialRanker.LogitScale.identity
        if let scale = platt.weights.first, scale > 0 {
            step = SerialRanker.LogitScale(scale: scale, offset: platt.bias)
            refitted.unhinted = ranker.unhinted.then(step)
        }
        let reports = runs.map { run in
            let mapped = run.predictions.map { prediction in
                var prediction = prediction
                prediction.candidates = prediction.candidates.map { candidate in
                    var candidate = candidate
                    candidate.confidence = step(candidate.confidence)
                    return candidate
                }
                return prediction
            }
            return SerialReport(predictions: mapped, manifest: run.manifest, baseline: nil).text
        }
        return (refitted, reports.joined(separator: "\n"))
    }

    /// Top-1 accuracy, AUROC and calibration error of `ranker` on each folder.
    package func evaluate(_ ranker: SerialRanker) throws -> String {
        try directories.map { directory in
            let (_, _, predictions) = try collect(ranker: ranker, directory: directory)
            guard let manifest = try SerialManifest.load(directory: directory) else { return "no manifest" }
            let report = SerialReport(predictions: predictions, manifest: manifest, baseline: nil).text
            return directories.count == 1 ? report : "\(directory.lastPathComponent):\n\(report)"
        }.joined(separator: "\n")
    }

    /// Every candidate of `directory` as a sample, each photo's top candidate as a sample, and the predictions.
    private func collect(ranker: SerialRanker, directory: URL) throws
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
            // The apps always send a device type, so the model is fitted on scans with the manifest's.
            let result = try? SerialScanner.scan(
                imageData: Data(contentsOf: photo), preset: .auto,
                deviceType: hinted ? entry.deviceType.flatMap(DeviceType.init(rawValue:)) : nil, recognizer: recognizer,
                options: SerialScanOptions(), ranker: ranker)
            guard let result else { continue }
            // Candidates read only from a code have no model inputs: the model does not score them.
            for (candidate, features) in zip(result.candidates, result.candidateFeatures) where !features.isEmpty {
                samples.append(.init(features: features, correct: candidate.serial == truth))
            }
            if let first = result.candidates.first, let features = result.candidateFeatures.first, !features.isEmpty {
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
