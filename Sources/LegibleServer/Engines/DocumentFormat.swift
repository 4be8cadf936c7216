/// What an upload was sniffed to be.
public enum DocumentFormat: Sendable, Equatable {
    /// A PDF file.
    case pdf
    /// An image, which becomes a one-page document.
    case image(mimeType: String)

    /// The MIME type reported in `document.mimeType`.
    public var mimeType: String {
        switch self {
        case .pdf: "application/pdf"
        case .image(let mimeType): mimeType
        }
    }

    /// Restores a format from a stored MIME type.
    init(mimeType: String) {
        self = mimeType == "application/pdf" ? .pdf : .image(mimeType: mimeType)
    }
}
