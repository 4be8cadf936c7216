import Foundation
import Hummingbird

extension Request {
    /// Most bytes of a refused body read and thrown away before answering (below); past it the connection is
    /// closed instead.
    static let discardLimit = 64 << 20

    /// Reads and throws away the body, at most ``discardLimit`` bytes, unless something has read it already;
    /// errors end it quietly. A body longer than that is marked abandoned, and the answer closes the connection
    /// (`ErrorEnvelopeMiddleware`).
    ///
    /// With `Connection: close`, Hummingbird closes the connection after the response without reading the rest
    /// of the body, so a client that sends its whole body before reading (as many do) would wait on a full socket
    /// until its timeout instead of reading an early 401 or 413. On a kept-alive connection Hummingbird reads
    /// the rest of the body before the next request, however long it is; reading it here bounds that.
    func discardRestOfBody(context: LegibleRequestContext) async {
        guard !context.bodyRead.mark() else { return }
        await discard(from: body.makeAsyncIterator(), already: 0, context: context)
    }

    /// Reads and throws away what `iterator` still yields, until ``discardLimit`` bytes with `already` counted;
    /// past that the body is marked abandoned.
    private func discard(from iterator: RequestBody.AsyncIterator, already: Int, context: LegibleRequestContext) async {
        var iterator = iterator, discarded = already
        do {
            while let buffer = try await iterator.next() {
                discarded += buffer.readableBytes
                if discarded > Self.discardLimit {
                    context.bodyRead.abandon()
                    return
                }
            }
        } catch {}
    }

    /// Collects the body in memory, refusing more than `limit` bytes (413) — before reading when `Content-Length`
    /// says so — and holding every chunk against `budget` until the body is complete. A refused body is read to
    /// its end (at most ``discardLimit`` bytes) before the refusal is thrown.
    /// - Throws: `APIError.payloadTooLarge`; 429 when the server's in-flight upload bytes are used up; 400 when the
    ///   client stops sending mid-body (an aborted upload is the client's doing, not a server error).
    func collectBody(limit: Int, budget: UploadBudget, context: LegibleRequestContext) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        try await receiveBody(limit: limit, budget: budget, context: context) { buffer in
            bytes.append(contentsOf: buffer.readableBytesView)
        }
        return bytes
    }

    /// Receives the body into a file (``UploadSpool``) instead of memory, with the limits and errors of
    /// ``collectBody(limit:budget:context:)``, and returns it mapped from that file.
    /// - Throws: as `collectBody`; 503 when the spool file cannot be made or written (a full disk).
    func spoolBody(limit: Int, budget: UploadBudget, context: LegibleRequestContext) async throws -> Data {
        do {
            let spool = try UploadSpool()
            try await receiveBody(limit: limit, budget: budget, context: context) { buffer in
                try buffer.withUnsafeReadableBytes { try spool.append($0) }
            }
            return try spool.contents()
        } catch let failure as UploadSpool.Failure {
            await discardRestOfBody(context: context)
            throw APIError.unavailable("the server cannot take uploads now: \(failure)")
        }
    }

    /// Hands each chunk of the body to `take`, refusing more than `limit` bytes in all and holding every chunk
    /// against `budget` until the body is complete; see ``collectBody(limit:budget:context:)``. An error `take`
    /// throws is thrown on once the rest of the body is read away, as a refusal's is.
    private func receiveBody(
        limit: Int, budget: UploadBudget, context: LegibleRequestContext, take: (ByteBuffer) throws -> Void
    ) async throws {
        if let length = headers[.contentLength].flatMap({ Int($0) }), length > limit {
            await discardRestOfBody(context: context)
            throw APIError.payloadTooLarge(limit: limit)
        }
        guard !context.bodyRead.mark() else { throw APIError.internalError("the request body was read twice") }
        var received = 0
        defer { budget.release(received) }
        var refusal: (any Error)?
        var iterator = body.makeAsyncIterator()
        do {
            while let buffer = try await iterator.next() {
                if received + buffer.readableBytes > limit {
                    refusal = APIError.payloadTooLarge(limit: limit)
                } else if !budget.reserve(buffer.readableBytes) {
                    refusal = APIError.busy(
                        "the server is receiving \(budget.limit) bytes of uploads at once, its limit; retry shortly")
                } else {
                    received += buffer.readableBytes
                    do {
                        try take(buffer)
                        continue
                    } catch {
                        refusal = error
                    }
                }
                // The refused rest is read away (or the connection closed past the limit), not kept.
                await discard(from: iterator, already: buffer.readableBytes, context: context)
                break
            }
        } catch let error as APIError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if let refusal { throw refusal }
            throw APIError.validation("the request body ended early after \(received) bytes: \(error)")
        }
        if let refusal { throw refusal }
    }

    /// Parses a `multipart/form-data` body of at most `limit` bytes, received into a spool file
    /// (``spoolBody(limit:budget:context:)``).
    /// - Throws: 415 when the body is not multipart, 400 when it is malformed, 413 when too large, 429 when the
    ///   in-flight upload bytes are used up, 503 when the upload cannot be spooled.
    func multipartForm(limit: Int, budget: UploadBudget, context: LegibleRequestContext) async throws
        -> MultipartFormData
    {
        let contentType = headers[.contentType]
        if contentType.flatMap({ HeaderValue($0) })?.value.lowercased() != "multipart/form-data" {
            throw APIError.unsupportedMediaType(
                "expected multipart/form-data, got \(contentType ?? "no Content-Type")")
        }
        let bytes = try await spoolBody(limit: limit, budget: budget, context: context)
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
