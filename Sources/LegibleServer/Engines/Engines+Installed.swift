public import Foundation
public import SerialScan

extension Engines {
    /// The engines of this build: the serial reader, the field detector and the composer.
    ///
    /// - Parameters:
    ///   - recognizers: Tesseract engines in the shared pool; nil for one per core.
    ///   - scanTimeLimit: Longest a serial scan reads, in seconds (`SerialScanOptions.timeLimit`); nil for none.
    ///   - lineReader: What reads scans' lines (`SerialScanOptions.lineReader`).
    /// - Throws: when an engine cannot start (e.g. Tesseract's language data is missing).
    public static func installed(
        recognizers: Int? = nil, scanTimeLimit: TimeInterval? = nil,
        lineReader: SerialScanOptions.LineReader = .legible
    ) throws -> Engines {
        let options = SerialScanOptions(timeLimit: scanTimeLimit.map { .seconds($0) }, lineReader: lineReader)
        let scanner = try SerialScanner(engines: recognizers, options: options)
        let reader: any SerialReading = SerialScannerReader(scanner: scanner)
        return Engines(serialReader: reader, fieldDetector: FormFieldsDetector(), formComposer: FormFillComposer())
    }
}
