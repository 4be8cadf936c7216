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

    /// The methods registered for `path`, sorted by name.
    func methods(for path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/")
        let methods = routes.withLock { routes in
            routes.filter { route in
                route.segments.count == segments.count
                    && zip(route.segments, segments).allSatisfy { $0 == "*" || $0 == $1 }
            }.map(\.method)
        }
        return Array(Set(methods.map(\.rawValue))).sorted().compactMap { HTTPRequest.Method($0) }
    }
}

/// A path that exists under other methods answers 405 `METHOD_NOT_ALLOWED` with an `Allow` header (RFC 9110,
/// 15.5.6) instead of 404. (`HEAD` on a `GET` route is the router's `autoGenerateHeadEndpoints`.)
struct RouteMethodsMiddleware: RouterMiddleware {
    typealias Context = LegibleRequestContext
    let table: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            let response = try await next(request, context)
            guard response.status == .notFound else { return response }
            try refuseWrongMethod(request)
            return response
        } catch let error as HTTPError where error.status == .notFound {
            try refuseWrongMethod(request)
            throw error
        }
    }

    private func refuseWrongMethod(_ request: Request) throws {
        var allowed = table.methods(for: request.uri.path)
        guard !allowed.isEmpty, !allowed.contains(request.method) else { return }
        if allowed.contains(.get) { allowed.append(.head) }
        var headers = HTTPFields()
        headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
        throw APIError(
            status: .methodNotAllowed, code: "METHOD_NOT_ALLOWED",
            message: "\(request.method.rawValue) is not allowed on \(request.uri.path); allowed: \(headers[.allow] ?? "")",
            headers: headers)
    }
}
