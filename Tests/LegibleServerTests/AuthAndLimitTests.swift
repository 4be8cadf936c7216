import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

@testable import LegibleServer

@Suite("API keys, rate limits and upload limits", .timeLimit(.minutes(2)))
struct AuthAndLimitTests {
    static let keyA = "key-alpha-0123456789"
    static let keyB = "key-bravo-0123456789"

    func headers(apiKey: String? = nil, bearer: String? = nil) -> HTTPFields {
        var headers = HTTPFields()
        if let apiKey { headers[.apiKey] = apiKey }
        if let bearer { headers[.authorization] = "Bearer \(bearer)" }
        return headers
    }

    @Test func keysAreRequiredWhenConfigured() async throws {
        let configuration = testConfiguration { $0.apiKeys = [Self.keyA, Self.keyB] }
        try await withServer(configuration) { _, client in
            let missing = try await client.execute(uri: "/jobs", method: .get)
            try expectError(missing, .unauthorized, "UNAUTHORIZED")
            #expect(missing.headers[.wwwAuthenticate] == "Bearer")
            try expectError(try await client.execute(uri: "/jobs", method: .get, headers: headers(apiKey: "wrong-key-123")),
                .unauthorized, "UNAUTHORIZED")
            try expectError(try await client.execute(uri: "/jobs", method: .get, headers: headers(bearer: "wrong-key-123")),
                .unauthorized, "UNAUTHORIZED")
            var basic = HTTPFields()
            basic[.authorization] = "Basic \(Self.keyA)"
            try expectError(try await client.execute(uri: "/jobs", method: .get, headers: basic), .unauthorized, "UNAUTHORIZED")
            try expectError(try await client.execute(uri: "/api/v1/documents/\(UUID())", method: .get), .unauthorized, "UNAUTHORIZED")

            #expect(try await client.execute(uri: "/jobs", method: .get, headers: headers(apiKey: Self.keyA)).status == .ok)
            #expect(try await client.execute(uri: "/jobs", method: .get, headers: headers(bearer: Self.keyB)).status == .ok)
            // Health and the OpenAPI document stay open.
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/openapi.yaml", method: .get).status == .ok)
        }
    }

    /// Wrong keys are throttled per client address before any key is checked: past the limit, a right key from
    /// the same address is refused too, so the answer never tells a guesser which key was right.
    @Test func failedAuthenticationsAreThrottledPerAddress() async throws {
        let configuration = testConfiguration {
            $0.apiKeys = [Self.keyA]
            $0.authFailureLimit = 3
            $0.rateLimitWindow = 3600
        }
        try await withServer(configuration) { _, client in
            for attempt in 0..<3 {
                try expectError(
                    try await client.execute(uri: "/jobs", method: .get, headers: headers(apiKey: "guess-\(attempt)-0000")),
                    .unauthorized, "UNAUTHORIZED")
            }
            let throttled = try await client.execute(uri: "/jobs", method: .get, headers: headers(apiKey: "guess-9-0000"))
            try expectError(throttled, .tooManyRequests, "RATE_LIMIT_EXCEEDED")
            #expect(throttled.headers[.retryAfter].flatMap { Int($0) }.map { $0 >= 1 } == true)
            try expectError(
                try await client.execute(uri: "/jobs", method: .get, headers: headers(apiKey: Self.keyA)),
                .tooManyRequests, "RATE_LIMIT_EXCEEDED")
            // Open routes stay open.
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
        }
    }

    @Test func peekingTheLimiterCountsNothing() async {
        let limiter = RateLimiter(limit: 2, window: 60)
        #expect(await limiter.peek("a").allowed)
        #expect(await limiter.peek("a").remaining == 2)
        _ = await limiter.consume("a")
        _ = await limiter.consume("a")
        #expect(await !limiter.peek("a").allowed)
        #expect(await !limiter.consume("a").allowed)
    }

