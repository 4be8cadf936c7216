/// Something about a fill the caller should know, that did not stop it.
public struct FillWarning: Hashable, Sendable, Codable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// A value's key matched no field (by id, name or label).
        case unknownKey
        /// The value did not fit the box at the smallest font size and was clipped or truncated.
        case didNotFit
        /// The value was longer than the field allows (comb cells, maximum length) and was cut.
        case truncated
        /// The field is read-only; the value was not set.
        case readOnly
        /// The value was not used (too large, empty, not valid for the field type).
        case skipped
        /// A known limitation of the output (for example appearances a viewer may not show).
        case limitation
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// The key or field the warning is about.
    public var field: String
    /// A sentence saying what happened.
    public var message: String

    /// Creates a warning.
    public init(kind: Kind, field: String, message: String) {
        self.kind = kind
        self.field = field
        self.message = message
    }

    /// `field: message`.
    public var description: String { "\(field): \(message)" }
}
