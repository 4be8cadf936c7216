public import Foundation
public import Hummingbird
import NIOCore
import Synchronization

/// Per-request context: Hummingbird's core storage plus who is calling.
public struct LegibleRequestContext: RequestContext {
    /// Hummingbird's core storage.
    public var coreContext: CoreRequestContextStorage
    /// Owner fingerprint of the caller, set by `APIKeyMiddleware`; "anonymous" when the server is open.
    public var owner: String = "anonymous"
    /// The peer's IP address, when the connection has one; rate limits key on it when the server is open.
    public let remoteAddress: String?
    /// Whether the request's body has been read: Hummingbird lets a body be iterated once.
    let bodyRead = BodyReadMark()
    /// The connection, closed for reading when a refused body is larger than the server will read away.
    let channel: any Channel

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
        channel = source.channel
    }
}

/// Set once a request's body starts being read (``Request/collectBody(limit:budget:context:)``,
/// ``Request/discardRestOfBody(context:)``), so that nothing iterates it a second time.
final class BodyReadMark: Sendable {
    private let read = Mutex(false)
    private let abandoned = Mutex(false)

    /// Marks the body read; returns whether it already was.
    func mark() -> Bool {
        read.withLock { read in
            defer { read = true }
            return read
        }
    }

    /// Whether reading away a refused body stopped at ``Request/discardLimit`` with more to come.
    var isAbandoned: Bool { abandoned.withLock { $0 } }

    /// Notes that a refused body was left unread past ``Request/discardLimit``.
    func abandon() { abandoned.withLock { $0 = true } }
}
