import Foundation

/// The OpenAPI 3.1 document served as is at `/openapi.yaml`: `Sources/LegibleServer/openapi.yaml`, the one source
/// of truth for routes, bodies, errors and headers, from which `LegibleClient`'s code is generated
/// (`Scripts/generate-client.sh`).
///
/// The file ships as a resource of this module, which SwiftPM copies beside every executable it builds
/// (`Legible_LegibleServer.resources/`); deployments copy that folder with the binary. `OpenAPITests` fails when
/// a route is missing from it or its version is not ``LegibleServerVersion/current``.
enum OpenAPIDocument {
    /// The document's file name, in the resource folder and in the module's sources.
    static let fileName = "openapi.yaml"

    /// The files looked at, in order: the resource folder beside the running executable (Linux), the bundle's
    /// resources (macOS), and the module's source folder (for runs from a checkout).
    static var searchedPaths: [String] {
        let executable = Bundle.main.bundleURL
        return [
            executable.appendingPathComponent("Legible_LegibleServer.resources/\(fileName)").path,
            executable.appendingPathComponent("Legible_LegibleServer.bundle/Contents/Resources/\(fileName)").path,
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(fileName).path,
        ]
    }

    /// The document's bytes, read once; nil when no searched path holds it (the route then answers 503).
    static let bytes: Data? = searchedPaths.lazy.compactMap { FileManager.default.contents(atPath: $0) }.first
}
