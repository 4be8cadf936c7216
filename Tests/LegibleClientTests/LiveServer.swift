import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import LegibleClient
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real `legible-server` process (this build's, beside the test binary) on a free loopback port, with real
/// engines and its SQLite database in a temporary folder; stopped with SIGTERM and its folder removed.
final class LiveServer: Sendable {
    let process: Process
    let port: Int
    let dataDirectory: URL
    let apiKey: String
    /// `LEGIBLE_DATABASE_URL` as the server was started with, when it was.
    let databaseURLInEnvironment: String?
    /// The link-signing secret the server was given (`LEGIBLE_SIGNING_KEY`), to sign links as it does.
    let signingKey: String

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// A client of this server with its key, quick polls and the given retries.
    func api(apiKey: String? = nil, maxRetries: Int = 3) -> LegibleAPI {
        LegibleAPI(
            configuration: LegibleClientConfiguration(
                baseURL: baseURL, apiKey: apiKey ?? self.apiKey, pollInterval: 0.05, maxPollInterval: 0.5,
                maxRetries: maxRetries, jobTimeout: 240))
    }

    /// `legible-server` in the folder of the running test bundle (SwiftPM builds both there).
    static var executable: URL {
        var folder = Bundle.main.bundleURL
        if !FileManager.default.fileExists(atPath: folder.appendingPathComponent("legible-server").path) {
            folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        }
        for candidate in [folder, folder.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("legible-server")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return folder.appendingPathComponent("legible-server")
    }

    /// Starts the server with `arguments` added to the defaults and `environment` added to this process's, and
    /// waits until `/health` answers. Instances sharing a database are given the same `dataDirectory`, `apiKey`
    /// and `signingKey`; by default each server has its own.
    ///
    /// With `maxOpenFiles`, the server runs under that limit of open file descriptors (`ulimit -n`, through
    /// `/bin/sh`, which then becomes the server).
    init(
        arguments: [String] = [], environment extra: [String: String] = [:], dataDirectory: URL? = nil,
        apiKey: String? = nil, signingKey: String? = nil, maxOpenFiles: Int? = nil
    ) async throws {
        let executable = Self.executable
        try #require(
            FileManager.default.isExecutableFile(atPath: executable.path),
            "legible-server is not built at \(executable.path): run swift build first")
        port = try Self.freePort()
        self.dataDirectory =
            dataDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("legible-client-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: self.dataDirectory, withIntermediateDirectories: true)
        self.apiKey = apiKey ?? "client-test-key-\(UUID().uuidString.prefix(8))"
        self.signingKey = signingKey ?? "client-test-signing-key-\(UUID().uuidString)"
        process = Process()
        let serverArguments =
            [
                "--host", "127.0.0.1", "--port", "\(port)", "--data-dir", self.dataDirectory.path, "--api-key", self.apiKey,
                "--engine-workers", "1", "--log-level", "warning",
            ] + arguments
        if let maxOpenFiles {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(maxOpenFiles) && exec \"$0\" \"$@\"", executable.path] + serverArguments
        } else {
            process.executableURL = executable
            process.arguments = serverArguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment["LEGIBLE_SIGNING_KEY"] = self.signingKey
        environment.merge(extra) { $1 }
        databaseURLInEnvironment = extra["LEGIBLE_DATABASE_URL"]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        try await waitUntilHealthy()
    }

    private func waitUntilHealthy() async throws {
        let deadline = Date().addingTimeInterval(60)
        let health = baseURL.appendingPathComponent("health")
        while Date() < deadline {
            guard process.isRunning else { throw Failure("legible-server exited with \(process.terminationStatus)") }
            if let (_, response) = try? await URLSession.shared.data(from: health),
                (response as? HTTPURLResponse)?.statusCode == 200
            {
                return
            }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        throw Failure("legible-server did not answer /health within 60 s")
    }

    /// Stops the server (SIGTERM, then waits) and removes its data folder.
    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    /// Kills the server at once (SIGKILL), as a crash or the OOM killer would; its data folder stays.
    func kill() {
        guard process.isRunning else { return }
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// A port nothing listens on now: bound to port 0, read back, released.
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure("socket() failed") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else { throw Failure("could not bind a loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Starts a server, runs `body` with it, and stops it whatever happens.
    static func with<T: Sendable>(
        arguments: [String] = [], _ body: (LiveServer) async throws -> T
    ) async throws -> T {
        let server = try await LiveServer(arguments: arguments)
        defer { server.stop() }
        return try await body(server)
    }
}

/// A test failure with a message.
struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
