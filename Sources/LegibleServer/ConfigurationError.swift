/// A configuration value that cannot be used, with what was wrong.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
    /// What was wrong, in words a user can act on.
    public let description: String

    init(_ description: String) { self.description = description }
}
