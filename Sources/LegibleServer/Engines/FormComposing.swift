public import Foundation

/// Writes values into a document and produces a filled PDF; the server's view of FormFill.
public protocol FormComposing: Sendable {
    /// Composes the filled PDF.
    /// - Parameters:
    ///   - documentData: the uploaded bytes (PDF or image).
    ///   - format: what the bytes are.
    ///   - layout: the regions detected for these bytes.
    ///   - values: values keyed by region id; every id is one of `layout.regions`.
    /// - Returns: the bytes of the filled PDF.
    /// - Throws: `EngineError`, `CancellationError`, or another error whose description is shown to the client.
    func compose(documentData: Data, format: DocumentFormat, layout: DetectedLayout, values: [FieldValueInput])
        async throws -> Data
}
