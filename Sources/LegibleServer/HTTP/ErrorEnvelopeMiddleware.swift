import Foundation
import Hummingbird
import Logging

/// Turns every error — ours, Hummingbird's (unknown route, body too large) or unexpected — into the envelope.
struct ErrorEnvelopeMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            // A refused request's body is read away first (`Request.discardRestOfBody`), unless a handler has
            // read it; one longer than the server reads away ends the connection: its reading side is shut now,
            // so the answer is the connection's last.
            var response = try envelope(for: error, request: request, context: context)
            guard let legible = context as? LegibleRequestContext else { return response }
            await request.discardRestOfBody(context: legible)
            if legible.bodyRead.isAbandoned {
                response.headers[.connection] = "close"
                legible.channel.close(mode: .input, promise: nil)
            }
            return response
        }
    }

    private func envelope(for error: any Error, request: Request, context: Context) throws -> Response {
        switch error {
        case let error as APIError:
            return try error.response(from: request, context: context)
        case StoreError.unavailable(let message):
            context.logger.error("database unavailable", metadata: ["error": "\(message)", "path": "\(request.uri.path)"])
            return try APIError.databaseUnavailable().response(from: request, context: context)
        case let error as any HTTPResponseError:
            let envelope = Self.envelope(for: error.status, message: (error as? HTTPError)?.body, request: request)
            return try envelope.response(from: request, context: context)
        default:
            context.logger.error(
                "unhandled error", metadata: ["error": "\(String(reflecting: error))", "path": "\(request.uri.path)"])
            return try APIError.internalError("internal error").response(from: request, context: context)
        }
    }

    static func envelope(for status: HTTPResponse.Status, message: String?, request: Request) -> APIError {
        switch status.code {
        case 404: .notFound(message ?? "no route for \(request.method.rawValue) \(request.uri.path)")
        case 405:
            APIError(
                status: status, code: "METHOD_NOT_ALLOWED",
                message: message ?? "\(request.method.rawValue) is not allowed on \(request.uri.path)")
        case 413: APIError(status: status, code: "PAYLOAD_TOO_LARGE", message: message ?? "request body too large")
        case 415: .unsupportedMediaType(message ?? "unsupported media type")
        case 400...499: APIError(status: status, code: "VALIDATION_ERROR", message: message ?? status.reasonPhrase)
        default: APIError(status: status, code: "INTERNAL_ERROR", message: message ?? status.reasonPhrase)
        }
    }
}
