public import LegibleImaging

/// The barcode and 2-D code symbologies Legible decodes: those that carry device serials on labels.
public enum CodeSymbology: String, Sendable, Codable, CaseIterable, Hashable {
    /// QR Code (ISO/IEC 18004), the code of repair-shop and asset stickers and of many device labels.
    case qrCode = "qr"
    /// Code 128, the linear code of most serial labels (Dell, Samsung, Lenovo, HP, Apple's box labels).
    case code128
    /// Code 39, older asset tags and some service tags.
    case code39
    /// Code 93, a denser relative of Code 39.
    case code93
}

/// One code read from an image: what it encodes and where it is.
public struct CodeSymbol: Sendable, Hashable, Codable {
    /// Which kind of code this is.
    public var symbology: CodeSymbology
    /// The payload as text (UTF-8; bytes that are not UTF-8 are replaced by U+FFFD).
    public var payload: String
    /// The smallest rectangle around the code's located points, in the pixels of the image it was read from.
    public var box: PixelRect
    /// The decoder's own quality count: for linear codes, how many scan lines agreed on this payload (1 for
    /// a QR code). Higher is more certain; not a probability.
    public var quality: Int

    /// Creates a symbol from its parts.
    public init(symbology: CodeSymbology, payload: String, box: PixelRect, quality: Int) {
        self.symbology = symbology
        self.payload = payload
        self.box = box
        self.quality = quality
    }
}
