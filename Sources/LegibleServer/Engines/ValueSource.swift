/// Origin of a field value (`source` on the wire).
public enum ValueSource: String, Sendable, Codable, CaseIterable {
    /// Typed by the user.
    case manual
    /// Filled from the user's saved data.
    case autofill
    /// Suggested by a model.
    case ai
}
