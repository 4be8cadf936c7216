import Foundation
import Testing

@testable import LegibleServer

/// What sharing one PostgreSQL database between instances adds to the queue: migrations applied once, each job
/// claimed once across instances, and a dead instance's jobs taken over after their lease. Runs when
/// `LEGIBLE_TEST_DATABASE_URL` names a database (CI starts PostgreSQL and sets it).
@Suite("PostgreSQL: one queue, several instances", .enabled(if: testDatabaseBaseURL != nil), .timeLimit(.minutes(3)))
struct PostgresQueueTests {
    static var baseURL: String? { testDatabaseBaseURL }

    /// A schema nobody has used: two stores opened on it are two instances sharing a database.
    static func freshDatabase() throws -> DatabaseURL {
        let base = try #require(baseURL)
        let name = "q" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(20).lowercased()
        return try DatabaseURL("\(base)\(base.contains("?") ? "&" : "?")schema=\(name)")
    }

    static func pendingScans(_ count: Int, in store: any StateStore, now: Date) async throws -> [String] {
        var ids: [String] = []
        for index in 0..<count {
            let job = JobRecord.pending(
                kind: .scan, owner: "owner-\(index % 3)", now: now.addingTimeInterval(Double(index) / 1000),
                lifetime: 3600)
            try await store.insert(job: job)
            ids.append(job.id)
        }
        return ids
    }

