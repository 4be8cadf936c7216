/// The encoded image formats Legible decodes, recognised from their leading bytes.
public enum ImageFormat: String, Sendable, Codable, CaseIterable {
    case png, jpeg, tiff, webp, bmp, pnm, gif
    /// HEIC (HEVC in the HEIF container), an iPhone camera's default; decoded with libheif.
    case heic

    /// The usual upper-case name ("JPEG", "PNG").
    public var displayName: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .tiff: "TIFF"
        case .webp: "WebP"
        case .bmp: "BMP"
        case .pnm: "PNM"
        case .gif: "GIF"
        case .heic: "HEIC"
        }
    }

    /// The MIME type of the format.
    public var mimeType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .tiff: "image/tiff"
        case .webp: "image/webp"
        case .bmp: "image/bmp"
        case .pnm: "image/x-portable-anymap"
        case .gif: "image/gif"
        case .heic: "image/heic"
        }
    }

    /// Recognises a format from the first bytes of a file; nil when none matches.
    ///
    /// Reads at most 64 bytes. This looks at content only, never at a file name or a declared MIME type.
    public static func sniff<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> ImageFormat? {
        let head = Array(bytes.prefix(64))
        if isHEIC(head) { return .heic }
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("BM".utf8)) && head.count >= 6 { return .bmp }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if head.count >= 3, head[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(head[1]),
            [0x20, 0x09, 0x0A, 0x0D].contains(head[2])
        {
            return .pnm
        }
        return nil
    }

    /// HEIF brands whose images are HEVC-coded (ISO/IEC 23008-12 annex B): the main brand, or for the
    /// general `mif1` / `msf1` brands one of the compatible brands the `ftyp` box lists.
    static let heicBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx"]

    /// True for an ISO media file whose `ftyp` box names a HEVC-coded HEIF brand.
    static func isHEIC(_ head: [UInt8]) -> Bool {
        guard let major = majorBrand(head) else { return false }
        if heicBrands.contains(major) { return true }
        guard major == "mif1" || major == "msf1" else { return false }
        // Box size, then "ftyp", major brand, minor version, then four-byte compatible brands.
        let size = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
        var offset = 16
        while offset + 4 <= min(size, head.count) {
            if heicBrands.contains(String(decoding: head[offset..<offset + 4], as: UTF8.self)) { return true }
            offset += 4
        }
        return false
    }

    /// The major brand of an ISO media file (its `ftyp` box first: size, "ftyp", brand), nil for other bytes.
    static func majorBrand(_ head: [UInt8]) -> String? {
        guard head.count >= 12, String(decoding: head[4..<8], as: UTF8.self) == "ftyp" else { return nil }
        return String(decoding: head[8..<12], as: UTF8.self)
    }

    /// Names formats we recognise but do not decode, so an error can say what was sent.
    static func describeUnsupported<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
        let head = Array(bytes.prefix(16))
        let text = String(decoding: head, as: UTF8.self)
        if text.hasPrefix("%PDF") { return "PDF" }
        if let brand = majorBrand(head) {
            if brand.hasPrefix("avi") { return "AVIF" }
            if ["mif1", "msf1"].contains(brand) { return "HEIF (not HEVC-coded)" }
            return "an ISO media file (\(brand))"
        }
        if head.count >= 4, head[0] == 0x00, head[1] == 0x00, head[2] == 0x00, head[3] == 0x0C { return "JPEG 2000" }
        if text.hasPrefix("<svg") || text.hasPrefix("<?xml") { return "SVG/XML" }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return "ZIP" }
        return nil
    }
}
