import Foundation
package import SerialScan

/// Fits the serial scanner's confidence model (a logistic regression over candidate features) to labelled
/// candidates, so that its scores are calibrated probabilities of being right.
package enum ConfidenceCalibration {
    /// One candidate: its features and whether it was the true serial.
    package struct Sample: Sendable {
        package var features: [Double]
        package var correct: Bool

        package init(features: [Double], correct: Bool) {
            self.features = features
            self.correct = correct
        }
    }

    /// Weights and bias minimising log loss plus `l2` times the squared weights, by Newton's method
    /// (iteratively reweighted least squares); converges in a few dozen iterations for ten features.
    package static func fit(_ samples: [Sample], l2: Double = 0.5, iterations: Int = 50) -> SerialRanker {
        guard let width = samples.first?.features.count, !samples.isEmpty else { return .standard }
        let n = width + 1  // bias last
        var theta = [Double](repeating: 0, count: n)
        for _ in 0..<iterations {
            var gradient = [Double](repeating: 0, count: n)
            var hessian = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
            for sample in samples {
                let x = sample.features + [1]
                let z = zip(theta, x).reduce(0) { $0 + $1.0 * $1.1 }
                let p = 1 / (1 + exp(-z))
                let residual = p - (sample.correct ? 1 : 0)
                let weight = max(p * (1 - p), 1e-6)
                for i in 0..<n {
                    gradient[i] += residual * x[i]
                    for j in 0..<n { hessian[i][j] += weight * x[i] * x[j] }
                }
            }
            for i in 0..<width {
                gradient[i] += l2 * theta[i]
                hessian[i][i] += l2
            }
            guard let step = solve(hessian, gradient) else { break }
            var change = 0.0
            for i in 0..<n {
                theta[i] -= step[i]
                change = max(change, abs(step[i]))
            }
            if change < 1e-7 { break }
        }
        // The committed map of unhinted confidences is kept; after a full refit it wants refitting too
        // (`ocrbench calibrate --rescale-only --without-hints`).
        return SerialRanker(
            weights: Array(theta[0..<width]), bias: theta[width], unhinted: SerialRanker.standard.unhinted,
            rivalPenalty: SerialRanker.standard.rivalPenalty)
    }

    /// `ranker` with its log-odds scaled and shifted (Platt scaling) to fit `samples`. Any two candidates keep
    /// their order, so rankings, top-1 and AUROC stay as they are; only the confidences move. For a model whose
    /// ranking is worth keeping when a full refit would change it.
    package static func rescaled(_ ranker: SerialRanker, toFit samples: [Sample]) -> SerialRanker {
        let logits = samples.map { Sample(features: [ranker.logit($0.features)], correct: $0.correct) }
        let platt = fit(logits, l2: 0)
        guard let scale = platt.weights.first, scale > 0 else { return ranker }
        return SerialRanker(
            weights: ranker.weights.map { $0 * scale }, bias: ranker.bias * scale + platt.bias,
            unhinted: ranker.unhinted, rivalPenalty: ranker.rivalPenalty)
    }

    /// The weight of the ``SerialRanker/rivalPenalty`` feature fitted to `samples` (top answers, each with its
    /// features): a logistic fit of the weight and an intercept, with `ranker`'s log-odds of each answer as a
    /// fixed offset. The intercept takes up how sure the model runs on these photos as a whole, which is the
    /// job of the maps fitted after it; only the weight is kept.
    package static func rivalPenalty(_ ranker: SerialRanker, toFit samples: [Sample]) -> Double {
        guard let index = SerialRanker.featureNames.firstIndex(of: "rival") else { return 0 }
        var theta = [0.0, 0.0]  // weight, intercept
        for _ in 0..<50 {
            var gradient = [0.0, 0.0]
            var hessian = [[0.0, 0.0], [0.0, 0.0]]
            for sample in samples where index < sample.features.count {
                let x = [sample.features[index], 1]
                let z = ranker.logit(sample.features) + theta[0] * x[0] + theta[1]
                let p = 1 / (1 + exp(-z))
                let residual = p - (sample.correct ? 1 : 0)
                let weight = max(p * (1 - p), 1e-6)
                for i in 0..<2 {
                    gradient[i] += residual * x[i]
                    for j in 0..<2 { hessian[i][j] += weight * x[i] * x[j] }
                }
            }
            gradient[0] += 0.5 * theta[0]
            hessian[0][0] += 0.5
            guard let step = solve(hessian, gradient) else { break }
            theta[0] -= step[0]
            theta[1] -= step[1]
            if max(abs(step[0]), abs(step[1])) < 1e-7 { break }
        }
        return theta[0]
    }

    /// Solves `a x = b` by Gaussian elimination with partial pivoting; nil when `a` is singular.
    static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
        var m = a
        var v = b
        let n = v.count
        for column in 0..<n {
            guard let pivot = (column..<n).max(by: { abs(m[$0][column]) < abs(m[$1][column]) }),
                abs(m[pivot][column]) > 1e-12
            else { return nil }
            m.swapAt(column, pivot)
            v.swapAt(column, pivot)
            for row in (column + 1)..<n {
                let factor = m[row][column] / m[column][column]
                for k in column..<n { m[row][k] -= factor * m[column][k] }
                v[row] -= factor * v[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = v[row]
            for k in (row + 1)..<n { sum -= m[row][k] * x[k] }
            x[row] = sum / m[row][row]
        }
        return x
    }

    /// Swift source for a ranker's weights, to paste into `SerialRanker.standard`.
    package static func swiftLiteral(_ ranker: SerialRanker) -> String {
        let weights = ranker.weights.map { String(format: "%.3f", $0) }.joined(separator: ", ")
        let unhinted = String(
            format: "LogitScale(scale: %.3f, offset: %.3f)", ranker.unhinted.scale, ranker.unhinted.offset)
        let bias = String(format: "%.3f", ranker.bias)
        let rival = String(format: "%.3f", ranker.rivalPenalty)
        return "SerialRanker(weights: [\(weights)], bias: \(bias), unhinted: \(unhinted), rivalPenalty: \(rival))"
    }
}
