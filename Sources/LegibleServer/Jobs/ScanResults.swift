import Foundation

/// The `results` object of a scan: candidates, the best one, how many, and seconds spent.
struct ScanResults: Codable, Sendable, Equatable {
    var serials: [SerialCandidateReading]
    /// The best candidate, or nil when nothing was read.
    var topResult: SerialCandidateReading?
    var totalDetected: Int
    /// Seconds.
    var processingTime: Double

    enum CodingKeys: String, CodingKey {
        case serials
        case topResult = "top_result"
        case totalDetected = "total_detected"
        case processingTime = "processing_time"
    }

    init(readout: SerialReadout) {
        serials = readout.candidates
        topResult = readout.candidates.first
        totalDetected = readout.candidates.count
        processingTime = (readout.processingTime * 1000).rounded() / 1000
    }

    // Encode `top_result` as an explicit null when there is none.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(serials, forKey: .serials)
        try container.encode(topResult, forKey: .topResult)
        try container.encode(totalDetected, forKey: .totalDetected)
        try container.encode(processingTime, forKey: .processingTime)
    }
}