    @Test func instancesStartingTogetherMigrateOnce() async throws {
        let database = try Self.freshDatabase()
        let stores = try await withThrowingTaskGroup(of: PostgresStore.self) { group in
            for _ in 0..<4 { group.addTask { try await PostgresStore.open(url: database, logger: quietLogger) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let versions = try await stores[0].client.query("SELECT version FROM legible_schema_versions")
            .records { try $0.decode(Int.self) }
        #expect(versions == PostgresSchema.migrations.map(\.version))
        #expect(try await stores[3].queueDepth() == 0)
    }

    /// 200 jobs, eight workers on two instances claiming as fast as they can: every job is claimed exactly once.
    @Test func claimsAcrossInstancesTakeEveryJobOnce() async throws {
        let database = try Self.freshDatabase()
        let first = try await PostgresStore.open(url: database, logger: quietLogger)
        let second = try await PostgresStore.open(url: database, logger: quietLogger)
        let ids = try await Self.pendingScans(200, in: first, now: Date())
        let claimed = try await withThrowingTaskGroup(of: [String].self) { group in
            for worker in 0..<8 {
                let store: any StateStore = worker.isMultiple(of: 2) ? first : second
                group.addTask {
                    var mine: [String] = []
                    while let job = try await store.claimNext(workerID: "i\(worker % 2):\(worker)", now: Date()) {
                        mine.append(job.id)
                        _ = try await store.finishScan(
                            jobID: job.id, claim: job.claimedBy, outcome: .completed(result: nil, message: "done"), now: Date())
                    }
                    return mine
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(claimed.count == 200)
        #expect(Set(claimed) == Set(ids))
        #expect(try await second.queueDepth() == 0)
    }

    /// A job whose instance stops renewing its lease goes back to the queue once the lease has run out, and not
    /// before; a live instance's heartbeat keeps its job.
    @Test func aStoppedInstancesJobIsTakenOverAfterItsLease() async throws {
        let database = try Self.freshDatabase()
        let dead = try await PostgresStore.open(url: database, logger: quietLogger)
        let live = try await PostgresStore.open(url: database, logger: quietLogger)
        let lease = try #require(live.leaseDuration)
        let now = Date()
        let ids = try await Self.pendingScans(2, in: dead, now: now)
        let abandoned = try #require(try await dead.claimNext(workerID: "dead:0", now: now))
        let kept = try #require(try await live.claimNext(workerID: "live:0", now: now))
        #expect(Set([abandoned.id, kept.id]) == Set(ids))

        #expect(try await live.recoverExpiredLeases(now: now.addingTimeInterval(lease - 5), maxAttempts: 3) == 0)
        try await live.heartbeat(instanceID: "live", jobIDs: [kept.id], now: now.addingTimeInterval(lease - 5))
        #expect(try await live.recoverExpiredLeases(now: now.addingTimeInterval(lease + 5), maxAttempts: 3) == 1)

        let requeued = try #require(try await live.job(id: abandoned.id, owner: nil))
        #expect(requeued.status == .pending)
        #expect(try await live.job(id: kept.id, owner: nil)?.status == .processing)
        let retaken = try #require(try await live.claimNext(workerID: "live:1", now: now.addingTimeInterval(lease + 6)))
        #expect(retaken.id == abandoned.id)
        #expect(retaken.attempts == 2)

        // The stopped instance comes back and finishes its old claim: the job is the new claim's, so nothing is
        // recorded, and the new claim's result is.
        let late = JobOutcome.completed(result: "{\"stale\":true}", message: "done")
        #expect(try await dead.finishScan(jobID: abandoned.id, claim: abandoned.claimedBy, outcome: late, now: now) == nil)
        #expect(try await live.job(id: abandoned.id, owner: nil)?.status == .processing)
        let finished = try await live.finishScan(
            jobID: retaken.id, claim: retaken.claimedBy, outcome: .completed(result: nil, message: "done"), now: now)
        #expect(finished?.status == .completed)
        #expect(finished?.result == nil)
    }

    /// A job its instance claimed but no longer runs (its end could not be recorded while the database was away)
    /// is not renewed by the instance's heartbeat, so its lease runs out and it is taken up again.
    @Test func aClaimNoWorkerRunsIsNotRenewed() async throws {
        let database = try Self.freshDatabase()
        let store = try await PostgresStore.open(url: database, logger: quietLogger)
        let lease = try #require(store.leaseDuration)
        let now = Date()
        _ = try await Self.pendingScans(2, in: store, now: now)
        let running = try #require(try await store.claimNext(workerID: "i:0", now: now))
        let orphaned = try #require(try await store.claimNext(workerID: "i:1", now: now))
        try await store.heartbeat(instanceID: "i", jobIDs: [running.id], now: now.addingTimeInterval(lease - 1))
        #expect(try await store.recoverExpiredLeases(now: now.addingTimeInterval(lease + 1), maxAttempts: 3) == 1)
        #expect(try await store.job(id: orphaned.id, owner: nil)?.status == .pending)
        #expect(try await store.job(id: running.id, owner: nil)?.status == .processing)
    }

    /// A job whose instance dies on it three times fails with a clear message instead of taking a fourth down.
    @Test func aJobInterruptedThreeTimesFails() async throws {
        let database = try Self.freshDatabase()
        let store = try await PostgresStore.open(url: database, logger: quietLogger)
        let lease = try #require(store.leaseDuration)
        var now = Date()
        let id = try #require(try await Self.pendingScans(1, in: store, now: now).first)
        for attempt in 1...3 {
            let job = try #require(try await store.claimNext(workerID: "crashing-\(attempt):0", now: now))
            #expect(job.attempts == attempt)
            now = now.addingTimeInterval(lease + 1)
            _ = try await store.recoverExpiredLeases(now: now, maxAttempts: 3)
        }
        let job = try #require(try await store.job(id: id, owner: nil))
        #expect(job.status == .failed)
        #expect(job.error == "stopped 3 times while running; not retried")
    }
}

@Suite("PostgreSQL configuration")
struct PostgresConfigurationTests {
    @Test func urlsAreParsedAndPrintedWithoutThePassword() throws {
        let url = try DatabaseURL("postgres://app:s3cr%40t@db.internal:6432/legible?sslmode=require&schema=blue")
        #expect(url.host == "db.internal")
        #expect(url.port == 6432)
        #expect(url.username == "app")
        #expect(url.password == "s3cr@t")
        #expect(url.database == "legible")
        #expect(url.sslMode == .require)
        #expect(url.schema == "blue")
        #expect(url.description == "postgres://app:***@db.internal:6432/legible?schema=blue")
        for bad in ["mysql://a@b/c", "postgres://@host/db", "postgres://user@host/", "postgres://u:p@h/d?sslmode=maybe",
            "postgres://u@h/d?schema=drop%20table"]
        {
            #expect(throws: ConfigurationError.self, "\(bad)") { try DatabaseURL(bad) }
        }
        let error = try #require(throws: ConfigurationError.self) { try DatabaseURL("mysql://root:hunter2@h/d") }
        #expect(!error.description.contains("hunter2"))
    }

    /// Nothing listens on port 1: opening fails within the connect timeout with the URL (password masked).
    @Test func anUnreachableDatabaseIsAClearError() async throws {
        let url = try DatabaseURL("postgres://legible:hunter2@127.0.0.1:1/legible?sslmode=disable")
        let error = try await #require(throws: ConfigurationError.self) {
            _ = try await PostgresStore.open(url: url, connectTimeout: 1, logger: quietLogger)
        }
        #expect(error.description.hasPrefix("cannot use the database at postgres://legible:***@127.0.0.1:1/legible"))
        #expect(!error.description.contains("hunter2"))
    }
}
