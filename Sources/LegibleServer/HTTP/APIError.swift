import Foundation
public import Hummingbird

/// An error answered with the envelope `{"error": {"code", "message", "statusCode"}}`.
public struct APIError: Error, HTTPResponseError, Sendable, CustomStringConvertible {
    /// HTTP status.
    public var status: HTTPResponse.Status
    /// Machine-readable code such as `VALIDATION_ERROR`.
    public var code: String
    /// What went wrong, for a person.
    public var message: String
    /// Extra response headers (rate-limit headers, `Retry-After`).
    public var headers: HTTPFields

    /// Creates an error.
    public init(status: HTTPResponse.Status, code: String, message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    /// `"<code>: <message>"`.
    public var description: String { "\(code): \(message)" }

    /// The envelope response.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = ErrorEnvelope(error: .init(code: code, message: message, statusCode: Int(status.code)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(body)
        var headers = self.headers
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func validation(_ message: String) -> APIError {
        APIError(status: .badRequest, code: "VALIDATION_ERROR", message: message)
    }
    static func notFound(_ message: String) -> APIError {
        APIError(status: .notFound, code: "NOT_FOUND", message: message)
    }
    static func conflict(_ message: String) -> APIError {
        APIError(status: .conflict, code: "CONFLICT", message: message)
    }
    static func unauthorized(_ message: String) -> APIError {
        APIError(
            status: .unauthorized, code: "UNAUTHORIZED", message: message,
            headers: [.wwwAuthenticate: "Bearer"])
    }
    static func forbidden(_ message: String) -> APIError {
        APIError(status: .forbidden, code: "FORBIDDEN", message: message)
    }
    static func payloadTooLarge(limit: Int) -> APIError {
        APIError(
            status: .contentTooLarge, code: "PAYLOAD_TOO_LARGE",
            message: "request body is larger than the limit of \(limit) bytes")
    }
    static func unsupportedMediaType(_ message: String) -> APIError {
        APIError(status: .unsupportedMediaType, code: "UNSUPPORTED_MEDIA_TYPE", message: message)
    }
    static func unprocessable(_ message: String) -> APIError {
        APIError(status: .unprocessableContent, code: "UNPROCESSABLE_ENTITY", message: message)
    }
    /// `POST /process-serial` on a photo where no serial was read: 422 `NO_SERIAL_FOUND`. (A results body needs a
    /// `top_result`; the queued route answers `results: null` with the same message instead.)
    static func noSerialFound(_ message: String) -> APIError {
        APIError(status: .unprocessableContent, code: "NO_SERIAL_FOUND", message: message)
    }
    static func unavailable(_ message: String) -> APIError {
        APIError(status: .serviceUnavailable, code: "SERVICE_UNAVAILABLE", message: message)
    }
    /// 503 while the database does not answer, with `Retry-After: 2`: outages the server rides out are short, and
    /// clients that honour the header (LegibleClient does) come back on their own.
    static func databaseUnavailable(_ kind: String? = nil) -> APIError {
        var headers = HTTPFields()
        headers[.retryAfter] = "2"
        return APIError(
            status: .serviceUnavailable, code: "SERVICE_UNAVAILABLE",
            message: "the \(kind.map { $0 + " " } ?? "")database is not answering; retry shortly", headers: headers)
    }
    static func busy(_ message: String) -> APIError {
        var headers = HTTPFields()
        headers[.retryAfter] = "1"
        return APIError(status: .tooManyRequests, code: "RATE_LIMIT_EXCEEDED", message: message, headers: headers)
    }
    static func internalError(_ message: String) -> APIError {
        APIError(status: .internalServerError, code: "INTERNAL_ERROR", message: message)
    }

    /// Maps a store outcome to its HTTP error.
    static func from(_ error: StoreError, what: String) -> APIError {
        switch error {
        case .notFound: .notFound("\(what) not found")
        case .conflict(let message): .conflict(message)
        case .unknownRegions(let ids):
            .validation("unknown fieldRegionId: \(ids.prefix(10).joined(separator: ", "))")
        case .unavailable: .unavailable("the database is not answering; retry shortly")
        }
    }

    /// Maps an engine failure in a synchronous route.
    static func from(engine error: any Error) -> APIError {
        switch error {
        case let error as EngineError:
            switch error {
            case .invalidInput(let message): .unprocessable(message)
            case .unavailable: .unavailable("the database is not answering; retry shortly")
            }
        case let error as APIError: error
        default: .unprocessable(String(describing: error))
        }
    }
}
