import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@testable import LegibleServer

/// Uploads are received into an unlinked file, not memory: a stalled upload holds disk until its connection ends,
/// and leaves nothing behind.
@Suite("Upload spool", .serialized, .timeLimit(.minutes(1)))
struct UploadSpoolTests {
    /// Sizes of this process's open spool files (unlinked `legible-upload-*`), read through `/proc/self/fd`.
    static func openSpoolSizes() -> [Int] {
        let folder = "/proc/self/fd"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return entries.compactMap { entry in
            let path = "\(folder)/\(entry)"
            var status = stat()
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path),
                target.contains("legible-upload-"), target.hasSuffix("(deleted)"), stat(path, &status) == 0
            else { return nil }
            return Int(status.st_size)
        }
    }

    @Test func aSpoolGivesBackWhatWasWrittenAndLeavesNoFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spool = try UploadSpool(directory: folder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let first = [UInt8](repeating: 7, count: 100_000), second = Array("--end".utf8)
        try first.withUnsafeBytes { try spool.append($0) }
        try second.withUnsafeBytes { try spool.append($0) }
        let contents = try spool.contents()
        #expect(contents == Data(first + second))
        #expect(throws: UploadSpool.Failure.self) { try UploadSpool(directory: folder.appendingPathComponent("gone")) }
    }

    /// A client that sends half of a 4 MiB upload and stops: the half is in a spool file (and counted against the
    /// in-flight budget) while the connection waits; once the client goes, the file and the reservation are gone.
    @Test func aStalledUploadIsHeldOnDiskUntilItsConnectionEnds() async throws {
        let configuration = testConfiguration { $0.connectionIdleTimeout = 30 }
        let server = try await buildServer(configuration: configuration, engines: .stubs(), logger: quietLogger)
        let uploads = server.state.uploads
        let half = 2 << 20
        try await server.application.test(.live) { client in
            let port = try #require(client.port)
            // The client runs on a thread of its own: its blocking sends must not hold a thread of the cooperative
            // pool, which the server in this process needs.
            let sent = Mutex<Bool?>(nil)
            let hangUp = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                guard let connection = try? RawConnection(port: port) else { return sent.withLock { $0 = false } }
                connection.send(
                    "POST /scan HTTP/1.1\r\nHost: localhost\r\n"
                        + "Content-Type: multipart/form-data; boundary=b\r\nContent-Length: \(2 * half)\r\n\r\n")
                let head = Array("--b\r\nContent-Disposition: form-data; name=\"image\"\r\n\r\n".utf8)
                let done = connection.sendAll(head + [UInt8](repeating: 0x41, count: half - head.count))
                sent.withLock { $0 = done }
                hangUp.wait()
            }
            while Self.openSpoolSizes() != [half] {
                if sent.withLock({ $0 }) == false { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(sent.withLock { $0 } == true)
            #expect(uploads.current == half)

            hangUp.signal()
            while !Self.openSpoolSizes().isEmpty || uploads.current != 0 {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }
}
