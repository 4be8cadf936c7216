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