    @Test func callersSeeOnlyTheirOwnJobsAndDocuments() async throws {
        let image = try fixture("formats/sample.png")
        let configuration = testConfiguration { $0.apiKeys = [Self.keyA, Self.keyB] }
        try await withServer(configuration) { _, client in
            let scan = try decode(ScanSubmitResponse.self, try await submitScan(client, image: image, headers: headers(apiKey: Self.keyA)))
            let document = try decode(UploadResponse.self, try await uploadDocument(client, headers: headers(apiKey: Self.keyA)))
            let asB = headers(apiKey: Self.keyB)
            try expectError(try await client.execute(uri: "/result/\(scan.jobId)", method: .get, headers: asB), .notFound, "NOT_FOUND")
            try expectError(try await client.execute(uri: "/result/\(scan.jobId)", method: .delete, headers: asB), .notFound, "NOT_FOUND")
            try expectError(
                try await client.execute(uri: "/api/v1/documents/\(document.documentId)", method: .get, headers: asB),
                .notFound, "NOT_FOUND")
            try expectError(
                try await client.execute(uri: "/api/v1/documents/\(document.documentId)/process", method: .post, headers: asB),
                .notFound, "NOT_FOUND")
            let listB = try decode(ScanJobListResponse.self, try await client.execute(uri: "/jobs", method: .get, headers: asB))
            #expect(listB.total == 0)
            let listA = try decode(
                ScanJobListResponse.self, try await client.execute(uri: "/jobs", method: .get, headers: headers(apiKey: Self.keyA)))
            #expect(listA.jobs.map(\.jobId) == [scan.jobId])
        }
    }

    @Test func rateLimitPerKeyWithHeadersAnd429() async throws {
        let configuration = testConfiguration {
            $0.apiKeys = [Self.keyA, Self.keyB]
            $0.rateLimitRequests = 3
            $0.rateLimitWindow = 3600
        }
        try await withServer(configuration) { _, client in
            let asA = headers(apiKey: Self.keyA)
            for remaining in [2, 1, 0] {
                let response = try await client.execute(uri: "/jobs", method: .get, headers: asA)
                #expect(response.status == .ok)
                #expect(response.headers[.rateLimitLimit] == "3")
                #expect(response.headers[.rateLimitRemaining] == String(remaining))
                let reset = response.headers[.rateLimitReset].flatMap { Int($0) }
                #expect(reset.map { $0 > Int(Date().timeIntervalSince1970) } == true)
            }
            let limited = try await client.execute(uri: "/jobs", method: .get, headers: asA)
            try expectError(limited, .tooManyRequests, "RATE_LIMIT_EXCEEDED")
            #expect(limited.headers[.rateLimitRemaining] == "0")
            #expect(limited.headers[.retryAfter].flatMap { Int($0) }.map { $0 >= 1 } == true)
            // Errors inside the limit carry the headers too; another key has its own budget.
            let other = try await client.execute(uri: "/result/nope", method: .get, headers: headers(apiKey: Self.keyB))
            try expectError(other, .badRequest, "VALIDATION_ERROR")
            #expect(other.headers[.rateLimitRemaining] == "2")
        }
    }

    @Test func openServerLimitsPerClient() async throws {
        // A window of an hour, as in the tests above: windows are aligned to multiples of it, and a boundary
        // between the requests would start a new count, so a slow run across a default minute's end saw 200.
        let configuration = testConfiguration {
            $0.rateLimitRequests = 2
            $0.rateLimitWindow = 3600
        }
        try await withServer(configuration) { _, client in
            #expect(try await client.execute(uri: "/jobs", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/jobs", method: .get).status == .ok)
            try expectError(try await client.execute(uri: "/jobs", method: .get), .tooManyRequests, "RATE_LIMIT_EXCEEDED")
            // Health is never limited.
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
        }
    }

    @Test func limiterWindowResets() async {
        let clock = TestClock()
        let limiter = RateLimiter(limit: 2, window: 10, now: { clock.now })
        #expect(await limiter.consume("k").allowed)
        #expect(await limiter.consume("k").allowed)
        let third = await limiter.consume("k")
        #expect(!third.allowed)
        #expect(third.retryAfter == 10)
        clock.advance(by: 10)
        let fresh = await limiter.consume("k")
        #expect(fresh.allowed)
        #expect(fresh.remaining == 1)
    }

    @Test func oversizeUploadsAre413() async throws {
        let configuration = testConfiguration { $0.maxUploadBytes = 4096 }
        try await withServer(configuration) { _, client in
            var big = try fixture("formats/sample.png")
            big.append(Data(repeating: 0, count: 8192))
            let scan = try await submitScan(client, image: big)
            try expectError(scan, .contentTooLarge, "PAYLOAD_TOO_LARGE")
            let upload = try await uploadDocument(client, big)
            try expectError(upload, .contentTooLarge, "PAYLOAD_TOO_LARGE")
            let values = try await client.execute(
                uri: "/api/v1/documents/\(UUID())/values", method: .post, headers: jsonHeaders(),
                body: ByteBuffer(string: "{\"values\": [" + String(repeating: " ", count: 5 * 1024 * 1024) + "]}"))
            try expectError(values, .contentTooLarge, "PAYLOAD_TOO_LARGE")
        }
    }
}

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_700_000_000))
    var now: Date { time.withLock { $0 } }
    func advance(by seconds: TimeInterval) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }
}
