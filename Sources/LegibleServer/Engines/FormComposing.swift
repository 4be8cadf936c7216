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

/// A value for one region, as the client sent it.
public struct FieldValueInput: Sendable, Codable, Equatable {
    /// The region the value belongs to.
    public var fieldRegionId: UUID
    /// The value; for checkboxes "true"/"false".
    public var value: String
    /// Where the value came from.
    public var source: ValueSource

    /// Creates a value.
    public init(fieldRegionId: UUID, value: String, source: ValueSource) {
        self.fieldRegionId = fieldRegionId
        self.value = value
        self.source = source
    }
}

/// Origin of a field value (`source` on the wire).
public enum ValueSource: String, Sendable, Codable, CaseIterable {
    /// Typed by the user.
    case manual
    /// Filled from the user's saved data.
    case autofill
    /// Suggested by a model.
    case ai
}
