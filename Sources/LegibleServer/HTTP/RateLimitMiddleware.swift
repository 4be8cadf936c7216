import Hummingbird

/// Applies a `RequestCounter` per key (per client address when the server is open) and adds the `X-RateLimit-*` headers to every answer, errors included.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = LegibleRequestContext

    let limiter: any RequestCounter

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        // With keys, the budget is per key; on an open server, per client address.
        let bucket = context.owner == "anonymous" ? "ip:\(context.remoteAddress ?? "unknown")" : context.owner
        let decision = await limiter.consume(bucket)
        var headers: HTTPFields = [:]
        headers[.rateLimitLimit] = String(decision.limit)
        headers[.rateLimitRemaining] = String(decision.remaining)
        headers[.rateLimitReset] = String(decision.resetAt)
        guard decision.allowed else {
            headers[.retryAfter] = String(decision.retryAfter)
            throw APIError(
                status: .tooManyRequests, code: "RATE_LIMIT_EXCEEDED",
                message: "rate limit of \(decision.limit) requests exceeded; retry in \(decision.retryAfter) s",
                headers: headers)
        }
        do {
            var response = try await next(request, context)
            response.headers.append(contentsOf: headers)
            return response
        } catch var error as APIError {
            error.headers.append(contentsOf: headers)
            throw error
        } catch let error as HTTPError {
            var wrapped = ErrorEnvelopeMiddleware<Context>.envelope(
                for: error.status, message: error.body, request: request)
            wrapped.headers.append(contentsOf: headers)
            throw wrapped
        }
    }
}
