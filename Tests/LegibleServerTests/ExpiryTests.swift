import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LegibleServer

@Suite("Expiry", .timeLimit(.minutes(2)))
struct ExpiryTests {
    @Test func expiredScansAndDocumentsAreDeletedWithTheirFiles() async throws {
        let image = try fixture("formats/sample.png")
        let configuration = testConfiguration {
            $0.scanJobLifetime = 3600
            $0.documentLifetime = 86400
        }
        try await withServer(configuration) { server, client in
            let janitor = Janitor(store: server.store, files: server.files, interval: 60, logger: quietLogger)
            let scan = try decode(ScanSubmitResponse.self, try await submitScan(client, image: image, headers: [:]))
            await server.events.waitUntilFinished(scan.jobId)
            let documentID = try await readyDocument(server, client)

            // Nothing has expired yet.
            let early = try await janitor.sweep(now: Date())
            #expect(early.jobs == 0 && early.documents == 0)

            // After 2 hours the scan is gone but the document stays.
            let later = try await janitor.sweep(now: Date().addingTimeInterval(2 * 3600))
            #expect(later.jobs >= 1)
            try expectError(try await client.execute(uri: "/result/\(scan.jobId)", method: .get), .notFound, "NOT_FOUND")
            #expect(try await client.execute(uri: "/api/v1/documents/\(documentID)", method: .get).status == .ok)

            // After 25 hours the document and its folder are gone too.
            let much = try await janitor.sweep(now: Date().addingTimeInterval(25 * 3600))
            #expect(much.documents == 1)
            #expect(!server.files.exists(server.files.documentFolder(documentID)))
            try expectError(
                try await client.execute(uri: "/api/v1/documents/\(documentID)", method: .get), .notFound, "NOT_FOUND")
        }
    }

    @Test func orphanFilesAreRemovedOnlyWhenOld() async throws {
        let folder = makeDataDirectory()
        let store = try SQLiteStore(path: folder.appendingPathComponent("legible.sqlite").path)
        let files = try FileStore(root: folder)
        let janitor = Janitor(store: store, files: files, interval: 60, logger: quietLogger)
        let orphan = files.scanImage(jobID: "orphan")
        try files.write(Data("x".utf8), to: orphan)
        try await janitor.sweep(now: Date())
        #expect(files.exists(orphan))  // could be an upload in flight
        try await janitor.sweep(now: Date().addingTimeInterval(Janitor.orphanGrace + 60))
        #expect(!files.exists(orphan))
    }
}
