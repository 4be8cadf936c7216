/// What a serial read produced.
public struct SerialReadout: Sendable, Equatable, Codable {
    /// Candidates, best first.
    public var candidates: [SerialCandidateReading]
    /// Engine time in seconds.
    public var processingTime: Double
    /// Why nothing was found, when the engine says (shown as the job's message).
    public var reason: String?

    /// Creates a readout.
    public init(candidates: [SerialCandidateReading], processingTime: Double, reason: String? = nil) {
        self.candidates = candidates
        self.processingTime = processingTime
        self.reason = reason
    }
}
