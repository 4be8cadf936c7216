/// What a serial read produced.
public struct SerialReadout: Sendable, Equatable, Codable {
    /// Candidates, best first.
    public var candidates: [SerialCandidateReading]
    /// Engine time in seconds.
    public var processingTime: Double
    /// Why nothing was found, or why the first candidate is uncertain, when the engine says (shown in the
    /// job's message).
    public var reason: String?
    /// Clockwise degrees (0, 90, 180 or 270) the photo was turned to read the answer; nil when not recorded.
    public var rotation: Int?

    /// Creates a readout.
    public init(
        candidates: [SerialCandidateReading], processingTime: Double, reason: String? = nil, rotation: Int? = nil
    ) {
        self.candidates = candidates
        self.processingTime = processingTime
        self.reason = reason
        self.rotation = rotation
    }
}
