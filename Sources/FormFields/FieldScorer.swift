import Foundation

/// The learned part of visual field detection: the probability that a candidate found on a page is a place a
/// person is meant to write or tick, from its ``CandidateFeatures``.
///
/// A logistic regression fitted on the fields of real forms (their widgets are free labels: every candidate
/// that overlaps a widget by IoU ≥ 0.5 is a field, every other one is not), with the forms kept for validation
/// left out. `Scripts/train-field-scorer.py` fits it and writes ``trained`` (in `FieldScorerModel.swift`);
/// `Docs/FieldScorer.md` holds the command and its report. The probability is the region's confidence, and
/// candidates under ``threshold`` are not reported.
struct FieldScorer: Sendable {
    /// The feature names the weights were fitted on, in order (must equal ``CandidateFeatures/names``).
    var featureNames: [String]
    /// Mean of each feature on the training candidates (standardisation).
    var means: [Double]
    /// Standard deviation of each feature on the training candidates (standardisation; 1 for a constant one).
    var scales: [Double]
    /// One weight per standardised feature.
    var weights: [Double]
    /// The intercept.
    var bias: Double
    /// The probability under which a candidate is dropped, chosen by cross-validation across training forms.
    var threshold: Double

    /// The probability, 0...1, that the candidate is a field.
    func probability(_ features: CandidateFeatures) -> Double {
        var z = bias
        for (index, value) in features.values.enumerated() where index < weights.count {
            z += weights[index] * (value - means[index]) / scales[index]
        }
        return 1 / (1 + exp(-z))
    }
}
