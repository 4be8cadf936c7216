import Foundation
import LegibleClient
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A server that ran out of file descriptors for a while keeps working once they are back.
@Suite("Out of file descriptors", .serialized, .timeLimit(.minutes(4)))
struct DescriptorExhaustionTests {
    /// Idle connections hold every descriptor the server may open (a limit of 64) for longer than two of the job
    /// workers' 5-second polls, so that both go back to waiting while none is left. Afterwards a scan is answered
    /// and SIGTERM ends the server. Before, the wake signal keyed its waiters by `UUID()`, which comes out the
    /// same for every call in a process out of descriptors: the two waiters collided, one was never resumed, and
    /// that worker (and with it shutdown) waited for good.
    @Test func aServerThatRanOutOfDescriptorsStillScansAndStops() async throws {
        let server = try await LiveServer(arguments: ["--workers", "2"], maxOpenFiles: 64)
        defer { server.stop() }
        let pid = server.process.processIdentifier
        func openDescriptors() -> Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.count ?? 0 }

        var connections: [Int32] = []
        defer { connections.forEach { _ = close($0) } }
        for _ in 0..<300 where openDescriptors() < 64 {
            connections.append(try Self.connect(port: server.port))
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(openDescriptors() == 64, "the server holds \(openDescriptors()) descriptors")
        try await Task.sleep(for: .seconds(12))
        connections.forEach { _ = close($0) }
        connections = []

        let photo = try Fixtures.bytes("examples/label.png")
        let submitted = try await server.api().submitScan(image: photo, deviceType: .macbook)
        #expect(try await server.api().waitForScan(jobID: submitted.jobID).best?.serial == "C02XK1JCJG5J")

        server.process.terminate()
        for _ in 0..<600 where server.process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        #expect(!server.process.isRunning, "SIGTERM did not end the server within 60 s")
        if server.process.isRunning { server.kill() }
    }

    /// A TCP connection to the server on loopback, left open.
    static func connect(port: Int) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw POSIXError(.ECONNREFUSED)
        }
        return descriptor
    }
}
