/// One serial candidate as the API reports it.
public struct SerialCandidateReading: Sendable, Codable, Equatable {
    /// The serial text, upper case.
    public var serial: String
    /// Calibrated confidence in 0...1.
    public var confidence: Double

    /// Creates a candidate.
    public init(serial: String, confidence: Double) {
        self.serial = serial
        self.confidence = confidence
    }
}
