/// A page's size in PDF points.
public struct PageSize: Sendable, Codable, Equatable {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// Creates a page size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
