/// The server's version string.
public enum LegibleServerVersion {
    /// Version reported by `/health` and the OpenAPI document.
    public static let current = "0.1.0"
}
