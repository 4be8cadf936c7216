import Foundation
import Testing

@testable import LegibleEvaluation
@testable import SerialScan

@Suite("Preset guess fitting")
struct PresetFitTests {
    @Test func aFitSeparatesThreeClusters() {
        // Three kinds of photo, each a cluster in two of the eight measures.
        var samples: [PresetFit.Sample] = []
        let centres: [(SerialPreset, Double, Double)] = [(.etched, 1.6, 0.6), (.screen, 0.4, 2.0), (.sticker, 1.8, 2.2)]
        for (preset, mean, deviation) in centres {
            for step in 0..<12 {
                let jitter = Double(step % 4 - 2) * 0.05
                samples.append(
                    PresetFit.Sample(
                        file: "\(preset)-\(step)", preset: preset,
                        features: [mean + jitter, deviation - jitter, 1, 2, 0.2, 0.1, 0, 1]))
            }
        }
        let model = PresetFit.fit(samples)
        #expect(samples.allSatisfy { model.classify($0.features) == $0.preset })
        #expect(PresetFit.report(model, on: samples).hasPrefix("right 36 of 36"))
        #expect(model.weights.count == 3 && model.weights.allSatisfy { $0.count == 8 })
    }

    @Test func theLiteralReadsBackAsTheModel() {
        let model = PresetClassifier.Model(weights: [[1, 2], [3, 4], [5, 6]], biases: [0.5, -0.5, 0])
        let literal = PresetFit.swiftLiteral(model)
        #expect(literal.contains("[1.0000, 2.0000],\n        [3.0000, 4.0000]"))
        #expect(literal.contains("biases: [0.5000, -0.5000, 0.0000])"))
    }
}
