/// Limits and credentials used when opening a PDF.
public struct PDFOpenOptions: Sendable, Hashable {
    /// The password of an encrypted document (user or owner password), or nil.
    public var password: String?
    /// Documents with more pages than this are refused with `PDFError.tooManyPages`.
    public var maxPages: Int
    /// Inputs larger than this many bytes are refused with `PDFError.tooManyBytes`.
    public var maxBytes: Int
    /// Rasters larger than this many pixels are refused with `PDFError.rasterTooLarge`.
    public var maxRasterPixels: Int
    /// Documents holding an image XObject that declares more than this many pixels are not drawn
    /// (`PDFError.imageTooLarge`): Poppler decodes an image whole before scaling it, whatever the DPI.
    public var maxImagePixels: Int

    /// Creates options; the defaults suit a server taking uploads (500 pages, 100 MiB, 60 Mpx rasters, images of
    /// at most 150 Mpx: an A4 page scanned at 1200 dpi has 140 Mpx).
    public init(
        password: String? = nil, maxPages: Int = 500, maxBytes: Int = 100 << 20, maxRasterPixels: Int = 60_000_000,
        maxImagePixels: Int = 150_000_000
    ) {
        self.password = password
        self.maxPages = maxPages
        self.maxBytes = maxBytes
        self.maxRasterPixels = maxRasterPixels
        self.maxImagePixels = maxImagePixels
    }

    /// The defaults.
    public static let `default` = PDFOpenOptions()
}
