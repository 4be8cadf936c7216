import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LegibleServer

/// Keys take turns for workers, and one key cannot fill the queue for everyone.
@Suite("Fair queue", .timeLimit(.minutes(2)))
struct FairQueueTests {
    func store() async throws -> any StateStore { try await makeTestStore() }

    /// `count` pending scans of `owner`, created `offset` seconds apart from `start`.
    func enqueue(_ store: any StateStore, owner: String, count: Int, start: Date) async throws -> [String] {
        var ids: [String] = []
        for index in 0..<count {
            let job = JobRecord.pending(
                kind: .scan, owner: owner, now: start.addingTimeInterval(Double(index)), lifetime: 3600)
            try await store.insert(job: job)
            ids.append(job.id)
        }
        return ids
    }

    @Test func aKeyWithABacklogDoesNotHoldAnotherKeysJobBehindIt() async throws {
        let store = try await store()
        let start = Date()
        let backlog = try await enqueue(store, owner: "a", count: 20, start: start)
        let latecomer = try await enqueue(store, owner: "b", count: 1, start: start.addingTimeInterval(60))
        // Two workers: the second claim goes to the key with nothing running, not to the older backlog.
        let first = try #require(try await store.claimNext(workerID: "w:0", now: start.addingTimeInterval(61)))
        let second = try #require(try await store.claimNext(workerID: "w:1", now: start.addingTimeInterval(62)))
        #expect(first.id == backlog[0])
        #expect(second.id == latecomer[0])
    }

    /// A job put back in the queue (its worker's lease ran out) and claimed again belongs to the new claim: the
    /// old worker's late result is not recorded.
    @Test func onlyTheCurrentClaimFinishesAJob() async throws {
        let store = try await store()
        let now = Date()
        let id = try #require(try await enqueue(store, owner: "a", count: 1, start: now).first)
        let first = try #require(try await store.claimNext(workerID: "old:0", now: now))
        try await store.requeue(jobID: id, now: now)
        let second = try #require(try await store.claimNext(workerID: "new:0", now: now))
        #expect(second.id == id)
        let stale = JobOutcome.failed("the old worker's late answer")
        #expect(try await store.finishScan(jobID: id, claim: first.claimedBy, outcome: stale, now: now) == nil)
        let finished = try await store.finishScan(
            jobID: id, claim: second.claimedBy, outcome: .completed(result: nil, message: "done"), now: now)
        #expect(finished?.status == .completed)
    }

    @Test func oneWorkerServesKeysInTurn() async throws {
        let store = try await store()
        let start = Date()
        let a = try await enqueue(store, owner: "a", count: 3, start: start)
        let b = try await enqueue(store, owner: "b", count: 2, start: start.addingTimeInterval(10))
        var order: [String] = []
        for step in 0..<5 {
            let now = start.addingTimeInterval(100 + Double(step))
            let job = try #require(try await store.claimNext(workerID: "w:0", now: now))
            order.append(job.id)
            _ = try await store.finishScan(jobID: job.id, claim: job.claimedBy, outcome: .completed(result: nil, message: "done"), now: now)
        }
        #expect(order == [a[0], b[0], a[1], b[1], a[2]])
    }

    @Test func aKeyAtItsRunningCapWaitsWhileOthersRun() async throws {
        let store = try await store()
        let start = Date()
        _ = try await enqueue(store, owner: "a", count: 3, start: start)
        #expect(try await store.claimNext(workerID: "w:0", now: start, maxRunningPerOwner: 1)?.owner == "a")
        #expect(try await store.claimNext(workerID: "w:1", now: start, maxRunningPerOwner: 1) == nil)
        let b = try await enqueue(store, owner: "b", count: 1, start: start.addingTimeInterval(5))
        #expect(try await store.claimNext(workerID: "w:1", now: start, maxRunningPerOwner: 1)?.id == b[0])
    }

    @Test func oneKeyCannotFillTheQueue() async throws {
        let image = try fixture("formats/sample.png")
        let configuration = testConfiguration {
            $0.apiKeys = ["key-alpha-0123456789", "key-bravo-0123456789"]
            $0.maxQueuedJobsPerKey = 2
            $0.workerCount = 1
        }
        try await withServer(configuration, engines: .stubs(reader: StubSerialReader(blocks: true))) { server, client in
            var alpha = HTTPFields(), bravo = HTTPFields()
            alpha[.apiKey] = "key-alpha-0123456789"
            bravo[.apiKey] = "key-bravo-0123456789"
            // Three of alpha's scans: the one worker is held by one of them, so at least two wait in the queue.
            let owner = APIKeyMiddleware.fingerprint("key-alpha-0123456789")
            for _ in 0..<3 {
                let job = JobRecord.pending(kind: .scan, owner: owner, now: Date(), lifetime: 3600)
                try server.files.write(image, to: server.files.scanImage(jobID: job.id))
                try await server.store.insert(job: job)
            }
            let refused = try await submitScan(client, image: image, headers: alpha)
            try expectError(refused, .tooManyRequests, "RATE_LIMIT_EXCEEDED")
            #expect(try errorEnvelope(refused).message.contains("its limit of 2"))
            #expect(try await submitScan(client, image: image, headers: bravo).status == .accepted)
        }
    }
}
