import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LegibleServer

@Suite("Hostile HTTP input", .timeLimit(.minutes(2)))
struct HostileInputTests {
    @Test func unknownRoutesAndMethodsGetTheEnvelope() async throws {
        try await withServer { _, client in
            try expectError(try await client.execute(uri: "/nope", method: .get), .notFound, "NOT_FOUND")
            try expectError(try await client.execute(uri: "/api/v1/nothing/here", method: .post), .notFound, "NOT_FOUND")
            let wrongMethod = try await client.execute(uri: "/scan", method: .put)
            #expect([.notFound, .methodNotAllowed].contains(wrongMethod.status))
            #expect(try errorEnvelope(wrongMethod).statusCode == Int(wrongMethod.status.code))
        }
    }

    @Test func malformedMultipartIs400AndNonMultipartIs415() async throws {
        let image = try fixture("formats/sample.png")
        try await withServer { _, client in
            let valid = multipartBody([.file("image", image), .field("device_type", "iphone")])
            var truncated = valid
            truncated.moveWriterIndex(to: valid.writerIndex - 40)
            let bodies: [(HTTPFields, ByteBuffer)] = [
                (multipartHeaders(), truncated),                                    // no closing boundary
                (multipartHeaders(boundary: "different-boundary"), valid),          // boundary not found
                (multipartHeaders(), ByteBuffer(string: "garbage")),                // not multipart at all
                (multipartHeaders(), ByteBuffer()),                                 // empty body
                ({ var h = HTTPFields(); h[.contentType] = "multipart/form-data"; return h }(), valid),  // no boundary
                (multipartHeaders(), ByteBuffer(string: "--\(testBoundary)\r\nContent-Type: text/plain\r\n\r\nx\r\n--\(testBoundary)--\r\n")),
                (multipartHeaders(), ByteBuffer(string: "--\(testBoundary)\r\nno headers here\r\n--\(testBoundary)--\r\n")),
            ]
            for uri in ["/scan", "/process-serial", "/api/v1/documents/init-upload"] {
                for (headers, body) in bodies {
                    try expectError(
                        try await client.execute(uri: uri, method: .post, headers: headers, body: body), .badRequest,
                        "VALIDATION_ERROR")
                }
                try expectError(
                    try await client.execute(uri: uri, method: .post, headers: jsonHeaders(), body: ByteBuffer(string: "{}")),
                    .unsupportedMediaType, "UNSUPPORTED_MEDIA_TYPE")
                try expectError(
                    try await client.execute(uri: uri, method: .post), .unsupportedMediaType, "UNSUPPORTED_MEDIA_TYPE")
            }
        }
    }

    @Test func healthReportsEngineAndQueue() async throws {
        try await withServer { _, client in
            let response = try await client.execute(uri: "/health", method: .get)
            #expect(response.status == .ok)
            let health = try decode(HealthController.HealthResponse.self, response)
            #expect(health.status == "ok")
            #expect(health.version == LegibleServerVersion.current)
            #expect(health.tesseractVersion == "5.3.0-stub")
            #expect(health.poolSize == 2)
            #expect(health.store == (testDatabaseBaseURL == nil ? "sqlite" : "postgres"))
            #expect(health.busyCount == 0)
            #expect(health.queueDepth == 0)
        }
        try await withServer(engines: .unavailable) { _, client in
            let response = try await client.execute(uri: "/health", method: .get)
            let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
            #expect(object?["status"] as? String == "degraded")
            #expect(object?["tesseract_version"] is NSNull)
            #expect(object?["line_reader"] is NSNull)
        }
    }

