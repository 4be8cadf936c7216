/// What stopped a form from being filled.
///
/// Every case says what to change: the value, the file or the limit.
public enum FillError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The values could not be read (not JSON, not UTF-8, not an object or a list of values).
    case invalidValues(reason: String)
    /// A signature value names a PNG (file or data URL) that cannot be used.
    case unreadableSignatureImage(field: String, reason: String)
    /// The PDF could not be opened, read or saved.
    case document(reason: String)
    /// Interactive filling was asked of a document without AcroForm fields.
    case noInteractiveFields
    /// Cairo or Pango failed while composing the output (usually out of memory).
    case drawingFailed(operation: String, reason: String)
    /// The form cannot be filled interactively (the reason says why); an overlay fill still works.
    case interactiveUnsupported(reason: String)

    /// A message a person can act on.
    public var description: String {
        switch self {
        case .invalidValues(let reason):
            return "values are not usable: \(reason); pass a JSON object keyed by field id, name or label, "
                + "or a list of {\"fieldRegionId\", \"value\"}"
        case .unreadableSignatureImage(let field, let reason):
            return "signature image for \(field) is not usable: \(reason); pass a PNG file path or a "
                + "data:image/png;base64 URL, or text"
        case .document(let reason):
            return "PDF: \(reason)"
        case .noInteractiveFields:
            return "the document has no AcroForm fields to fill interactively; fill it as an overlay (--flatten)"
        case .drawingFailed(let operation, let reason):
            return "composing the filled PDF failed in \(operation): \(reason)"
        case .interactiveUnsupported(let reason):
            return "this form cannot be filled interactively: \(reason); fill it as an overlay (--flatten)"
        }
    }
}
