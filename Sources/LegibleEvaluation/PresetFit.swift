package import Foundation
package import SerialScan

/// Fits and checks the `auto` preset guess (``PresetClassifier``) on labelled folders.
package enum PresetFit {
    /// One labelled photo's measures.
    package struct Sample: Sendable {
        package var file: String
        package var preset: SerialPreset
        package var features: [Double]
    }

    /// The measures of every photo of `directory` that its manifest labels with a preset.
    ///
    /// - Throws: when the folder has no manifest, or a photo cannot be read or decoded.
    package static func samples(in directory: URL) throws -> [Sample] {
        guard let manifest = try SerialManifest.load(directory: directory) else {
            let path = directory.appendingPathComponent("manifest.json").path
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        return try SerialManifest.photos(in: directory).compactMap { url in
            guard let entry = manifest[url.lastPathComponent], let preset = SerialPreset(rawValue: entry.preset)
            else { return nil }
            let features = try SerialScanner.presetFeatures(imageData: Data(contentsOf: url))
            return Sample(file: url.lastPathComponent, preset: preset, features: features)
        }
    }

    /// A multinomial logistic model fitted to `samples` by gradient descent on standardised measures (L2
    /// penalty `penalty`), returned over the raw measures.
    package static func fit(_ samples: [Sample], penalty: Double = 0.01, iterations: Int = 4000, rate: Double = 0.5)
        -> PresetClassifier.Model
    {
        let presets = PresetClassifier.Model.presets
        guard let width = samples.first?.features.count else {
            return PresetClassifier.standard
        }
        let n = Double(samples.count)
        let means = (0..<width).map { i in samples.map { $0.features[i] }.reduce(0, +) / n }
        let deviations = (0..<width).map { i in
            max(1e-9, (samples.map { ($0.features[i] - means[i]) * ($0.features[i] - means[i]) }.reduce(0, +) / n)
                .squareRoot())
        }
        let inputs = samples.map { sample in (0..<width).map { (sample.features[$0] - means[$0]) / deviations[$0] } }
        let labels = samples.map { sample in presets.firstIndex(of: sample.preset) ?? 0 }
        var weights = Array(repeating: Array(repeating: 0.0, count: width), count: presets.count)
        var biases = Array(repeating: 0.0, count: presets.count)
        for _ in 0..<iterations {
            var weightSteps = Array(repeating: Array(repeating: 0.0, count: width), count: presets.count)
            var biasSteps = Array(repeating: 0.0, count: presets.count)
            for (input, label) in zip(inputs, labels) {
                let scores = (0..<presets.count).map { k in
                    zip(weights[k], input).reduce(biases[k]) { $0 + $1.0 * $1.1 }
                }
                let top = scores.max() ?? 0
                let exponentials = scores.map { exp($0 - top) }
                let total = exponentials.reduce(0, +)
                for k in 0..<presets.count {
                    let error = exponentials[k] / total - (k == label ? 1 : 0)
                    biasSteps[k] += error
                    for i in 0..<width { weightSteps[k][i] += error * input[i] }
                }
            }
            for k in 0..<presets.count {
                biases[k] -= rate * biasSteps[k] / n
                for i in 0..<width { weights[k][i] -= rate * (weightSteps[k][i] / n + penalty * weights[k][i]) }
            }
        }
        // Back to raw measures: w·(x - m)/s + b = (w/s)·x + (b - Σ w m / s).
        let raw = weights.map { row in (0..<width).map { row[$0] / deviations[$0] } }
        let rawBiases = (0..<presets.count).map { k in
            biases[k] - (0..<width).map { weights[k][$0] * means[$0] / deviations[$0] }.reduce(0, +)
        }
        return PresetClassifier.Model(weights: raw, biases: rawBiases)
    }

    /// The share of `samples` the model guesses right, and a confusion table (true preset by guess).
    package static func report(_ model: PresetClassifier.Model, on samples: [Sample]) -> String {
        let presets = PresetClassifier.Model.presets
        var counts: [SerialPreset: [SerialPreset: Int]] = [:]
        var right = 0
        for sample in samples {
            let guess = model.classify(sample.features)
            counts[sample.preset, default: [:]][guess, default: 0] += 1
            if guess == sample.preset { right += 1 }
        }
        let share = samples.isEmpty ? 0 : Double(right) / Double(samples.count)
        var lines = [String(format: "right %d of %d (%.1f%%)", right, samples.count, share * 100)]
        lines.append("true \\ guess " + presets.map { $0.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0) }
            .joined(separator: " "))
        for truth in presets {
            let row = presets.map { String(format: "%8d", counts[truth]?[$0] ?? 0) }.joined(separator: " ")
            lines.append(truth.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0) + " " + row)
        }
        return lines.joined(separator: "\n")
    }

    /// The model as Swift to paste into `PresetClassifier.standard`.
    package static func swiftLiteral(_ model: PresetClassifier.Model) -> String {
        func list(_ values: [Double]) -> String {
            "[" + values.map { String(format: "%.4f", $0) }.joined(separator: ", ") + "]"
        }
        return """
            package static let standard = Model(
                weights: [
                    \(model.weights.map(list).joined(separator: ",\n        ")),
                ],
                biases: \(list(model.biases)))
            """
    }
}
