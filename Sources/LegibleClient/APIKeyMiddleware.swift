import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sends the configured API key as `X-API-Key` with every request.
struct APIKeyMiddleware: ClientMiddleware {
    var apiKey: String?

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if let apiKey, let name = HTTPField.Name("X-API-Key") { request.headerFields[name] = apiKey }
        return try await next(request, body, baseURL)
    }
}
