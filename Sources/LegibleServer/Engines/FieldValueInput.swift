public import Foundation

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
