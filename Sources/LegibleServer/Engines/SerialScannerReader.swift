public import Foundation
import LegibleOCR
public import SerialScan

/// The real serial reader: SerialScan's `SerialScanner` over one shared `RecognizerPool`.
public struct SerialScannerReader: SerialReading {
    /// The scanner; its pool is the one every scan and `/health` share.
    public let scanner: SerialScanner

    /// Wraps a scanner.
    public init(scanner: SerialScanner) {
        self.scanner = scanner
    }

    /// Starts a scanner with `engines` recognisers (default: one per core).
    /// - Throws: `OCRError` when Tesseract cannot start.
    public init(engines: Int? = nil) throws {
        self.scanner = try SerialScanner(engines: engines)
    }

    /// Scans the bytes and reports the ranked candidates; image problems become `EngineError.invalidInput`.
    public func readSerials(imageData: Data, preset: ScanPreset, deviceType: ScanDeviceType) async throws
        -> SerialReadout
    {
        do {
            let result = try await scanner.scan(
                imageData: imageData, preset: SerialPreset(rawValue: preset.rawValue) ?? .auto,
                deviceType: DeviceType(rawValue: deviceType.rawValue))
            return SerialReadout(
                candidates: result.candidates.map {
                    SerialCandidateReading(serial: $0.serial, confidence: $0.confidence, sources: $0.sources.map(\.rawValue))
                },
                processingTime: result.timings.total / 1000, reason: result.reason, rotation: result.rotation)
        } catch let error as SerialScanError {
            switch error {
            case .image: throw EngineError.invalidInput(error.description)
            default: throw error
            }
        }
    }

    /// Pool size, lent-out engines and Tesseract's version.
    public func engineStatus() async -> EngineStatus {
        EngineStatus(
            available: true, engineVersion: Recognizer.tesseractVersion, poolSize: scanner.pool.size,
            busyCount: scanner.pool.busyCount, lineReader: scanner.lineReader.rawValue)
    }
}
