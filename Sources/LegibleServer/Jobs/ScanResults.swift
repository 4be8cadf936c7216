import Foundation

/// The `results` object of a scan: candidates, the best one, how many, and seconds spent.
///
/// Only a scan that read at least one candidate has results: the scanning app declares `top_result` as a
/// non-optional `SerialResult`, so a scan that found nothing answers `results: null` (with the reason in the job's
/// `message`) rather than an object the app cannot decode.
struct ScanResults: Codable, Sendable, Equatable {
    var serials: [SerialCandidateReading]
    /// The best candidate.
    var topResult: SerialCandidateReading
    var totalDetected: Int
    /// Seconds.
    var processingTime: Double
    /// Clockwise degrees the photo was turned to read the answer (90 or 270 for a sideways photo).
    var rotation: Int?

    enum CodingKeys: String, CodingKey {
        case serials
        case topResult = "top_result"
        case totalDetected = "total_detected"
        case processingTime = "processing_time"
        case rotation
    }

    /// The results of `readout`, or nil when it holds no candidate.
    init?(readout: SerialReadout) {
        guard let best = readout.candidates.first else { return nil }
        serials = readout.candidates
        topResult = best
        totalDetected = readout.candidates.count
        processingTime = (readout.processingTime * 1000).rounded() / 1000
        rotation = readout.rotation
    }
}

extension SerialReadout {
    /// The message a scan that read `count` candidates answers with: "Found 3 candidate(s)", and why the first
    /// is uncertain when the engine says so.
    func foundMessage(count: Int) -> String {
        "Found \(count) candidate(s)" + (reason.map { "; \($0)" } ?? "")
    }

    /// The message a scan that read nothing answers with: "No serial number found", and the engine's reason.
    var noSerialMessage: String {
        "No serial number found" + (reason.map { ": \($0)" } ?? "")
    }
}
