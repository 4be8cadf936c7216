public import Foundation

/// One fillable region, in PDF points with the origin at the page's top-left.
public struct DetectedField: Sendable, Codable, Equatable {
    /// Stable id (derived from document hash, page and rectangle).
    public var id: UUID
    /// Zero-based page index.
    public var pageIndex: Int
    /// Left edge in points.
    public var x: Double
    /// Top edge in points.
    public var y: Double
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    /// What the field holds.
    public var fieldType: FieldKind
    /// The label found next to the field, if any.
    public var label: String?
    /// Detection confidence in 0...1.
    public var confidence: Double

    /// Creates a region.
    public init(
        id: UUID, pageIndex: Int, x: Double, y: Double, width: Double, height: Double, fieldType: FieldKind,
        label: String?, confidence: Double
    ) {
        self.id = id
        self.pageIndex = pageIndex
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.fieldType = fieldType
        self.label = label
        self.confidence = confidence
    }
}
