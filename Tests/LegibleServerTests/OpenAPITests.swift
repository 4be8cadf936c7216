import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LegibleServer

@Suite("OpenAPI document")
struct OpenAPITests {
    /// `method` → set of paths declared under `paths:` in the YAML.
    static func declaredOperations(_ yaml: String) -> Set<String> {
        var operations = Set<String>()
        var currentPath: String?
        var inPaths = false
        for line in yaml.components(separatedBy: "\n") {
            if line == "paths:" { inPaths = true; continue }
            if inPaths, !line.isEmpty, !line.hasPrefix(" ") { inPaths = false }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":"), !line.hasPrefix("   ") {
                currentPath = String(line.dropFirst(2).dropLast())
            } else if let currentPath, line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
                let method = line.trimmingCharacters(in: .whitespaces).dropLast().uppercased()
                if ["GET", "POST", "PUT", "PATCH", "DELETE"].contains(method) { operations.insert("\(method) \(currentPath)") }
            }
        }
        return operations
    }

    @Test func everyRegisteredRouteIsDocumented() throws {
        let state = try ServerState(configuration: testConfiguration(), engines: .stubs(), logger: quietLogger)
        let router = buildRouter(state: state)
        let documented = Self.declaredOperations(try Self.documentText())
        let registered = Set(router.routes.map { route -> String in
            var path = route.path.description
            if !path.hasPrefix("/") { path = "/" + path }
            // ":name" and "{name}" both mean a parameter.
            path = path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
                segment.hasPrefix(":") ? "{\(segment.dropFirst())}" : String(segment)
            }.joined(separator: "/")
            return "\(route.method.rawValue) \(path)"
        })
        #expect(registered.count >= 16)
        let missing = registered.subtracting(documented)
        #expect(missing.isEmpty, "routes missing from openapi.yaml: \(missing.sorted())")
        let stale = documented.subtracting(registered)
        #expect(stale.isEmpty, "documented but not registered: \(stale.sorted())")
    }

    /// The document as the server reads it (``OpenAPIDocument``).
    static func documentText() throws -> String {
        String(decoding: try #require(OpenAPIDocument.bytes, "openapi.yaml not found"), as: UTF8.self)
    }

    @Test func servedAsIs() async throws {
        try await withServer { _, client in
            let response = try await client.execute(uri: "/openapi.yaml", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("application/yaml") == true)
            #expect(String(buffer: response.body) == (try Self.documentText()))
            #expect((try Self.documentText()).hasPrefix("openapi: 3.1.0"))
        }
    }

    /// `info.version` is the version `/health` reports.
    @Test func versionIsTheServers() throws {
        let versionLine = try Self.documentText().components(separatedBy: "\n").first { $0.hasPrefix("  version: ") }
        #expect(versionLine == "  version: \(LegibleServerVersion.current)")
    }
}
