public import Foundation

/// Reads device serial numbers from a photo; the server's view of the SerialScan engine.
///
/// The real implementation wraps `SerialScanner` over the shared `RecognizerPool`; route tests use doubles.
public protocol SerialReading: Sendable {
    /// Reads ranked serial candidates from encoded image bytes.
    /// - Parameters:
    ///   - imageData: encoded image (JPEG, PNG, ...), already sniffed by the server.
    ///   - preset: capture style; `.auto` lets the engine choose.
    ///   - deviceType: the device the photo shows, used to prefer its serial grammar.
    /// - Returns: candidates best first, with confidences in 0...1.
    /// - Throws: `EngineError.invalidInput` for an image the engine cannot use, `EngineError.unavailable`,
    ///   `CancellationError`, or another error whose description is shown to the client.
    func readSerials(imageData: Data, preset: ScanPreset, deviceType: ScanDeviceType) async throws -> SerialReadout

    /// The recogniser pool's state for `/health`.
    func engineStatus() async -> EngineStatus
}

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

/// Capture style of a serial photo (`preset` on the wire).
public enum ScanPreset: String, Sendable, Codable, CaseIterable {
    /// Laser-etched or engraved into metal.
    case etched
    /// A settings or About screen.
    case screen
    /// A printed label.
    case sticker
    /// Let the engine decide (sent when `preset` is absent).
    case auto
}

/// The kind of device whose serial is photographed (`device_type` on the wire).
public enum ScanDeviceType: String, Sendable, Codable, CaseIterable {
    /// A MacBook.
    case macbook
    /// An iPhone.
    case iphone
    /// An iPad.
    case ipad
    /// Anything else.
    case other
}

/// The recogniser pool's state, as `/health` reports it.
public struct EngineStatus: Sendable, Equatable {
    /// Whether the engine is installed and usable.
    public var available: Bool
    /// Tesseract's version string, when known.
    public var engineVersion: String?
    /// Recognisers in the pool.
    public var poolSize: Int
    /// Recognisers lent out right now.
    public var busyCount: Int

    /// Creates a status.
    public init(available: Bool, engineVersion: String?, poolSize: Int, busyCount: Int) {
        self.available = available
        self.engineVersion = engineVersion
        self.poolSize = poolSize
        self.busyCount = busyCount
    }
}
