import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// Checks `X-API-Key` or `Authorization: Bearer` against the configured keys and records the caller.
/// With no keys configured every request passes as "anonymous".
struct APIKeyMiddleware: RouterMiddleware {
    typealias Context = LegibleRequestContext

    /// Key -> owner fingerprint.
    let owners: [String: String]

    init(keys: [String]) {
        var owners: [String: String] = [:]
        for key in keys { owners[key] = Self.fingerprint(key) }
        self.owners = owners
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
        guard let key = Self.presentedKey(request) else {
            throw APIError.unauthorized("missing API key: send X-API-Key or Authorization: Bearer")
        }
        guard let owner = owners[key] else { throw APIError.unauthorized("invalid API key") }
        context.owner = owner
        context.logger[metadataKey: "owner"] = "\(owner)"
        return try await next(request, context)
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
