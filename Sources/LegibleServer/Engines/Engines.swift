/// The engines the server runs jobs with.
public struct Engines: Sendable {
    /// Serial reader for `/scan` and `/process-serial`.
    public var serialReader: any SerialReading
    /// Field detector for document processing.
    public var fieldDetector: any FieldDetecting
    /// Composer for filled PDFs.
    public var formComposer: any FormComposing

    /// Creates a set of engines.
    public init(serialReader: any SerialReading, fieldDetector: any FieldDetecting, formComposer: any FormComposing) {
        self.serialReader = serialReader
        self.fieldDetector = fieldDetector
        self.formComposer = formComposer
    }

    /// Engines that are not installed: every call throws `EngineError.unavailable`, so jobs fail with a clear
    /// message and `/health` says `degraded`. Used until the real engines are wired in.
    public static var unavailable: Engines {
        let engine = UnavailableEngine()
        return Engines(serialReader: engine, fieldDetector: engine, formComposer: engine)
    }
}
