import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LegibleServer

@Suite("Restart and recovery", .timeLimit(.minutes(2)))
struct RestartTests {
    @Test func stopWithJobsQueuedThenRestartCompletesEverything() async throws {
        let folder = makeDataDirectory()
        let image = try fixture("formats/sample.jpg")
        let configuration = testConfiguration(dataDirectory: folder) { $0.workerCount = 1 }

        // First run: the reader never finishes, so one scan is running and the rest are queued when it stops.
        let first = try await withServer(configuration, engines: .stubs(reader: StubSerialReader(blocks: true))) {
            _, client in
            var scans: [String] = []
            for _ in 0..<4 {
                scans.append(try decode(ScanSubmitResponse.self, try await submitScan(client, image: image)).jobId)
            }
            let upload = try decode(UploadResponse.self, try await uploadDocument(client)).documentId
            let process = try decode(
                DocumentJobResponse.self, try await client.execute(uri: "/api/v1/documents/\(upload)/process", method: .post))
            return (scans, upload, process.jobId)
        }
        let (scans, documentID, detectJob) = first

        // Second run on the same data directory with a working reader.
        let reader = StubSerialReader()
        try await withServer(configuration, engines: .stubs(reader: reader)) { server, client in
            for id in scans + [detectJob] { await server.events.waitUntilFinished(id) }
            for id in scans {
                let job = try decode(ScanJobResponse.self, try await client.execute(uri: "/result/\(id)", method: .get))
                #expect(job.status == "completed")
                #expect(job.results?.topResult.serial == "C02XL0GHJGH5")
            }
            let detail = try decode(
                DocumentDetailResponse.self, try await client.execute(uri: "/api/v1/documents/\(documentID)", method: .get))
            #expect(detail.document.status == "ready")
            #expect(detail.components.count == 3)
            #expect(server.files.exists(server.files.original(documentID: documentID)))
        }
        #expect(reader.callCount == 4)
    }

    @Test func jobLeftProcessingByACrashRunsAgain() async throws {
        let folder = makeDataDirectory()
        let image = try fixture("formats/sample.jpg")
        // SQLite's rule (a job left processing by the one process is interrupted); PostgresQueueTests holds the
        // shared database's (a job whose lease ran out).
        let configuration = testConfiguration(dataDirectory: folder) { $0.database = nil }
        // Simulate a crash: a claimed job, never finished, with its image on disk.
        let jobID: String
        do {
            let store = try SQLiteStore(path: folder.appendingPathComponent("legible.sqlite").path)
            let files = try FileStore(root: folder)
            let job = JobRecord.pending(kind: .scan, owner: "anonymous", deviceType: "iphone", now: Date(), lifetime: 3600)
            try files.write(image, to: files.scanImage(jobID: job.id))
            try await store.insert(job: job)
            let claimed = try await store.claimNext(workerID: "dead:0", now: Date())
            #expect(claimed?.id == job.id)
            #expect(claimed?.status == .processing)
            jobID = job.id
        }
        try await withServer(configuration) { server, client in
            await server.events.waitUntilFinished(jobID)
            let job = try decode(ScanJobResponse.self, try await client.execute(uri: "/result/\(jobID)", method: .get))
            #expect(job.status == "completed")
        }
    }

    @Test func jobsInterruptedTooOftenFailInsteadOfLooping() async throws {
        let store = try SQLiteStore(path: makeDataDirectory().appendingPathComponent("db.sqlite").path)
        let job = JobRecord.pending(kind: .scan, owner: "o", now: Date(), lifetime: 3600)
        try await store.insert(job: job)
        for _ in 0..<JobRunner.maxAttempts {
            _ = try await store.claimNext(workerID: "w", now: Date())
            _ = try await store.recoverInterrupted(now: Date(), maxAttempts: JobRunner.maxAttempts)
        }
        let stored = try await store.job(id: job.id, owner: nil)
        #expect(stored?.status == .failed)
        #expect(stored?.attempts == JobRunner.maxAttempts)
        #expect(try await store.claimNext(workerID: "w", now: Date()) == nil)
    }

    @Test func claimingIsExclusiveAndInOrder() async throws {
        let store = try SQLiteStore(path: makeDataDirectory().appendingPathComponent("db.sqlite").path)
        let start = Date()
        var ids: [String] = []
        for index in 0..<20 {
            let job = JobRecord.pending(kind: .scan, owner: "o", now: start.addingTimeInterval(Double(index)), lifetime: 60)
            try await store.insert(job: job)
            ids.append(job.id)
        }
        let claimed = try await withThrowingTaskGroup(of: [String].self) { group in
            for worker in 0..<4 {
                group.addTask {
                    var mine: [String] = []
                    while let job = try await store.claimNext(workerID: "w\(worker)", now: Date()) { mine.append(job.id) }
                    return mine
                }
            }
            return try await group.reduce(into: [String]()) { $0 += $1 }
        }
        #expect(claimed.count == 20)
        #expect(Set(claimed) == Set(ids))
        #expect(try await store.queueDepth() == 0)
    }
}
