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
    /// When set, a JPEG at least twice this many pixels on its longer side is decoded at 1/2, 1/4 or 1/8 of
    /// its size, the smallest of them whose longer side is still at least this. libjpeg scales while it
    /// decodes, so a 12 MP photo decoded at half size takes a fraction of the full decode. Other formats
    /// are always decoded whole. Nil (the default) decodes every image at full size.
    public var jpegMinimumLongerSide: Int?

    /// Creates decode options; the defaults suit phone photos sent to a server.
    public init(
        maxPixels: Int = 40_000_000, maxBytes: Int = 64 << 20, appliesOrientation: Bool = true,
        jpegMinimumLongerSide: Int? = nil
    ) {
        self.maxPixels = maxPixels
        self.maxBytes = maxBytes
        self.appliesOrientation = appliesOrientation
        self.jpegMinimumLongerSide = jpegMinimumLongerSide
    }

    /// The factor (1, 2, 4 or 8) a JPEG of this size is reduced by while decoding.
    func jpegReduction(width: Int, height: Int) -> Int {
        guard let minimum = jpegMinimumLongerSide, minimum > 0 else { return 1 }
        let longer = max(width, height)
        var reduction = 1
        // libjpeg rounds a reduced side up, so a side of exactly twice the minimum still reaches it.
        while reduction < 8, longer / (reduction * 2) >= minimum { reduction *= 2 }
        return reduction
    }

    /// The default limits.
    public static let `default` = DecodeOptions()
}
