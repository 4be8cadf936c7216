import Foundation
import OpenAPIRuntime

/// Everything a ``LegibleAPI`` call can throw besides `CancellationError`.
///
/// An answer from the server (``api(_:)``) is told apart from no answer at all (``network(_:)``), so that an app
/// can show the server's message, or retry when the network comes back.
public enum LegibleClientError: Error, Sendable, CustomStringConvertible {
    /// The server answered with its error envelope (`{"error": {"code", "message", "statusCode"}}`).
    case api(ServerError)
    /// No answer: the server could not be reached, the connection dropped or the request timed out. The text
    /// is the transport's own description.
    case network(String)
    /// The server answered something its OpenAPI document does not describe (a body that does not decode, an
    /// undocumented status without the error envelope); the text says what.
    case unexpectedResponse(String)
    /// A job ended `failed` on the server; the message is the server's reason.
    case jobFailed(jobID: String, message: String)
    /// A job was cancelled on the server by someone else (another client, an operator).
    case jobCancelled(jobID: String)
    /// A job was still unfinished after the configured ``LegibleClientConfiguration/jobTimeout`` (seconds); it
    /// has been cancelled on the server.
    case timedOut(jobID: String, seconds: Double)

    /// The error in one line, for logs.
    public var description: String {
        switch self {
        case .api(let error): "\(error.statusCode) \(error.code.rawValue): \(error.message)"
        case .network(let message): "network error: \(message)"
        case .unexpectedResponse(let message): "unexpected response: \(message)"
        case .jobFailed(let jobID, let message): "job \(jobID) failed: \(message)"
        case .jobCancelled(let jobID): "job \(jobID) was cancelled on the server"
        case .timedOut(let jobID, let seconds): "job \(jobID) was unfinished after \(seconds) s and was cancelled"
        }
    }

    /// The error a call of the generated ``LegibleAPI/client`` threw, taken out of the generated client's
    /// `ClientError`; nil for any other error (a `CancellationError` among them).
    public init?(unwrapping error: any Error) {
        if let error = error as? LegibleClientError {
            self = error
        } else if let error = error as? ClientError, let inner = error.underlyingError as? LegibleClientError {
            self = inner
        } else {
            return nil
        }
    }

    /// The server's error when this is ``api(_:)``, else nil.
    public var serverError: ServerError? {
        if case .api(let error) = self { error } else { nil }
    }
}

/// The server's error envelope, with the wait it asked for when it named one.
public struct ServerError: Sendable, Hashable, CustomStringConvertible {
    /// The machine-readable code, such as ``ServerErrorCode/notFound``.
    public var code: ServerErrorCode
    /// The server's explanation, for logs and, often, for people.
    public var message: String
    /// The HTTP status, such as 404.
    public var statusCode: Int
    /// Seconds the server asked to wait before retrying (`Retry-After`), with 429 and some 503 answers.
    public var retryAfter: Int?

    /// An error as the server reports it.
    public init(code: ServerErrorCode, message: String, statusCode: Int, retryAfter: Int? = nil) {
        self.code = code
        self.message = message
        self.statusCode = statusCode
        self.retryAfter = retryAfter
    }

    /// The error in an answer's body, the envelope `{"error": {"code", "message", "statusCode"}}`, with the
    /// answer's status and `Retry-After` (seconds); nil when the body is not the envelope.
    init?(envelope body: Data, statusCode: Int, retryAfter: String?) {
        struct Envelope: Decodable {
            struct Body: Decodable {
                var code: String
                var message: String
            }
            var error: Body
        }
        guard let envelope = try? JSONDecoder().decode(Envelope.self, from: body) else { return nil }
        self.init(
            code: ServerErrorCode(rawValue: envelope.error.code), message: envelope.error.message,
            statusCode: statusCode, retryAfter: retryAfter.flatMap { Int($0) })
    }

    /// `<status> <code>: <message>`, for logs.
    public var description: String { "\(statusCode) \(code.rawValue): \(message)" }
}

/// A server error code. The codes the server documents are constants; a code a newer server adds still
/// arrives, as its raw value.
public struct ServerErrorCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code as the server sends it, such as `NOT_FOUND`.
    public var rawValue: String
    /// The code `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The raw value.
    public var description: String { rawValue }

    /// 400: a malformed request (bad JSON, multipart or id, a value out of range).
    public static let validationError = ServerErrorCode(rawValue: "VALIDATION_ERROR")
    /// 401: a missing or unknown API key.
    public static let unauthorized = ServerErrorCode(rawValue: "UNAUTHORIZED")
    /// 403: a download link that is tampered with or expired.
    public static let forbidden = ServerErrorCode(rawValue: "FORBIDDEN")
    /// 404: no such job or document for this key (or no such route).
    public static let notFound = ServerErrorCode(rawValue: "NOT_FOUND")
    /// 409: the request does not fit the job's or document's state (compose while filling, download before
    /// filled, cancelling a finished job).
    public static let conflict = ServerErrorCode(rawValue: "CONFLICT")
    /// 429: the key's rate limit, a busy server or a full queue; see ``ServerError/retryAfter``.
    public static let rateLimitExceeded = ServerErrorCode(rawValue: "RATE_LIMIT_EXCEEDED")
    /// 413: an upload over the server's limit (named in the message).
    public static let payloadTooLarge = ServerErrorCode(rawValue: "PAYLOAD_TOO_LARGE")
    /// 415: a file that is not a supported image or PDF.
    public static let unsupportedMediaType = ServerErrorCode(rawValue: "UNSUPPORTED_MEDIA_TYPE")
    /// 422: a file that could not be decoded or processed safely (encrypted, damaged, a decompression bomb).
    public static let unprocessableEntity = ServerErrorCode(rawValue: "UNPROCESSABLE_ENTITY")
    /// 422 from a synchronous scan: no serial was read (the reason in the message).
    public static let noSerialFound = ServerErrorCode(rawValue: "NO_SERIAL_FOUND")
    /// 405: a method the route does not take.
    public static let methodNotAllowed = ServerErrorCode(rawValue: "METHOD_NOT_ALLOWED")
    /// 503: the server cannot serve now (engines or database unavailable).
    public static let serviceUnavailable = ServerErrorCode(rawValue: "SERVICE_UNAVAILABLE")
    /// 500: a fault on the server.
    public static let internalError = ServerErrorCode(rawValue: "INTERNAL_ERROR")
}
