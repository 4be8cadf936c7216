/// Errors an engine adapter throws so the server can answer with the right status.
public enum EngineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input cannot be used (encrypted PDF, too many pages, undecodable image); shown to the client as 422.
    case invalidInput(String)
    /// The engine is not part of this build or could not start; shown as 503.
    case unavailable(String)

    /// The message for the client.
    public var description: String {
        switch self {
        case .invalidInput(let message), .unavailable(let message): message
        }
    }
}
