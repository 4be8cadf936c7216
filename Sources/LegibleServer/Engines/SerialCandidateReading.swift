/// One serial candidate as the API reports it.
public struct SerialCandidateReading: Sendable, Codable, Equatable {
    /// The serial text, upper case.
    public var serial: String
    /// Calibrated confidence in 0...1.
    public var confidence: Double
    /// Where it was read: `ocr` (printed or engraved text), `barcode` (a barcode or QR code), or both; nil in
    /// results stored before sources were recorded.
    public var sources: [String]?

    /// Creates a candidate.
    public init(serial: String, confidence: Double, sources: [String]? = nil) {
        self.serial = serial
        self.confidence = confidence
        self.sources = sources
    }
}
