public import Foundation
public import Hummingbird

/// Per-request context: Hummingbird's core storage plus who is calling.
public struct LegibleRequestContext: RequestContext {
    /// Hummingbird's core storage.
    public var coreContext: CoreRequestContextStorage
    /// Owner fingerprint of the caller, set by `APIKeyMiddleware`; "anonymous" when the server is open.
    public var owner: String = "anonymous"

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
    }
}
