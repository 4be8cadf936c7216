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
    /// What reads scans' lines (`legible` or `tesseract`, `SerialScanner.lineReader`), when known.
    public var lineReader: String?

    /// Creates a status.
    public init(available: Bool, engineVersion: String?, poolSize: Int, busyCount: Int, lineReader: String? = nil) {
        self.available = available
        self.engineVersion = engineVersion
        self.poolSize = poolSize
        self.busyCount = busyCount
        self.lineReader = lineReader
    }
}
