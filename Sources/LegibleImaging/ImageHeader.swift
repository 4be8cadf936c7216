/// Reads the pixel size that an encoded image declares, from its header alone.
///
/// Used to refuse huge images before any decoder allocates memory for them. Covers PNG, JPEG, GIF, BMP and
/// WebP directly (layouts from the PNG spec section 11.2.2, ITU T.81 annex B, GIF89a section 18, the BMP
/// BITMAPINFOHEADER and the WebP container spec); TIFF and PNM are left to Leptonica's header reader.
enum ImageHeader {
    /// `width * height`, or `Int.max` when the product does not fit: headers may declare sides of up to 2^32 - 1
    /// (PNG), whose product overflows.
    static func pixelCount(width: Int, height: Int) -> Int {
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? Int.max : product
    }

    /// Width and height, or nil when the header is too short or malformed to say.
    static func dimensions(of bytes: UnsafeRawBufferPointer, format: ImageFormat) -> (width: Int, height: Int)? {
        func be16(_ at: Int) -> Int? { at + 2 <= bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil }
        func le16(_ at: Int) -> Int? { at + 2 <= bytes.count ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : nil }
        func be32(_ at: Int) -> Int? {
            guard let high = be16(at), let low = be16(at + 2) else { return nil }
            return high << 16 | low
        }
        func le32(_ at: Int) -> Int? {
            guard let low = le16(at), let high = le16(at + 2) else { return nil }
            return high << 16 | low
        }
        func le24(_ at: Int) -> Int? {
            guard at + 3 <= bytes.count else { return nil }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16
        }

        switch format {
        case .png:
            // Signature, then the IHDR chunk: length, "IHDR", width, height (big-endian).
            guard bytes.count >= 24, bytes[12] == 0x49, bytes[13] == 0x48, bytes[14] == 0x44, bytes[15] == 0x52,
                let width = be32(16), let height = be32(20)
            else { return nil }
            return (width, height)
        case .jpeg:
            // Walk marker segments to the first start-of-frame (SOF0...SOF15 except DHT, JPG, DAC).
            var offset = 2
            while offset + 4 <= bytes.count {
                guard bytes[offset] == 0xFF else { return nil }
                let marker = bytes[offset + 1]
                if marker == 0xFF { offset += 1; continue }
                if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { offset += 2; continue }
                if marker == 0xD9 || marker == 0xDA { return nil }
                guard let length = be16(offset + 2), length >= 2 else { return nil }
                if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                    guard let height = be16(offset + 5), let width = be16(offset + 7) else { return nil }
                    return (width, height)
                }
                offset += 2 + length
            }
            return nil
        case .gif:
            guard let width = le16(6), let height = le16(8) else { return nil }
            return (width, height)
        case .bmp:
            // BITMAPINFOHEADER: signed width and height; a negative height means top-down rows.
            guard let width = le32(18), let rawHeight = le32(22) else { return nil }
            let height = Int(Int32(truncatingIfNeeded: rawHeight))
            return (Int(Int32(truncatingIfNeeded: width)), abs(height))
        case .webp:
            guard bytes.count >= 30 else { return nil }
            let chunk = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[12..<16]), as: UTF8.self)
            switch chunk {
            case "VP8 ":
                guard let width = le16(26), let height = le16(28) else { return nil }
                return (width & 0x3FFF, height & 0x3FFF)
            case "VP8L":
                guard bytes[20] == 0x2F, let bits = le32(21) else { return nil }
                return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
            case "VP8X":
                guard let width = le24(24), let height = le24(27) else { return nil }
                return (width + 1, height + 1)
            default:
                return nil
            }
        case .tiff, .pnm, .heic:
            return nil
        }
    }
}
