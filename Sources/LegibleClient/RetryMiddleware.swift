import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sends a request again when the server answers 429 or 503 with `Retry-After`, after waiting that long.
///
/// A 429 is the key's rate limit, a busy server or a full queue; all pass within the time the server names.
/// Only requests whose body can be sent twice are retried (an upload streamed once from a source that cannot
/// be re-read is not), at most `maxRetries` times, and never for a wait over `maxWait` seconds: that answer is
/// returned, and becomes a ``LegibleClientError/api(_:)`` with the wait in ``ServerError/retryAfter``.
struct RetryMiddleware: ClientMiddleware {
    var maxRetries: Int
    var maxWait: TimeInterval
    var window: RateLimitWindow

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var attempt = 0
        while true {
            let (response, responseBody) = try await next(request, body, baseURL)
            await window.record(response.headerFields)
            guard response.status == .tooManyRequests || response.status == .serviceUnavailable,
                attempt < maxRetries,
                let wait = response.headerFields[.retryAfter].flatMap({ TimeInterval($0) }), wait <= maxWait,
                body.map({ $0.iterationBehavior == .multiple }) ?? true
            else { return (response, responseBody) }
            attempt += 1
            // A Retry-After of 0 still waits a little, so that a busy server is not asked again at once.
            try await Task.sleep(nanoseconds: UInt64(max(wait, 0.1) * 1e9))
        }
    }
}
