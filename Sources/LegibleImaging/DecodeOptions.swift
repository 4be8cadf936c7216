/// Limits and behaviour for decoding untrusted image bytes.
public struct DecodeOptions: Sendable, Hashable {
    /// The most pixels (width x height) a header may declare; larger images are refused before decoding.
    /// Default 40 million (40 MP), enough for any phone camera.
    public var maxPixels: Int
    /// The most encoded bytes accepted. Default 64 MiB.
    public var maxBytes: Int
    /// Whether to turn the image upright according to its EXIF orientation tag (JPEG). Default true:
    /// phones store portrait photos rotated and a person expects to see them upright.
    public var appliesOrientation: Bool

    /// Creates decode options; the defaults suit phone photos sent to a server.
    public init(maxPixels: Int = 40_000_000, maxBytes: Int = 64 << 20, appliesOrientation: Bool = true) {
        self.maxPixels = maxPixels
        self.maxBytes = maxBytes
        self.appliesOrientation = appliesOrientation
    }

    /// The default limits.
    public static let `default` = DecodeOptions()
}
