import Foundation

/// Turns readings into ranked candidates with calibrated confidences.
///
/// Confidence is a logistic model over the evidence: character scores, repairs, grammar specificity,
/// captions, distractor labels, agreement between independent reads, and the device hint. Its weights were
/// fitted on the labelled development photos (`TestImages/serials`) and checked on the held-out set
/// (`TestImages/serials-holdout`), so that among answers given confidence about 0.8 about 80% are right.
struct SerialRanker: Sendable {
    /// Logistic weights; see ``features(of:reads:deviceType:preset:)`` for their order.
    var weights: [Double]
    var bias: Double

    static let standard = SerialRanker(
        weights: [5.0, 2.0, -0.6, -0.7, 2.5, -3.0, 2.0, 0.8, 0.8, -0.5],
        bias: -5.5)

    /// The model's inputs for one serial.
    static func features(
        of evidence: SerialEvidence, reads: Int, deviceType: DeviceType?
    ) -> [Double] {
        let device: Double
        switch deviceType {
        case .some(let type) where type.isApple: device = evidence.format.isApple ? 1 : -1
        case .some: device = evidence.format.isApple ? -0.5 : 0.5
        case .none: device = 0
        }
        return [
            evidence.meanScore,
            evidence.minScore,
            Double(evidence.repairs),
            Double(evidence.trimmed),
            evidence.caption,
            evidence.distractor ? 1 : 0,
            evidence.format.specificity,
            Double(min(reads - 1, 3)),
            device,
            Double(evidence.pieces - 1),
        ]
    }

    func confidence(_ features: [Double]) -> Double {
        let z = zip(weights, features).reduce(bias) { $0 + $1.0 * $1.1 }
        return 1 / (1 + exp(-z))
    }

    /// Candidates best first: one per serial string (its best reading), readings contained in a better
    /// candidate's string dropped, at most `limit`.
    func rank(_ evidence: [SerialEvidence], deviceType: DeviceType?, limit: Int = 5) -> [SerialCandidate] {
        var reads: [String: Int] = [:]
        for item in evidence { reads[item.serial, default: 0] += 1 }
        var best: [String: (SerialEvidence, Double)] = [:]
        for item in evidence {
            let score = confidence(Self.features(of: item, reads: reads[item.serial] ?? 1, deviceType: deviceType))
            if let current = best[item.serial], current.1 >= score { continue }
            best[item.serial] = (item, score)
        }
        let ordered = best.values.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.serial < $1.0.serial }
        var kept: [SerialCandidate] = []
        for (item, score) in ordered {
            if kept.contains(where: { $0.serial.contains(item.serial) }) { continue }
            kept.append(SerialCandidate(
                serial: item.serial, confidence: score, format: item.format, box: item.box, repairs: item.repairs,
                captioned: item.caption > 0))
            if kept.count == limit { break }
        }
        return kept
    }
}
