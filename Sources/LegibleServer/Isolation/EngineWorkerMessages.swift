import Foundation

/// What the server asks an engine worker to do; the bytes it works on travel as the frame's payload.
struct EngineWorkerRequest: Codable, Sendable {
    /// The engine call.
    enum Operation: String, Codable, Sendable {
        case readSerials, inspect, detectFields, compose
    }

    var operation: Operation
    /// CPU seconds the worker may spend on this request before the kernel stops it (`RLIMIT_CPU`); set by the
    /// pool from its deadline.
    var cpuSeconds = 0
    var preset: ScanPreset?
    var deviceType: ScanDeviceType?
    /// The document's MIME type (`DocumentFormat`).
    var mimeType: String?
    var layout: DetectedLayout?
    var values: [FieldValueInput]?
}

/// An engine worker's answer: the result of the call, or the error it threw. A composed PDF is the payload.
struct EngineWorkerReply: Codable, Sendable {
    /// How an engine call failed, so the server maps it as it would in-process.
    enum Failure: String, Codable, Sendable {
        /// `EngineError.invalidInput`: shown as 422.
        case invalidInput
        /// `EngineError.unavailable`: shown as 503.
        case unavailable
        /// Any other error; its description is shown.
        case other
    }

    var readout: SerialReadout?
    var pageCount: Int?
    var layout: DetectedLayout?
    var failure: Failure?
    var message: String?

    /// The reply for an error an engine threw.
    init(error: any Error) {
        switch error {
        case EngineError.invalidInput(let message): (failure, self.message) = (.invalidInput, message)
        case EngineError.unavailable(let message): (failure, self.message) = (.unavailable, message)
        default: (failure, message) = (.other, String(describing: error))
        }
    }

    init(readout: SerialReadout? = nil, pageCount: Int? = nil, layout: DetectedLayout? = nil) {
        self.readout = readout
        self.pageCount = pageCount
        self.layout = layout
    }

    /// The error to rethrow in the server, or nil for a success.
    var error: (any Error)? {
        guard let failure else { return nil }
        let text = message ?? "the engine failed"
        switch failure {
        case .invalidInput: return EngineError.invalidInput(text)
        case .unavailable: return EngineError.unavailable(text)
        case .other: return EngineWorkerFailure(message: text)
        }
    }
}

/// An error an engine threw inside a worker that is neither invalid input nor unavailability.
struct EngineWorkerFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
