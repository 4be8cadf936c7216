import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Turns every answer of status 400 or more into ``LegibleClientError/api(_:)`` (the server's envelope) or
/// ``LegibleClientError/unexpectedResponse(_:)``, and every transport failure into
/// ``LegibleClientError/network(_:)``; a cancelled task stays a `CancellationError`.
struct ErrorEnvelopeMiddleware: ClientMiddleware {
    /// The largest error body read, in bytes; the envelope is a few hundred.
    static let maxErrorBytes = 64 * 1024

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let response: HTTPResponse
        let responseBody: HTTPBody?
        do {
            (response, responseBody) = try await next(request, body, baseURL)
        } catch let error as LegibleClientError {
            throw error
        } catch {
            if error is CancellationError || Task.isCancelled { throw CancellationError() }
            throw LegibleClientError.network("\(request.method) \(request.path ?? ""): \(error)")
        }
        guard response.status.code >= 400 else { return (response, responseBody) }
        let bytes: Data
        do {
            bytes = try await Data(collecting: responseBody ?? HTTPBody(), upTo: Self.maxErrorBytes)
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw LegibleClientError.unexpectedResponse(
                "\(response.status.code) to \(operationID) with an unreadable body: \(error)")
        }
        guard
            let error = ServerError(
                envelope: bytes, statusCode: response.status.code, retryAfter: response.headerFields[.retryAfter])
        else {
            throw LegibleClientError.unexpectedResponse(
                "\(response.status.code) to \(operationID) without the error envelope: "
                    + String(decoding: bytes.prefix(200), as: UTF8.self))
        }
        throw LegibleClientError.api(error)
    }
}
