public import LegibleImaging
public import LegibleOCR

/// Why a photo could not be scanned at all. (A photo that simply holds no serial is not an error: the
/// result then has no candidates and a `reason`.)
public enum SerialScanError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not a usable image: empty, damaged, unsupported, or over the size limits.
    case image(ImagingError)
    /// Tesseract failed or could not start.
    case recognition(OCRError)

    public var description: String {
        switch self {
        case .image(let error): error.description
        case .recognition(let error): error.description
        }
    }
}
