public import LegibleImaging
public import LegiblePDF

/// Reads words off a page image that has no text layer (a scan), so detected fields get labels.
///
/// ``OCRPageTextReader`` is the implementation over Tesseract; FormFields only needs the words and their boxes.
public protocol PageTextReader: Sendable {
    /// The words inside `zones` of `image` (pixel rectangles; the whole image when empty), with boxes
    /// converted to points by `pointsPerPixel` (top-left origin).
    ///
    /// - Throws: when the image cannot be read; the detector then leaves the page's labels empty.
    func words(in image: Image, zones: [PixelRect], pointsPerPixel: Double) throws -> [PDFWord]
}
