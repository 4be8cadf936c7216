public import Foundation

/// Finds the fillable regions of a document; the server's view of LegiblePDF + FormFields.
public protocol FieldDetecting: Sendable {
    /// Opens the document cheaply to check it and count its pages (called at upload).
    /// - Throws: `EngineError.invalidInput` for encrypted, damaged or over-limit documents; `EngineError.unavailable`.
    func inspect(documentData: Data, format: DocumentFormat) async throws -> DocumentInspection

    /// Detects field regions on every page (runs as a job).
    /// - Returns: page sizes and regions in PDF points, top-left origin; region ids stable for the same bytes.
    /// - Throws: `EngineError.invalidInput`, `EngineError.unavailable`, `CancellationError`, or another error.
    func detectFields(documentData: Data, format: DocumentFormat) async throws -> DetectedLayout
}
