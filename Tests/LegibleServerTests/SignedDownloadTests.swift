import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LegibleServer

@Suite("Signed downloads", .timeLimit(.minutes(2)))
struct SignedDownloadTests {
    /// A filled document and its signed path.
    private func filledDocument(_ server: TestServer, _ client: some TestClientProtocol) async throws -> (String, String) {
        let id = try await readyDocument(server, client)
        let compose = try decode(DocumentJobResponse.self, try await client.execute(uri: "/api/v1/documents/\(id)/compose", method: .post))
        await server.events.waitUntilFinished(compose.jobId)
        let link = try decode(DownloadResponse.self, try await client.execute(uri: "/api/v1/documents/\(id)/download", method: .get))
        return (id, link.filledPdfUrl)
    }

    @Test func tamperedAndExpiredLinksAreForbidden() async throws {
        try await withServer { server, client in
            let (id, absolute) = try await filledDocument(server, client)
            #expect(absolute.hasPrefix("http://localhost/files/documents/\(id)/filled.pdf?expires="))
            let link = pathOf(absolute)
            #expect(try await client.execute(uri: link, method: .get).status == .ok)

            let otherID = UUID().uuidString.lowercased()
            let tampered = [
                link.replacingOccurrences(of: id, with: otherID),
                String(link.dropLast()) + (link.hasSuffix("0") ? "1" : "0"),
                link.replacingOccurrences(of: "expires=", with: "expires=9"),
                "/files/documents/\(id)/filled.pdf",
                "/files/documents/\(id)/filled.pdf?expires=abc&signature=zz",
            ]
            for uri in tampered {
                try expectError(try await client.execute(uri: uri, method: .get), .forbidden, "FORBIDDEN")
            }
            // Correctly signed but in the past.
            let past = Int(Date().timeIntervalSince1970) - 1
            let expired = server.signer.signedPath(FileController.filledPath(documentID: id), expires: past)
            try expectError(try await client.execute(uri: expired, method: .get), .forbidden, "FORBIDDEN")
        }
    }

    @Test func expiresInIsValidated() async throws {
        try await withServer { server, client in
            let (id, _) = try await filledDocument(server, client)
            for bad in ["59", "86401", "abc", "-5", ""] {
                try expectError(
                    try await client.execute(uri: "/api/v1/documents/\(id)/download?expiresIn=\(bad)", method: .get),
                    .badRequest, "VALIDATION_ERROR")
            }
            for good in [60, 86400] {
                let response = try await client.execute(uri: "/api/v1/documents/\(id)/download?expiresIn=\(good)", method: .get)
                let url = try decode(DownloadResponse.self, response).filledPdfUrl
                let expires = URLComponents(string: url)?.queryItems?.first { $0.name == "expires" }?.value.flatMap { Int($0) }
                let now = Int(Date().timeIntervalSince1970)
                #expect(expires.map { $0 - now <= good && $0 - now >= good - 5 } == true)
            }
        }
    }

    @Test func publicBaseURLIsUsed() async throws {
        let configuration = testConfiguration { $0.publicBaseURL = "https://forms.example.com/" }
        try await withServer(configuration) { server, client in
            let (id, link) = try await filledDocument(server, client)
            #expect(link.hasPrefix("https://forms.example.com/files/documents/\(id)/filled.pdf?expires="))
        }
    }

    @Test func signerChecksSignatureAndExpiry() {
        let signer = URLSigner(secret: Data("another-secret-for-signing".utf8))
        let now = Date(timeIntervalSince1970: 1_000_000)
        let signature = signer.signature(path: "/a", expires: 1_000_100)
        #expect(signer.verify(path: "/a", expires: 1_000_100, signature: signature, now: now))
        #expect(signer.verify(path: "/a", expires: 1_000_100, signature: signature.uppercased(), now: now))
        #expect(!signer.verify(path: "/b", expires: 1_000_100, signature: signature, now: now))
        #expect(!signer.verify(path: "/a", expires: 1_000_101, signature: signature, now: now))
        #expect(!signer.verify(path: "/a", expires: 1_000_100, signature: signature, now: now.addingTimeInterval(101)))
        #expect(!signer.verify(path: "/a", expires: 1_000_100, signature: "xyz", now: now))
        let other = URLSigner(secret: Data("a-different-secret-entirely".utf8))
        #expect(!other.verify(path: "/a", expires: 1_000_100, signature: signature, now: now))
    }

    @Test func generatedSecretPersistsInTheDataDirectory() throws {
        let folder = makeDataDirectory()
        let first = try URLSigner.loadSecret(configured: nil, dataDirectory: folder)
        let second = try URLSigner.loadSecret(configured: nil, dataDirectory: folder)
        #expect(first.count == 32)
        #expect(first == second)
    }
}

@Suite("Host header in links")
struct HostAuthorityTests {
    @Test(arguments: [
        "localhost", "localhost:8080", "api.example.com", "API.Example.com:443", "127.0.0.1:9000", "[::1]:8080",
        "[2001:db8::1]",
    ])
    func plainHostsAreAccepted(host: String) {
        #expect(HostAuthority.validated(host) == host.lowercased())
    }

    @Test(arguments: [
        "host@evil.example", "user:pass@evil.example", "evil.example/path", "evil.example:0", "evil.example:70000",
        "evil.example:80:80", "evil example", "evil.example%2f", "-evil.example", "evil..example", "[::1", "[zz::1]",
        "[::1]x", "evil.example:", "évil.example", "",
    ])
    func anythingElseIsRefused(host: String) {
        #expect(HostAuthority.validated(host) == nil)
    }

    @Test func linksAreNeverBuiltFromAHostWithUserinfo() async throws {
        try await withServer { server, _ in
            #expect(throws: APIError.self) { try server.absoluteURL("/files/x", host: "host@evil.example") }
            let withPort = try server.absoluteURL("/files/x", host: "legible.example:8443")
            #expect(withPort == "http://legible.example:8443/files/x")
            let noHost = try server.absoluteURL("/files/x", host: nil)
            #expect(noHost == "/files/x")
        }
        let configured = testConfiguration { $0.publicBaseURL = "https://legible.example/" }
        try await withServer(configured) { server, _ in
            let configuredLink = try server.absoluteURL("/files/x", host: "host@evil.example")
            #expect(configuredLink == "https://legible.example/files/x")
        }
    }
}
