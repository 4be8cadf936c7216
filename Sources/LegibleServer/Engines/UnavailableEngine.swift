public import Foundation

/// Stands in for an engine this build does not have; every call throws `EngineError.unavailable`.
public struct UnavailableEngine: SerialReading, FieldDetecting, FormComposing {
    /// Creates the stand-in.
    public init() {}

    /// Always throws `EngineError.unavailable`.
    public func readSerials(imageData: Data, preset: ScanPreset, deviceType: ScanDeviceType) async throws
        -> SerialReadout
    {
        throw EngineError.unavailable("the serial reader is not available in this build")
    }

    /// Reports an unavailable engine with an empty pool.
    public func engineStatus() async -> EngineStatus {
        EngineStatus(available: false, engineVersion: nil, poolSize: 0, busyCount: 0)
    }

    /// Always throws `EngineError.unavailable`.
    public func inspect(documentData: Data, format: DocumentFormat) async throws -> DocumentInspection {
        throw EngineError.unavailable("the PDF engine is not available in this build")
    }

    /// Always throws `EngineError.unavailable`.
    public func detectFields(documentData: Data, format: DocumentFormat) async throws -> DetectedLayout {
        throw EngineError.unavailable("field detection is not available in this build")
    }

    /// Always throws `EngineError.unavailable`.
    public func compose(documentData: Data, format: DocumentFormat, layout: DetectedLayout, values: [FieldValueInput])
        async throws -> Data
    {
        throw EngineError.unavailable("form filling is not available in this build")
    }
}
