/// What went wrong while opening, reading or rendering a PDF.
///
/// Every case says what a caller can do about it: pass a password, send a smaller document, send a PDF.
public enum PDFError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input held no bytes.
    case empty
    /// The input is larger than the configured byte limit.
    case tooManyBytes(byteCount: Int, limit: Int)
    /// The bytes do not start like a PDF. `prefix` shows the first few bytes, printable characters only.
    case notAPDF(prefix: String)
    /// The document is encrypted and no password was given.
    case passwordRequired
    /// The document is encrypted and the given password does not open it.
    case wrongPassword
    /// The document is damaged beyond what Poppler can recover. `reason` is Poppler's message.
    case damaged(reason: String)
    /// The document has no pages.
    case noPages
    /// The document has more pages than the configured limit.
    case tooManyPages(pageCount: Int, limit: Int)
    /// A page index outside `0..<pageCount`.
    case pageOutOfRange(index: Int, pageCount: Int)
    /// The form is an XFA-only (dynamic LiveCycle) form: its fields exist only in XFA, which is not supported.
    case xfaOnly
    /// A raster would be larger than the pixel limit.
    case rasterTooLarge(width: Int, height: Int, limit: Int)
    /// The document holds an image larger than the image pixel limit; its pages are not drawn.
    case imageTooLarge(width: Int, height: Int, limit: Int)
    /// An argument is out of range (a zero DPI, an empty clip).
    case invalidArgument(operation: String, reason: String)
    /// A file could not be read.
    case unreadableFile(path: String, reason: String)
    /// An image could not be decoded or converted; `reason` is the imaging error.
    case image(reason: String)
    /// Poppler or Cairo failed without saying why (usually out of memory).
    case operationFailed(operation: String)

    public var description: String {
        switch self {
        case .empty: return "PDF is 0 bytes"
        case .tooManyBytes(let count, let limit): return "PDF is \(count) bytes; the limit is \(limit) bytes"
        case .notAPDF(let prefix):
            return prefix.isEmpty ? "not a PDF: no %PDF- header" : "not a PDF: starts with \"\(prefix)\""
        case .passwordRequired: return "PDF is encrypted; pass a password"
        case .wrongPassword: return "PDF is encrypted and the password is wrong"
        case .damaged(let reason): return "PDF is damaged and cannot be repaired: \(reason)"
        case .noPages: return "PDF has no pages"
        case .tooManyPages(let count, let limit): return "PDF has \(count) pages; the limit is \(limit) pages"
        case .pageOutOfRange(let index, let count): return "page \(index) does not exist; the PDF has \(count) pages (0-based)"
        case .xfaOnly:
            return "PDF is an XFA-only form (Adobe LiveCycle dynamic form); its fields are not in AcroForm and cannot be read"
        case .rasterTooLarge(let width, let height, let limit):
            return "raster of \(width)x\(height) pixels exceeds the limit of \(limit) pixels; use a lower DPI"
        case .imageTooLarge(let width, let height, let limit):
            return "PDF holds an image of \(width)x\(height) pixels; the limit is \(limit) pixels"
        case .invalidArgument(let operation, let reason): return "\(operation): \(reason)"
        case .unreadableFile(let path, let reason): return "cannot read \(path): \(reason)"
        case .image(let reason): return "image: \(reason)"
        case .operationFailed(let operation): return "\(operation) failed (out of memory?)"
        }
    }
}
