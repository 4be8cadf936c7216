import Foundation
import Hummingbird

extension Request {
    /// Most bytes of a refused body read and thrown away before answering a client that asked to close the
    /// connection (below).
    static let discardLimit = 64 << 20

    /// Whether the client asked to close the connection after this request (`Connection: close`).
    var closesConnection: Bool {
        headers[.connection].map { $0.lowercased().contains("close") } ?? false
    }

    /// Reads and throws away the body, at most ``discardLimit`` bytes, unless something has read it already;
    /// errors end it quietly.
    ///
    /// With `Connection: close`, Hummingbird closes the connection after the response without reading the rest
    /// of the body, so a client that sends its whole body before reading (as many do) would wait on a full socket
    /// until its timeout instead of reading an early 401 or 413. Kept-alive connections are drained by
    /// Hummingbird itself before the next request.
    func discardRestOfBody(context: LegibleRequestContext) async {
        guard !context.bodyRead.mark() else { return }
        var discarded = 0
        do {
            for try await buffer in body {
                discarded += buffer.readableBytes
                if discarded > Self.discardLimit { return }
            }
        } catch {}
    }

    /// Collects the body, refusing more than `limit` bytes (413) — before reading when `Content-Length` says so —
    /// and holding every chunk against `budget` until the body is complete. A refused body of a client that asked
    /// to close the connection is read to its end (at most ``discardLimit`` bytes) before the refusal is thrown.
    /// - Throws: `APIError.payloadTooLarge`; 429 when the server's in-flight upload bytes are used up; 400 when the
    ///   client stops sending mid-body (an aborted upload is the client's doing, not a server error).
    func collectBody(limit: Int, budget: UploadBudget, context: LegibleRequestContext) async throws -> [UInt8] {
        if let length = headers[.contentLength].flatMap({ Int($0) }), length > limit {
            if closesConnection { await discardRestOfBody(context: context) }
            throw APIError.payloadTooLarge(limit: limit)
        }
        guard !context.bodyRead.mark() else { throw APIError.internalError("the request body was read twice") }
        var bytes: [UInt8] = []
        defer { budget.release(bytes.count) }
        var refusal: APIError?
        var discarded = 0
        let drains = closesConnection
        do {
            for try await buffer in body {
                if refusal != nil {
                    discarded += buffer.readableBytes
                    if discarded > Self.discardLimit { break }
                    continue
                }
                if bytes.count + buffer.readableBytes > limit {
                    refusal = APIError.payloadTooLarge(limit: limit)
                } else if !budget.reserve(buffer.readableBytes) {
                    refusal = APIError.busy(
                        "the server is receiving \(budget.limit) bytes of uploads at once, its limit; retry shortly")
                } else {
                    bytes.append(contentsOf: buffer.readableBytesView)
                }
                if let refusal, !drains { throw refusal }
            }
        } catch let error as APIError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if let refusal { throw refusal }
            throw APIError.validation("the request body ended early after \(bytes.count) bytes: \(error)")
        }
        if let refusal { throw refusal }
        return bytes
    }

    /// Parses a `multipart/form-data` body of at most `limit` bytes.
    /// - Throws: 415 when the body is not multipart, 400 when it is malformed, 413 when too large.
    func multipartForm(limit: Int, budget: UploadBudget, context: LegibleRequestContext) async throws
        -> MultipartFormData
    {
        let contentType = headers[.contentType]
        if contentType.flatMap({ HeaderValue($0) })?.value.lowercased() != "multipart/form-data" {
            throw APIError.unsupportedMediaType(
                "expected multipart/form-data, got \(contentType ?? "no Content-Type")")
        }
        let bytes = try await collectBody(limit: limit, budget: budget, context: context)
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
