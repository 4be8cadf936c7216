/// The classes detection is scored in: the acceptance rules fold `radio` into `checkbox` and `comb`/`choice`
/// into `text`; detected `date` and `number` fields are text fields too.
public enum ScoringCategory: String, Sendable, Codable, CaseIterable, Hashable {
    /// Single-line text, comb, choice, date and number fields.
    case text
    /// Multi-line text areas.
    case multiline
    /// Check boxes and radio buttons.
    case checkbox
    /// Signature fields.
    case signature
    /// A detected region of unknown type (never counted as the right type).
    case unknown

    /// The category of a truth field type (`text|multiline|comb|checkbox|radio|choice|signature`); nil for
    /// types that are not scored (`pushbutton`, unknown names).
    public init?(truthType: String) {
        switch truthType {
        case "text", "comb", "choice": self = .text
        case "multiline": self = .multiline
        case "checkbox", "radio": self = .checkbox
        case "signature": self = .signature
        default: return nil
        }
    }

    /// The category of a detected field type.
    public init(_ type: FieldType) {
        switch type {
        case .text, .date, .number: self = .text
        case .multiline: self = .multiline
        case .checkbox: self = .checkbox
        case .signature: self = .signature
        case .unknown: self = .unknown
        }
    }
}
