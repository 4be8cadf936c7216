public import Foundation
public import Hummingbird
import NIOCore

/// Per-request context: Hummingbird's core storage plus who is calling.
public struct LegibleRequestContext: RequestContext {
    /// Hummingbird's core storage.
    public var coreContext: CoreRequestContextStorage
    /// Owner fingerprint of the caller, set by `APIKeyMiddleware`; "anonymous" when the server is open.
    public var owner: String = "anonymous"
    /// The peer's IP address, when the connection has one; rate limits key on it when the server is open.
    public let remoteAddress: String?

    /// JSON with ISO 8601 dates, sorted keys and unescaped slashes.
    public var responseEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Creates the context for one request.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress
    }
}
