/// The device a photo shows; its serial formats rank first (`device_type`).
public typealias DeviceType = Components.Schemas.DeviceType
/// What a photo shows: an engraved case, a settings screen or a sticker; `auto` tells from the photo.
public typealias ScanPreset = Components.Schemas.ScanPreset
/// Where a serial was read: printed or engraved text (`ocr`) or a barcode or QR code (`barcode`).
public typealias SerialSource = Components.Schemas.SerialSource
/// A scan job's state on the server: pending, processing, completed, failed or cancelled.
public typealias ScanStatus = Components.Schemas.ScanStatus

/// One serial a scan read, with the probability that it is right.
public struct ScannedSerial: Sendable, Hashable {
    /// The serial as read (upper case, no separators).
    public var serial: String
    /// The probability, 0...1, that this is the photo's serial. Calibrated: of answers scored 0.9, about nine
    /// in ten are right, so an app can accept high scores and ask its user about the rest.
    public var confidence: Double
    /// Where it was read; both when the text and a barcode agree.
    public var sources: Set<SerialSource>

    /// A serial with its confidence and sources.
    public init(serial: String, confidence: Double, sources: Set<SerialSource>) {
        self.serial = serial
        self.confidence = confidence
        self.sources = sources
    }

    init(_ candidate: Components.Schemas.SerialCandidate) {
        self.init(
            serial: candidate.serial, confidence: candidate.confidence,
            sources: Set(candidate.sources ?? [.ocr]))
    }
}

/// What a serial scan found: ranked candidates, best first, or none with the server's reason.
public struct SerialScanAnswer: Sendable, Hashable {
    /// The scan job's id on the server.
    public var jobID: String
    /// Serials read, most likely first; empty when none was read (``message`` says why).
    public var candidates: [ScannedSerial]
    /// The server's message, such as `"No serial number found: ..."` when ``candidates`` is empty.
    public var message: String
    /// Clockwise degrees the photo was turned to read the answer: 0, or 90 and 270 for a sideways photo.
    public var rotation: Int
    /// The scan's time on the server, in seconds (queue wait not included).
    public var processingTime: Double

    /// The most likely serial, or nil when none was read.
    public var best: ScannedSerial? { candidates.first }

    /// An answer as the server reported it.
    public init(jobID: String, candidates: [ScannedSerial], message: String, rotation: Int, processingTime: Double) {
        self.jobID = jobID
        self.candidates = candidates
        self.message = message
        self.rotation = rotation
        self.processingTime = processingTime
    }
}

/// How a scan is getting on, for an app's progress display.
public enum ScanProgress: Sendable, Hashable {
    /// The photo was accepted and queued as job `jobID`; `estimatedTime` is the server's guess for a person,
    /// such as `"1-3 seconds"`.
    case submitted(jobID: String, estimatedTime: String)
    /// The job's state and its progress in percent, each time a poll sees it change.
    case status(ScanStatus, percent: Int)
}
