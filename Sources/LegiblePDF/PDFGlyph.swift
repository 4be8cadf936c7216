/// One character of a page's text layer with its box, as Poppler lays it out.
public struct PDFGlyph: Hashable, Sendable {
    /// The character (one Unicode scalar; a ligature's text comes as several glyphs sharing a box).
    public var scalar: Unicode.Scalar
    /// Its box in points, top-left origin (see ``PDFRect``): the font's line box, not the ink.
    public var rect: PDFRect
    /// The index of the text line it belongs to, counting from 0 in the page's reading order.
    public var lineIndex: Int

    /// Creates a glyph.
    public init(scalar: Unicode.Scalar, rect: PDFRect, lineIndex: Int) {
        self.scalar = scalar
        self.rect = rect
        self.lineIndex = lineIndex
    }
}
