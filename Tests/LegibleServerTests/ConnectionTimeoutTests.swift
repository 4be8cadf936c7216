import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@testable import LegibleServer

/// A plain TCP client on loopback, for requests no HTTP client would send (half a request line, a body that stops).
struct RawConnection: ~Copyable {
    let descriptor: Int32

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    }

    func send(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { Glibc.send(descriptor, $0.baseAddress, $0.count - 1, 0) }
    }

    /// Sends all of `bytes`, waiting while the socket is full; false when the connection fails first.
    func sendAll(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return false }
            sent += count
        }
        return true
    }

    /// Reads until the server closes the connection; returns what it sent.
    func readUntilClosed() -> String {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: received, as: UTF8.self)
    }

    deinit { close(descriptor) }
}

/// The server closes connections that go silent: mid request line, mid body, or idle between requests.
/// (No assertion is timed: a connection left open would run into the suite's time limit.)
@Suite("Connection timeouts", .timeLimit(.minutes(1)))
struct ConnectionTimeoutTests {
    @Test func silentConnectionsAreClosed() async throws {
        let configuration = testConfiguration { $0.connectionIdleTimeout = 1 }
        let server = try await buildServer(configuration: configuration, engines: .stubs(), logger: quietLogger)
        let uploads = server.state.uploads
        try await server.application.test(.live) { client in
            let port = try #require(client.port)

            // The reads block their thread until the server closes: off the cooperative pool, which the server
            // in this process needs (it has as many threads as cores).
            #expect(try await Self.exchange(port: port, "GET /hea").isEmpty)

            _ = try await Self.exchange(
                port: port,
                "POST /api/v1/documents/init-upload HTTP/1.1\r\nHost: localhost\r\n"
                    + "Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n--b\r\n")
            // The abandoned body's bytes are given back once its handler sees the connection end.
            while uploads.current != 0 { try await Task.sleep(for: .milliseconds(10)) }

            let health = try await Self.exchange(port: port, "GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(health.hasPrefix("HTTP/1.1 200"))
        }
    }

    /// Opens a connection, sends `text` and returns what the server sent until it closed the connection.
    static func exchange(port: Int, _ text: String) async throws -> String {
        try await runOffCooperativePool { () throws -> String in
            let connection = try RawConnection(port: port)
            connection.send(text)
            return connection.readUntilClosed()
        }
    }

    /// A client that asked to close the connection and sends its whole body before reading (16 MiB, more than
    /// loopback's socket buffers hold) gets its early 401 and 413: the server reads the refused body away instead
    /// of leaving the client blocked on a full socket until the idle timeout (2 minutes here, past the suite's
    /// time limit).
    @Test func refusedBodiesAreReadAwayForClientsThatClose() async throws {
        try await withUploadLimitedServer(idleTimeout: 120) { port in
            let body = [UInt8](repeating: 0x41, count: 16 << 20)
            let cases = [
                ("wrong-key-0123456", "Content-Length: \(body.count)", "401"),
                ("drain-key-0123456", "Content-Length: \(body.count)", "413"),
                ("drain-key-0123456", "Transfer-Encoding: chunked", "413"),
            ]
            for (key, framing, status) in cases {
                let chunked = framing.hasPrefix("Transfer")
                let answer = try await runOffCooperativePool { () throws -> String in
                    let connection = try RawConnection(port: port)
                    connection.send(
                        "POST /api/v1/documents/init-upload HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                            + "X-API-Key: \(key)\r\nContent-Type: multipart/form-data; boundary=b\r\n\(framing)\r\n\r\n")
                    if chunked {
                        for start in stride(from: 0, to: body.count, by: 1 << 20) {
                            connection.send(String(1 << 20, radix: 16) + "\r\n")
                            _ = connection.sendAll(Array(body[start..<start + (1 << 20)]))
                            connection.send("\r\n")
                        }
                        connection.send("0\r\n\r\n")
                    } else {
                        _ = connection.sendAll(body)
                    }
                    return connection.readUntilClosed()
                }
                #expect(answer.hasPrefix("HTTP/1.1 \(status)"), "\(status) with \(framing): \(answer.prefix(80))")
            }
        }
    }

    /// On a kept-alive connection, a refused body longer than the server reads away (`Request.discardLimit`)
    /// ends the connection after the 413, which says `Connection: close`: the client's sending fails instead of
    /// the server reading a declared 200 MiB (as long as the client cares to send) before its next request.
    @Test func aRefusedBodyPastTheDiscardLimitEndsAKeptAliveConnection() async throws {
        try await withUploadLimitedServer(idleTimeout: 20) { port in
            let (sentAll, answer) = try await runOffCooperativePool { () throws -> (Bool, String) in
                let connection = try RawConnection(port: port)
                let length = 200 << 20, chunk = [UInt8](repeating: 0x41, count: 1 << 20)
                connection.send(
                    "POST /api/v1/documents/init-upload HTTP/1.1\r\nHost: localhost\r\n"
                        + "X-API-Key: drain-key-0123456\r\nContent-Type: multipart/form-data; boundary=b\r\n"
                        + "Content-Length: \(length)\r\n\r\n")
                // The answer is read while the body goes out: a reset may drop what was not yet read.
                let reader = SocketReader(connection.descriptor)
                var sentAll = true
                for _ in 0..<(length / chunk.count) where sentAll { sentAll = connection.sendAll(chunk) }
                return (sentAll, reader.wait())
            }
            #expect(!sentAll, "the server read the whole 200 MiB body")
            #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer.prefix(120))")
            #expect(answer.lowercased().contains("connection: close"), "\(answer.prefix(300))")
        }
    }

    /// Runs `body` with the port of a live server that takes the key `drain-key-0123456` and bodies of at most
    /// 64 KiB, closing connections idle for `idleTimeout` seconds.
    private func withUploadLimitedServer(
        idleTimeout: TimeInterval, _ body: @escaping @Sendable (Int) async throws -> Void
    ) async throws {
        let configuration = testConfiguration {
            $0.apiKeys = ["drain-key-0123456"]
            $0.maxUploadBytes = 64 * 1024
            $0.connectionIdleTimeout = idleTimeout
        }
        let server = try await buildServer(configuration: configuration, engines: .stubs(), logger: quietLogger)
        try await server.application.test(.live) { client in
            try await body(try #require(client.port))
        }
    }
}

/// Reads a socket on a thread of its own until it closes, for a test that sends and reads at once.
final class SocketReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var received = [UInt8]()

    init(_ descriptor: Int32) {
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = recv(descriptor, &buffer, buffer.count, 0)
                if count <= 0 { break }
                received.append(contentsOf: buffer[0..<count])
            }
            done.signal()
        }
    }

    /// Waits for the connection to close; returns what was read.
    func wait() -> String {
        done.wait()
        return String(decoding: received, as: UTF8.self)
    }
}
