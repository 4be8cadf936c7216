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
}
