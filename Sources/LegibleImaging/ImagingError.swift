/// What went wrong while decoding, transforming or encoding an image.
///
/// Every case carries what a caller needs to act on: the format, the size and the limit.
public enum ImagingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input held no bytes.
    case empty
    /// The input is larger than the configured byte limit.
    case tooManyBytes(byteCount: Int, limit: Int)
    /// The bytes are not in a format this library decodes. `detected` names what they look like, when known
    /// (for example "PDF" or "AVIF").
    case unsupportedFormat(detected: String?)
    /// The header declares more pixels than the configured limit; nothing was decoded.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The header says the image has no pixels.
    case zeroSize(width: Int, height: Int)
    /// The file is of a known format but could not be decoded (truncated or damaged).
    case damaged(format: ImageFormat, reason: String)
    /// A file could not be read.
    case unreadableFile(path: String, reason: String)
    /// An operation was asked of an image whose pixel depth it cannot take.
    case unsupportedDepth(operation: String, depth: Int, expected: String)
    /// An argument is out of range (an empty crop, a zero scale).
    case invalidArgument(operation: String, reason: String)
    /// Leptonica failed without saying why (usually out of memory).
    case operationFailed(operation: String)

    public var description: String {
        switch self {
        case .empty:
            return "image is 0 bytes"
        case .tooManyBytes(let count, let limit):
            return "image is \(count) bytes; the limit is \(limit) bytes"
        case .unsupportedFormat(let detected):
            let supported = "PNG, JPEG, HEIC, TIFF, WebP, BMP, PNM or GIF"
            if let detected { return "\(detected) is not a supported image format; send \(supported)" }
            return "bytes are not a recognised image; send \(supported)"
        case .tooManyPixels(let width, let height, let limit):
            let count = ImageHeader.pixelCount(width: width, height: height)
            let total = count == Int.max ? "" : " (\(count))"
            return "image is \(width)x\(height) pixels\(total); the limit is \(limit) pixels"
        case .zeroSize(let width, let height):
            return "image header declares \(width)x\(height) pixels"
        case .damaged(let format, let reason):
            return "\(format.displayName) is damaged or truncated: \(reason)"
        case .unreadableFile(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .unsupportedDepth(let operation, let depth, let expected):
            return "\(operation) needs \(expected) pixels, the image has \(depth) bits per pixel"
        case .invalidArgument(let operation, let reason):
            return "\(operation): \(reason)"
        case .operationFailed(let operation):
            return "\(operation) failed (out of memory?)"
        }
    }
}
