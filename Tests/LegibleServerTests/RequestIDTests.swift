import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LegibleServer

@Suite("Request ids", .timeLimit(.minutes(2)))
struct RequestIDTests {
    /// A usable id the client sends comes back on the response, on success and on an error alike.
    @Test func theClientsIdComesBack() async throws {
        try await withServer { _, client in
            var headers = HTTPFields()
            headers[.requestID] = "trace-7f3a.b_9:1"
            let health = try await client.execute(uri: "/health", method: .get, headers: headers)
            #expect(health.headers[.requestID] == "trace-7f3a.b_9:1")
            let missing = try await client.execute(uri: "/api/v1/nowhere", method: .get, headers: headers)
            #expect(missing.status == .notFound)
            #expect(missing.headers[.requestID] == "trace-7f3a.b_9:1")
        }
    }

    /// Without one, or with one that is too long or holds other characters, the server's own id is returned:
    /// a different one for each request.
    @Test(arguments: [nil, "has space", "line\u{0A}break", String(repeating: "a", count: 129)])
    func otherwiseTheServerGivesOne(sent: String?) async throws {
        try await withServer { _, client in
            var headers = HTTPFields()
            if let sent { headers[.requestID] = sent }
            let first = try await client.execute(uri: "/health", method: .get, headers: headers)
            let second = try await client.execute(uri: "/health", method: .get, headers: headers)
            let ids = [first, second].compactMap { $0.headers[.requestID] }
            #expect(ids.count == 2)
            #expect(ids.allSatisfy { !$0.isEmpty && $0 != sent })
            #expect(Set(ids).count == 2)
        }
    }
}
