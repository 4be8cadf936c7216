/// Detected layout of a document.
public struct DetectedLayout: Sendable, Codable, Equatable {
    /// Page sizes in points, in page order.
    public var pages: [PageSize]
    /// Field regions over all pages.
    public var regions: [DetectedField]

    /// Creates a layout.
    public init(pages: [PageSize], regions: [DetectedField]) {
        self.pages = pages
        self.regions = regions
    }
}
