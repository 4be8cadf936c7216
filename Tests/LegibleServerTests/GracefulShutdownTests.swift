import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import ServiceLifecycle
import Synchronization
import Testing

@testable import LegibleServer

/// A reader that reports when a scan starts and finishes it only when the test says so.
final class GatedSerialReader: SerialReading {
    let started: AsyncStream<Void>
    private let startedContinuation: AsyncStream<Void>.Continuation
    private let release: AsyncStream<Void>
    private let releaseContinuation: AsyncStream<Void>.Continuation

    init() {
        (started, startedContinuation) = AsyncStream.makeStream()
        (release, releaseContinuation) = AsyncStream.makeStream()
    }

    func open() { releaseContinuation.yield() }

    func readSerials(imageData: Data, preset: ScanPreset, deviceType: ScanDeviceType) async throws -> SerialReadout {
        startedContinuation.yield()
        var iterator = release.makeAsyncIterator()
        _ = await iterator.next()
        return SerialReadout(candidates: [.init(serial: "DMPXK1ABCDEF", confidence: 0.8)], processingTime: 0.01)
    }

    func engineStatus() async -> EngineStatus { EngineStatus(available: true, engineVersion: nil, poolSize: 1, busyCount: 0) }
}

@Suite("Graceful shutdown", .timeLimit(.minutes(2)))
struct GracefulShutdownTests {
    @Test func runningJobFinishesWithinTheGracePeriod() async throws {
        let folder = makeDataDirectory()
        let store = try SQLiteStore(path: folder.appendingPathComponent("legible.sqlite").path)
        let files = try FileStore(root: folder)
        let reader = GatedSerialReader()
        let engines = Engines(serialReader: reader, fieldDetector: StubFieldDetector(), formComposer: StubComposer())
        let events = JobEvents()
        let runner = JobRunner(
            queue: store, processor: JobProcessor(store: store, files: files, engines: engines, logger: quietLogger),
            workerCount: 1, pollInterval: 60, gracePeriod: 600, signal: WakeSignal(), events: events, logger: quietLogger)
        let job = JobRecord.pending(kind: .scan, owner: "o", now: Date(), lifetime: 3600)
        try files.write(try fixture("formats/sample.png"), to: files.scanImage(jobID: job.id))
        try await store.insert(job: job)
        let queued = JobRecord.pending(kind: .scan, owner: "o", now: Date().addingTimeInterval(1), lifetime: 3600)
        try await store.insert(job: queued)

        let group = ServiceGroup(services: [runner], logger: quietLogger)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var started = reader.started.makeAsyncIterator()
            _ = await started.next()  // the first job is running
            await group.triggerGracefulShutdown()
            reader.open()  // let it finish after shutdown began
            reader.open()  // and the queued one, should a worker claim it before it sees the shutdown
            try await tasks.waitForAll()
        }
        #expect(try await store.job(id: job.id, owner: nil)?.status == .completed)
        // Nothing is left half-done: the queued job either waits for the next start or ran to the end.
        let other = try await store.job(id: queued.id, owner: nil)?.status
        #expect(other == .pending || other == .completed || other == .failed)
    }
}

@Suite("Back-pressure", .timeLimit(.minutes(2)))
struct BackPressureTests {
    @Test func processSerialAnswers429WhenTooManyAreInProgress() async throws {
        let reader = GatedSerialReader()
        let engines = Engines(serialReader: reader, fieldDetector: StubFieldDetector(), formComposer: StubComposer())
        let image = try fixture("formats/sample.png")
        let configuration = testConfiguration { $0.maxConcurrentSyncScans = 1 }
        try await withServer(configuration, engines: engines) { _, client in
            let body = multipartBody([.file("image", image), .field("device_type", "iphone")])
            try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                group.addTask {
                    try await client.execute(uri: "/process-serial", method: .post, headers: multipartHeaders(), body: body).status
                }
                var started = reader.started.makeAsyncIterator()
                _ = await started.next()  // the first request holds the only place
                let refused = try await client.execute(
                    uri: "/process-serial", method: .post, headers: multipartHeaders(), body: body)
                try expectError(refused, .tooManyRequests, "RATE_LIMIT_EXCEEDED")
                #expect(refused.headers[.retryAfter] == "1")
                reader.open()
                #expect(try await group.next() == .ok)
            }
            // The place is free again.
            reader.open()
            let again = try await client.execute(uri: "/process-serial", method: .post, headers: multipartHeaders(), body: body)
            #expect(again.status == .ok)
        }
    }

    @Test func submissionsAnswer429WhenTheQueueIsFull() async throws {
        let image = try fixture("formats/sample.png")
        let configuration = testConfiguration {
            $0.workerCount = 1
            $0.maxQueuedJobs = 2
        }
        try await withServer(configuration, engines: .stubs(reader: StubSerialReader(blocks: true))) { _, client in
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<4 { statuses.append(try await submitScan(client, image: image).status) }
            // One job at most is running, so by the fourth submission two are waiting.
            #expect(statuses.last == .tooManyRequests)
            #expect([2, 3].contains(statuses.filter { $0 == .accepted }.count))
            let document = try decode(UploadResponse.self, try await uploadDocument(client)).documentId
            try expectError(
                try await client.execute(uri: "/api/v1/documents/\(document)/process", method: .post), .tooManyRequests,
                "RATE_LIMIT_EXCEEDED")
        }
    }
}
