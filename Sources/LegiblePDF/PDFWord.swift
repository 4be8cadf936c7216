/// One word of a page's text layer: characters between spaces or line breaks.
public struct PDFWord: Hashable, Sendable, Codable {
    /// The word's text.
    public var text: String
    /// Its box in points, top-left origin (see ``PDFRect``).
    public var rect: PDFRect
    /// The index of the text line it belongs to, counting from 0 in the page's reading order.
    public var lineIndex: Int

    /// Creates a word.
    public init(text: String, rect: PDFRect, lineIndex: Int) {
        self.text = text
        self.rect = rect
        self.lineIndex = lineIndex
    }
}
