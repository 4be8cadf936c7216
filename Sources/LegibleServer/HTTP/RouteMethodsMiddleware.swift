import Hummingbird
import Synchronization

/// The routes a router ends up with, as method and path segments, for answering by path whatever the method.
/// Filled once, after every route is added (middleware must be added before the routes it wraps).
final class RouteTable: Sendable {
    private let routes = Mutex<[(method: HTTPRequest.Method, segments: [Substring])]>([])

    /// Records the router's routes; `{name}` and `:name` segments match any one segment.
    func record(_ descriptions: [Router<LegibleRequestContext>.RouteDescription]) {
        let parsed = descriptions.map { route in
            (route.method, route.path.description.split(separator: "/").map { segment -> Substring in
                segment.hasPrefix(":") || segment.hasPrefix("{") ? "*" : segment
            })
        }
        routes.withLock { $0 = parsed }
    }

    /// The methods registered for `path`, sorted by name: those of the most specific route pattern that matches
    /// it, a literal segment beating a parameter from the left (`/api/v1/documents/init-upload` is the upload
    /// route's path alone, not also a document id for `GET /api/v1/documents/{id}`).
    func methods(for path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/")
        let methods = routes.withLock { routes in
            let matching = routes.filter { route in
                route.segments.count == segments.count
                    && zip(route.segments, segments).allSatisfy { $0 == "*" || $0 == $1 }
            }
            guard let best = matching.map({ Self.literals($0.segments) }).max(by: Self.lessSpecific) else {
                return [HTTPRequest.Method]()
            }
            return matching.filter { Self.literals($0.segments) == best }.map(\.method)
        }
        return Array(Set(methods.map(\.rawValue))).sorted().compactMap { HTTPRequest.Method($0) }
    }

    /// Which segments of a route pattern are literal (true) rather than parameters.
    private static func literals(_ segments: [Substring]) -> [Bool] { segments.map { $0 != "*" } }

    /// Whether pattern `a` is less specific than `b`: at the first segment where they differ, `a` has a parameter.
    private static func lessSpecific(_ a: [Bool], _ b: [Bool]) -> Bool {
        guard let (literalInA, _) = zip(a, b).first(where: { $0 != $1 }) else { return false }
        return !literalInA
    }
}

/// A path that exists under other methods answers 405 `METHOD_NOT_ALLOWED` with an `Allow` header (RFC 9110,
/// 15.5.6) instead of 404. (`HEAD` on a `GET` route is the router's `autoGenerateHeadEndpoints`.)
///
/// A path that is a literal route (`/api/v1/documents/init-upload`) is refused under another method before
/// routing: the router would otherwise hand it to a parameter route of that method (`GET /api/v1/documents/{id}`
/// with the id `init-upload`, a 400), and the answer would disagree with the `Allow` header and the OpenAPI
/// document.
struct RouteMethodsMiddleware: RouterMiddleware {
    typealias Context = LegibleRequestContext
    let table: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        try refuseWrongMethod(request)
        return try await next(request, context)
    }

    /// Throws 405 with `Allow` when routes serve the request's path but none under its method.
    private func refuseWrongMethod(_ request: Request) throws {
        var allowed = table.methods(for: request.uri.path)
        if allowed.contains(.get) { allowed.append(.head) }
        guard !allowed.isEmpty, !allowed.contains(request.method) else { return }
        var headers = HTTPFields()
        headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
        throw APIError(
            status: .methodNotAllowed, code: "METHOD_NOT_ALLOWED",
            message: "\(request.method.rawValue) is not allowed on \(request.uri.path); allowed: \(headers[.allow] ?? "")",
            headers: headers)
    }
}
