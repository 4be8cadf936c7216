import Foundation

extension SerialScanResult {
    /// The confidence from which a scan's first answer is trusted: under it the answer is more likely wrong
    /// than right, and ``reason`` says what the reading lacked.
    public static let trustedFrom = 0.5

    /// Why the first of `candidates` is not to be trusted, or nil when it is (confidence at least
    /// ``trustedFrom``) or there is none: what its reading lacked (a caption, a maker's format, characters read as
    /// they are) and any other reading that is nearly as likely (at least half its confidence).
    static func doubt(about candidates: [SerialCandidate]) -> String? {
        guard let top = candidates.first, top.confidence < trustedFrom else { return nil }
        var causes: [String] = []
        if !top.captioned && !top.sources.contains(.barcode) {
            causes.append("no caption such as \"Serial No.\" announced it")
        }
        if top.format == .generic { causes.append("it fits no maker's serial format") }
        if top.repairs > 0 {
            causes.append(top.repairs == 1
                ? "one of its characters was changed to fit its format"
                : "\(top.repairs) of its characters were changed to fit its format")
        }
        if candidates.count > 1, candidates[1].confidence * 2 >= top.confidence {
            causes.append("another reading, \(candidates[1].serial), is nearly as likely")
        }
        if causes.isEmpty { causes.append("its characters were read with little certainty") }
        let confidence = String(format: "%.2f", top.confidence)
        return "the best reading, \(top.serial), is uncertain (confidence \(confidence)): "
            + causes.joined(separator: "; ")
    }
}
