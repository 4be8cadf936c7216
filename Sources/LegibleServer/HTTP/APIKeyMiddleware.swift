import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// Checks `X-API-Key` or `Authorization: Bearer` against the configured keys and records the caller.
/// With no keys configured every request passes as "anonymous".
///
/// Failed authentications are counted per client address: once an address has failed `failures.limit` times in
/// one window, every request from it is answered 429 until the window ends, a right key included (answering a
/// right key differently would tell a guesser when it has found one).
struct APIKeyMiddleware: RouterMiddleware {
    typealias Context = LegibleRequestContext

    /// Key -> owner fingerprint.
    let owners: [String: String]
    /// Failed authentications per client address.
    let failures: (any RequestCounter)?

    init(keys: [String], failures: (any RequestCounter)? = nil) {
        var owners: [String: String] = [:]
        for key in keys { owners[key] = Self.fingerprint(key) }
        self.owners = owners
        self.failures = failures
    }

    /// A stable, non-secret id for a key (first 16 hex digits of its SHA-256).
    static func fingerprint(_ key: String) -> String {
        SHA256.hash(data: Data(key.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// The key a request carries, if any.
    static func presentedKey(_ request: Request) -> String? {
        if let key = request.headers[.apiKey], !key.isEmpty { return key }
        if let authorization = request.headers[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer" {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var context = context
        if owners.isEmpty {
            context.owner = "anonymous"
            return try await next(request, context)
        }
        let address = "ip:\(context.remoteAddress ?? "unknown")"
        if let failures {
            let standing = await failures.peek(address)
            if !standing.allowed { throw Self.throttled(standing) }
        }
        let key = Self.presentedKey(request)
        guard let key, let owner = owners[key] else {
            if let failures { _ = await failures.consume(address) }
            throw key == nil
                ? APIError.unauthorized("missing API key: send X-API-Key or Authorization: Bearer")
                : APIError.unauthorized("invalid API key")
        }
        context.owner = owner
        context.logger[metadataKey: "owner"] = "\(owner)"
        return try await next(request, context)
    }

    private static func throttled(_ decision: RateLimiter.Decision) -> APIError {
        var headers = HTTPFields()
        headers[.retryAfter] = String(decision.retryAfter)
        return APIError(
            status: .tooManyRequests, code: "RATE_LIMIT_EXCEEDED",
            message: "too many failed authentications from this address (limit \(decision.limit) per window); "
                + "retry in \(decision.retryAfter) s", headers: headers)
    }
}

extension HTTPField.Name {
    /// `X-API-Key`.
    static let apiKey = HTTPField.Name("X-API-Key")!
    /// `X-RateLimit-Limit`.
    static let rateLimitLimit = HTTPField.Name("X-RateLimit-Limit")!
    /// `X-RateLimit-Remaining`.
    static let rateLimitRemaining = HTTPField.Name("X-RateLimit-Remaining")!
    /// `X-RateLimit-Reset`.
    static let rateLimitReset = HTTPField.Name("X-RateLimit-Reset")!
}
