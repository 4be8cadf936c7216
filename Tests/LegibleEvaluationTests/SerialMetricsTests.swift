import Foundation
import LegibleEvaluation
import LegibleImaging
import Testing

@Suite("Serial metrics")
struct SerialMetricsTests {
    func prediction(_ file: String, _ candidates: [(String, Double)], ms: Double = 10) -> SerialPrediction {
        SerialPrediction(file: file, preset: "etched", candidates: candidates.map { .init(serial: $0.0, confidence: $0.1) },
                         milliseconds: ms)
    }

    @Test func countsTopOneAndTopThree() {
        let predictions = [
            prediction("a", [("A1", 0.9)]),
            prediction("b", [("X", 0.6), ("Y", 0.5), ("B1", 0.4)]),
            prediction("c", []),
            prediction("d", [("D1", 0.8)]),
            prediction("extra", [("Z", 0.99)]),  // no truth: ignored
        ]
        let metrics = SerialMetrics(predictions: predictions, truth: ["a": "A1", "b": "B1", "c": "C1", "d": "D9"])
        #expect(metrics.count == 4)
        #expect(metrics.top1 == 0.25)
        #expect(metrics.top3 == 0.5)
        #expect(metrics.meanConfidenceRight == 0.9)
    }

    @Test func lineRecallCountsPhotosWhoseSerialALineCovers() {
        let serial = PixelRect(x: 100, y: 50, width: 200, height: 20)
        // The serial's line, the tall box of a long line read at a tilt, and lines holding a third of it.
        #expect(SerialLineCoverage.covers([PixelRect(x: 10, y: 45, width: 400, height: 30)], serial: serial))
        #expect(SerialLineCoverage.covers([PixelRect(x: 0, y: 0, width: 600, height: 140)], serial: serial))
        #expect(!SerialLineCoverage.covers([PixelRect(x: 10, y: 45, width: 156, height: 30)], serial: serial))
        #expect(!SerialLineCoverage.covers(
            [PixelRect(x: 10, y: 45, width: 156, height: 30), PixelRect(x: 236, y: 45, width: 300, height: 30)],
            serial: serial))
        // A sideways serial: its thickness is its width.
        let sideways = PixelRect(x: 50, y: 100, width: 20, height: 200)
        #expect(SerialLineCoverage.covers([PixelRect(x: 45, y: 10, width: 30, height: 400)], serial: sideways))

        var found = prediction("a", [("A1", 0.9)])
        found.serialLineRead = true
        var missed = prediction("b", [])
        missed.serialLineRead = false
        let unknown = prediction("c", [("C1", 0.9)])
        let metrics = SerialMetrics(predictions: [found, missed, unknown], truth: ["a": "A1", "b": "B1", "c": "C1"])
        #expect(metrics.lineRecall == 0.5)
        #expect(SerialMetrics(predictions: [unknown], truth: ["c": "C1"]).lineRecall == nil)
    }

    @Test func manifestBoxesAreWholePixelRectanglesHoldingTheSerial() throws {
        let json = #"[{"file": "a.jpg", "preset": "etched", "serial": "A1", "serialBox": [10.4, 20.6, 100.2, 30.1]}]"#
        let entry = try #require(try JSONDecoder().decode([SerialManifestEntry].self, from: Data(json.utf8)).first)
        #expect(entry.serialRect == PixelRect(x: 10, y: 20, width: 101, height: 31))
    }

    @Test func aurocRanksRightAboveWrong() {
        let perfect = SerialMetrics(
            predictions: [prediction("a", [("A", 0.9)]), prediction("b", [("X", 0.2)])], truth: ["a": "A", "b": "B"])
        #expect(perfect.auroc == 1)
        let inverted = SerialMetrics(
            predictions: [prediction("a", [("A", 0.1)]), prediction("b", [("X", 0.8)])], truth: ["a": "A", "b": "B"])
        #expect(inverted.auroc == 0)
        let tied = SerialMetrics(
            predictions: [prediction("a", [("A", 0.5)]), prediction("b", [("X", 0.5)])], truth: ["a": "A", "b": "B"])
        #expect(tied.auroc == 0.5)
        let allRight = SerialMetrics(predictions: [prediction("a", [("A", 0.5)])], truth: ["a": "A"])
        #expect(allRight.auroc == nil)
    }

    @Test func calibrationErrorIsZeroWhenConfidenceMatchesAccuracy() {
        // Four answers at 0.75 confidence, three right.
        let predictions = (0..<4).map { prediction("f\($0)", [($0 < 3 ? "R" : "W", 0.75)]) }
        let truth = Dictionary(uniqueKeysWithValues: (0..<4).map { ("f\($0)", "R") })
        #expect(abs(SerialMetrics(predictions: predictions, truth: truth).calibrationError) < 1e-9)
        // Overconfident: 0.95 but half right.
        let over = (0..<2).map { prediction("g\($0)", [($0 == 0 ? "R" : "W", 0.95)]) }
        let error = SerialMetrics(predictions: over, truth: ["g0": "R", "g1": "R"]).calibrationError
        #expect(abs(error - 0.45) < 1e-9)
    }

    @Test func percentilesInterpolate() {
        #expect(SerialMetrics.percentile([], 0.5) == 0)
        #expect(SerialMetrics.percentile([10], 0.9) == 10)
        #expect(SerialMetrics.percentile([1, 2, 3, 4], 0.5) == 2.5)
        #expect(abs(SerialMetrics.percentile(Array(1...10).map(Double.init), 0.9) - 9.1) < 1e-9)
    }
}
