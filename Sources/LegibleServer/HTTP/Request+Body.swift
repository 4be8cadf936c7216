import Foundation
import Hummingbird

extension Request {
    /// Collects the body, refusing more than `limit` bytes (413) — before reading when `Content-Length` says so —
    /// and holding every chunk against `budget` until the body is complete.
    /// - Throws: `APIError.payloadTooLarge`; 429 when the server's in-flight upload bytes are used up; 400 when the
    ///   client stops sending mid-body (an aborted upload is the client's doing, not a server error).
    func collectBody(limit: Int, budget: UploadBudget) async throws -> [UInt8] {
        if let length = headers[.contentLength].flatMap({ Int($0) }), length > limit {
            throw APIError.payloadTooLarge(limit: limit)
        }
        var bytes: [UInt8] = []
        defer { budget.release(bytes.count) }
        do {
            for try await buffer in body {
                guard bytes.count + buffer.readableBytes <= limit else { throw APIError.payloadTooLarge(limit: limit) }
                guard budget.reserve(buffer.readableBytes) else {
                    throw APIError.busy(
                        "the server is receiving \(budget.limit) bytes of uploads at once, its limit; retry shortly")
                }
                bytes.append(contentsOf: buffer.readableBytesView)
            }
        } catch let error as APIError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw APIError.validation("the request body ended early after \(bytes.count) bytes: \(error)")
        }
        return bytes
    }

    /// Parses a `multipart/form-data` body of at most `limit` bytes.
    /// - Throws: 415 when the body is not multipart, 400 when it is malformed, 413 when too large.
    func multipartForm(limit: Int, budget: UploadBudget) async throws -> MultipartFormData {
        let contentType = headers[.contentType]
        if contentType.flatMap({ HeaderValue($0) })?.value.lowercased() != "multipart/form-data" {
            throw APIError.unsupportedMediaType(
                "expected multipart/form-data, got \(contentType ?? "no Content-Type")")
        }
        let bytes = try await collectBody(limit: limit, budget: budget)
        do {
            return try MultipartFormData(contentType: contentType, body: bytes)
        } catch let error as MultipartFormData.ParseError {
            throw APIError.validation(error.description)
        }
    }
}

/// Parses a path parameter as a UUID, answering 400 when it is not one.
func uuidParameter(_ context: some RequestContext, _ name: String, what: String) throws -> String {
    guard let text = context.parameters.get(name), let uuid = UUID(uuidString: text) else {
        throw APIError.validation("\(what) must be a UUID")
    }
    return uuid.uuidString.lowercased()
}
