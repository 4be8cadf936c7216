extension Engines {
    /// The engines compiled into this build: the real serial reader when `LEGIBLE_SERIAL_SCAN` is defined
    /// (with `SerialScan` a dependency of `LegibleServer`), `UnavailableEngine` for the rest.
    ///
    /// - Parameter recognizers: Tesseract engines in the shared pool; nil for one per core.
    /// - Throws: when an engine cannot start (e.g. Tesseract's language data is missing).
    public static func installed(recognizers: Int? = nil) throws -> Engines {
        #if canImport(SerialScan)
        let reader: any SerialReading = try SerialScannerReader(engines: recognizers)
        #else
        let reader: any SerialReading = UnavailableEngine()
        #endif
        return Engines(serialReader: reader, fieldDetector: UnavailableEngine(), formComposer: UnavailableEngine())
    }
}
