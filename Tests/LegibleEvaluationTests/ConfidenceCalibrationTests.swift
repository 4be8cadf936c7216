import Foundation
import Testing

@testable import LegibleEvaluation
@testable import SerialScan

@Suite("Confidence calibration")
struct ConfidenceCalibrationTests {
    @Test func solvesLinearSystems() throws {
        let x = try #require(ConfidenceCalibration.solve([[2, 1], [1, 3]], [3, 5]))
        #expect(abs(x[0] - 0.8) < 1e-9 && abs(x[1] - 1.4) < 1e-9)
        #expect(ConfidenceCalibration.solve([[1, 2], [2, 4]], [1, 2]) == nil)
    }

    @Test func fittedProbabilitiesMatchObservedRates() {
        // Feature 0 is 1 for candidates right 80% of the time and 0 for candidates right 20% of the time.
        var samples: [ConfidenceCalibration.Sample] = []
        for index in 0..<100 {
            samples.append(.init(features: [1, 0], correct: index % 5 != 0))
            samples.append(.init(features: [0, 0], correct: index % 5 == 0))
        }
        let ranker = ConfidenceCalibration.fit(samples, l2: 0.001)
        #expect(abs(ranker.confidence([1, 0]) - 0.8) < 0.02)
        #expect(abs(ranker.confidence([0, 0]) - 0.2) < 0.02)
        #expect(ConfidenceCalibration.swiftLiteral(ranker).hasPrefix("SerialRanker(weights: ["))
    }

    @Test func rescalingKeepsTheOrderAndFixesTheConfidences() {
        // A model that ranks right but says 0.5 and 0.27 for candidates right 90% and 30% of the time.
        let model = SerialRanker(weights: [1, 0], bias: -1)
        var samples: [ConfidenceCalibration.Sample] = []
        for index in 0..<100 {
            samples.append(.init(features: [1, 0], correct: index % 10 != 0))
            samples.append(.init(features: [0, 0], correct: index % 10 < 3))
        }
        let rescaled = ConfidenceCalibration.rescaled(model, toFit: samples)
        #expect(abs(rescaled.confidence([1, 0]) - 0.9) < 0.02)
        #expect(abs(rescaled.confidence([0, 0]) - 0.3) < 0.02)
        // Any two candidates keep their order.
        let a = [0.7, 0.2], b = [0.4, 3.0]
        #expect((model.logit(a) < model.logit(b)) == (rescaled.logit(a) < rescaled.logit(b)))
    }

    @Test func aLogitScaleKeepsTheOrderAndComposes() {
        let scale = SerialRanker.LogitScale(scale: 0.65, offset: 2.2)
        let next = SerialRanker.LogitScale(scale: 1.3, offset: -0.4)
        let confidences = [0.0, 0.05, 0.3, 0.5, 0.62, 0.9, 1.0]
        let mapped = confidences.map { scale($0) }
        #expect(zip(mapped, mapped.dropFirst()).allSatisfy { $0 < $1 })
        #expect(mapped.allSatisfy { $0 > 0 && $0 < 1 })
        // The model's 0.6 without a device type is right about nine times in ten.
        #expect(scale(0.6) > 0.9)
        #expect(abs(SerialRanker.LogitScale.identity(0.37) - 0.37) < 1e-12)
        for confidence in confidences.dropFirst().dropLast() {
            #expect(abs(scale.then(next)(confidence) - next(scale(confidence))) < 1e-12)
        }
    }
}
