/// Accuracy, calibration and latency of predictions against ground truth.
public struct SerialMetrics: Sendable, Hashable, Codable {
    /// Photos scored.
    public var count: Int
    /// Share whose best candidate is the true serial, 0...1.
    public var top1: Double
    /// Share with the true serial among the first three candidates, 0...1.
    public var top3: Double
    /// Area under the ROC curve of the top candidate's confidence as a predictor of it being right, 0...1
    /// (0.5 is chance); nil when all answers are right or all wrong.
    public var auroc: Double?
    /// Mean confidence of right top answers, and of wrong ones (nil when there are none).
    public var meanConfidenceRight: Double?
    public var meanConfidenceWrong: Double?
    /// Expected calibration error over ten confidence bins, 0...1 (lower is better).
    public var calibrationError: Double
    /// Share of photos with a known serial box where a recognised line covers the serial
    /// (``SerialPrediction/serialLineRead``), 0...1; nil when no prediction says.
    public var lineRecall: Double?
    /// Median and 90th-percentile time per photo, in milliseconds.
    public var p50Milliseconds: Double
    public var p90Milliseconds: Double

    /// Scores `predictions` against `truth` (file name to serial). Predictions for files without truth are
    /// ignored.
    public init(predictions: [SerialPrediction], truth: [String: String]) {
        let scored = predictions.filter { truth[$0.file] != nil }
        count = scored.count
        var right: [Double] = []
        var wrong: [Double] = []
        var hits3 = 0
        var pairs: [(confidence: Double, correct: Bool)] = []
        for prediction in scored {
            let expected = truth[prediction.file]!
            let top = prediction.candidates.first
            let correct = top?.serial == expected
            let confidence = top?.confidence ?? 0
            pairs.append((confidence, correct))
            if correct { right.append(confidence) } else { wrong.append(confidence) }
            if prediction.candidates.prefix(3).contains(where: { $0.serial == expected }) { hits3 += 1 }
        }
        let n = Double(max(1, count))
        top1 = Double(right.count) / n
        top3 = Double(hits3) / n
        auroc = Self.auroc(positives: right, negatives: wrong)
        meanConfidenceRight = right.isEmpty ? nil : right.reduce(0, +) / Double(right.count)
        meanConfidenceWrong = wrong.isEmpty ? nil : wrong.reduce(0, +) / Double(wrong.count)
        calibrationError = Self.expectedCalibrationError(pairs)
        let located = scored.compactMap(\.serialLineRead)
        lineRecall = located.isEmpty ? nil : Double(located.filter { $0 }.count) / Double(located.count)
        let times = scored.map(\.milliseconds)
        p50Milliseconds = Self.percentile(times, 0.5)
        p90Milliseconds = Self.percentile(times, 0.9)
    }

    /// Probability that a random right answer has a higher confidence than a random wrong one (ties half).
    static func auroc(positives: [Double], negatives: [Double]) -> Double? {
        guard !positives.isEmpty, !negatives.isEmpty else { return nil }
        var wins = 0.0
        for p in positives {
            for q in negatives {
                if p > q { wins += 1 } else if p == q { wins += 0.5 }
            }
        }
        return wins / Double(positives.count * negatives.count)
    }

    /// Weighted mean gap between mean confidence and accuracy over ten equal-width bins.
    static func expectedCalibrationError(_ pairs: [(confidence: Double, correct: Bool)]) -> Double {
        guard !pairs.isEmpty else { return 0 }
        var bins = [[(Double, Bool)]](repeating: [], count: 10)
        for pair in pairs { bins[min(9, max(0, Int(pair.confidence * 10)))].append(pair) }
        var total = 0.0
        for bin in bins where !bin.isEmpty {
            let confidence = bin.map(\.0).reduce(0, +) / Double(bin.count)
            let accuracy = Double(bin.filter(\.1).count) / Double(bin.count)
            total += Double(bin.count) * abs(confidence - accuracy)
        }
        return total / Double(pairs.count)
    }

    /// The `q` quantile (0...1) by linear interpolation; 0 for no values.
    public static func percentile(_ values: [Double], _ q: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let position = q * Double(sorted.count - 1)
        let low = Int(position.rounded(.down))
        let high = min(sorted.count - 1, low + 1)
        return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
    }
}
