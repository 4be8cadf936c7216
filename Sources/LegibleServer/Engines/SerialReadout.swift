/// What a serial read produced.
public struct SerialReadout: Sendable, Equatable {
    /// Candidates, best first.
    public var candidates: [SerialCandidateReading]
    /// Engine time in seconds.
    public var processingTime: Double

    /// Creates a readout.
    public init(candidates: [SerialCandidateReading], processingTime: Double) {
        self.candidates = candidates
        self.processingTime = processingTime
    }
}
