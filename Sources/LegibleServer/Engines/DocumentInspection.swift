/// Facts learned by opening a document.
public struct DocumentInspection: Sendable, Equatable {
    /// Number of pages (1 for an image).
    public var pageCount: Int

    /// Creates an inspection result.
    public init(pageCount: Int) { self.pageCount = pageCount }
}
