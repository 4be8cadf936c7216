public import LegibleImaging
public import LegiblePDF

/// Reads words off a page image that has no text layer (a scan), so detected fields get labels.
///
/// Implemented on top of an OCR engine (LegibleOCR); FormFields only needs the words and their boxes.
public protocol PageTextReader: Sendable {
    /// The words on `image`, with boxes converted to points by `pointsPerPixel` (top-left origin).
    func words(in image: Image, pointsPerPixel: Double) throws -> [PDFWord]
}
