import Foundation
import Testing

@testable import LegibleServer

@Suite("File store")
struct FileStoreTests {
    @Test func replacingAFileKeepsOnlyTheNewBytesAndNoTemporary() throws {
        let files = try FileStore(root: makeDataDirectory())
        let url = files.filled(documentID: "d1")
        for round in 0..<5 {
            try files.write(Data("round \(round)".utf8), to: url)
            #expect(try files.read(url) == Data("round \(round)".utf8))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: files.documentFolder("d1").path) == ["filled.pdf"])
        #expect(files.temporaryFiles().isEmpty)
    }

    @Test func aFailedReplaceLeavesWhatWasThereAndNoTemporary() throws {
        let files = try FileStore(root: makeDataDirectory())
        // A folder under the final name cannot be replaced by a file: the rename fails after the bytes were written.
        let blocked = files.documentFolder("d2").appendingPathComponent("filled.pdf")
        try FileManager.default.createDirectory(
            at: blocked.appendingPathComponent("inside"), withIntermediateDirectories: true)
        let error = #expect(throws: FileStoreError.self) { try files.write(Data("new".utf8), to: blocked) }
        #expect(error?.step == "rename")
        #expect(FileManager.default.fileExists(atPath: blocked.appendingPathComponent("inside").path))
        #expect(files.temporaryFiles().isEmpty)
    }

    @Test func theJanitorRemovesOnlyOldTemporaries() async throws {
        let folder = makeDataDirectory()
        let files = try FileStore(root: folder)
        let store = try SQLiteStore(path: folder.appendingPathComponent("legible.sqlite").path)
        let janitor = Janitor(store: store, files: files, interval: 60, logger: quietLogger)
        try files.write(Data("x".utf8), to: files.original(documentID: "d3"))
        let stale = files.documentFolder("d3").appendingPathComponent(".filled.pdf.0000\(FileStore.temporarySuffix)")
        let scanStale = files.root.appendingPathComponent("scans/.job.0000\(FileStore.temporarySuffix)")
        for url in [stale, scanStale] { try Data("partial".utf8).write(to: url) }
        #expect(files.temporaryFiles().count == 2)
        try await janitor.sweep(now: Date())
        #expect(files.temporaryFiles().count == 2)  // could be a write in flight
        try await janitor.sweep(now: Date().addingTimeInterval(Janitor.orphanGrace + 60))
        #expect(files.temporaryFiles().isEmpty)
    }
}