    /// A job worker running a job shows in `/health` (a worker stuck on a job was invisible there).
    @Test func healthCountsBusyJobWorkers() async throws {
        let image = try fixture("formats/sample.png")
        try await withServer(engines: .stubs(reader: StubSerialReader(blocks: true))) { server, client in
            let idle = try decode(HealthController.HealthResponse.self, try await client.execute(uri: "/health", method: .get))
            #expect(idle.workersBusy == 0)
            let job = try decode(ScanSubmitResponse.self, try await submitScan(client, image: image))
            // Wait (bounded by the suite's time limit) until a worker has claimed the job.
            while try await server.store.job(id: job.jobId, owner: nil, kind: .scan)?.status != .processing {
                try await Task.sleep(for: .milliseconds(10))
            }
            var busy = try decode(HealthController.HealthResponse.self, try await client.execute(uri: "/health", method: .get))
            while busy.workersBusy == 0 {
                try await Task.sleep(for: .milliseconds(10))
                busy = try decode(HealthController.HealthResponse.self, try await client.execute(uri: "/health", method: .get))
            }
            #expect(busy.workersBusy == 1)
            #expect(busy.longestJobSeconds >= 0)
        }
    }

    /// HEAD answers a GET route's status and headers without a body; a path served under other methods answers
    /// 405 with `Allow`; a path served by none stays 404.
    @Test func headAndWrongMethodsGetHTTPAnswers() async throws {
        try await withServer { _, client in
            let head = try await client.execute(uri: "/health", method: .head)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            #expect(head.headers[.contentType]?.hasPrefix("application/json") == true)
            let wrong = try await client.execute(uri: "/scan", method: .get)
            try expectError(wrong, .methodNotAllowed, "METHOD_NOT_ALLOWED")
            #expect(wrong.headers[.allow] == "POST")
            let put = try await client.execute(uri: "/api/v1/documents/\(UUID())", method: .put)
            try expectError(put, .methodNotAllowed, "METHOD_NOT_ALLOWED")
            #expect(put.headers[.allow] == "DELETE, GET, HEAD")
            try expectError(try await client.execute(uri: "/nowhere", method: .get), .notFound, "NOT_FOUND")
            try expectError(try await client.execute(uri: "/nowhere", method: .head), .notFound, "NOT_FOUND")
        }
    }

    /// A literal route's path is that route's alone: `GET /api/v1/documents/init-upload` is 405 with
    /// `Allow: POST`, as the OpenAPI document says, not a document id handed to `GET /api/v1/documents/{id}` (400),
    /// and `OPTIONS` there advertises POST only.
    @Test func literalRoutesAreNotShadowedByParameterRoutes() async throws {
        try await withServer { _, client in
            for method in [HTTPRequest.Method.get, .delete, .options, .head] {
                let response = try await client.execute(uri: "/api/v1/documents/init-upload", method: method)
                #expect(response.status == .methodNotAllowed, "\(method)")
                #expect(response.headers[.allow] == "POST", "\(method)")
                if method != .head { try expectError(response, .methodNotAllowed, "METHOD_NOT_ALLOWED") }
            }
            // The parameter routes still serve their own paths.
            let missing = try await client.execute(uri: "/api/v1/documents/\(UUID())", method: .get)
            try expectError(missing, .notFound, "NOT_FOUND")
            let malformed = try await client.execute(uri: "/api/v1/documents/not-a-uuid", method: .delete)
            try expectError(malformed, .badRequest, "VALIDATION_ERROR")
        }
    }

    /// Request bodies being received are bounded across clients: past the budget an upload gets 429, and the
    /// budget is whole again once bodies complete.
    @Test func inFlightUploadBytesAreBounded() async throws {
        let configuration = testConfiguration {
            $0.maxUploadBytes = 64 * 1024
            $0.maxInFlightUploadBytes = 64 * 1024
        }
        try await withServer(configuration) { server, client in
            #expect(server.uploads.reserve(60 * 1024))  // another client's upload, still arriving
            let refused = try await uploadDocument(client, Data(samplePDF + Data(count: 8 * 1024)))
            try expectError(refused, .tooManyRequests, "RATE_LIMIT_EXCEEDED")
            server.uploads.release(60 * 1024)
            #expect(try await uploadDocument(client).status == .created)
            #expect(server.uploads.current == 0)
        }
    }
}
