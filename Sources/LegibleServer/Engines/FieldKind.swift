/// Field types as sent on the wire.
public enum FieldKind: String, Sendable, Codable, CaseIterable {
    /// One line of text.
    case text
    /// Several lines of text.
    case multiline
    /// A tick box.
    case checkbox
    /// A date.
    case date
    /// A number.
    case number
    /// A signature.
    case signature
    /// Not classified.
    case unknown
}
