import HTTPTypes
import Hummingbird
import Logging

extension HTTPField.Name {
    /// `X-Request-ID`: the id of one request, in its log lines and its response.
    static let requestID = HTTPField.Name("X-Request-ID")!
}

/// Gives every request an id that its log lines carry (`hb.request.id`) and its response returns in
/// `X-Request-ID`, so that a client's report of a call can be found in the server's logs: the id the client
/// sent, when it is usable, else the one Hummingbird made.
///
/// A usable id is 1 to 128 characters of letters, digits and `-._:` (what proxies and tracing tools send, a
/// UUID or a trace id); anything else is ignored, so no client can write other text into the logs.
struct RequestIDMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Longest id taken from a client.
    static var maximumLength: Int { 128 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var context = context
        if let sent = request.headers[.requestID], Self.isUsable(sent) {
            context.logger[metadataKey: "hb.request.id"] = .string(sent)
        }
        let id = context.id
        var response = try await next(request, context)
        response.headers[.requestID] = id
        return response
    }

    /// Whether a client's id may be used as is.
    static func isUsable(_ id: String) -> Bool {
        (1...maximumLength).contains(id.utf8.count)
            && id.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                    UInt8(ascii: ":"):
                    true
                default: false
                }
            }
    }
}
