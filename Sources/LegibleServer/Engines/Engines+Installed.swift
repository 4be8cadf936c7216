extension Engines {
    /// The engines of this build: the serial reader, the field detector and the composer.
    ///
    /// - Parameter recognizers: Tesseract engines in the shared pool; nil for one per core.
    /// - Throws: when an engine cannot start (e.g. Tesseract's language data is missing).
    public static func installed(recognizers: Int? = nil) throws -> Engines {
        let reader: any SerialReading = try SerialScannerReader(engines: recognizers)
        return Engines(serialReader: reader, fieldDetector: FormFieldsDetector(), formComposer: FormFillComposer())
    }
}
