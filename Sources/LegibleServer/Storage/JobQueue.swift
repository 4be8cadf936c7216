import Foundation

/// The queue operations the job runner needs; ``SQLiteStore`` and ``PostgresStore`` implement them.
///
/// Claiming is one atomic statement that moves a pending job to `processing` and returns it. Keys (owners) take
/// turns: the job chosen belongs to the owner with the fewest jobs running, then the one served least recently,
/// and is that owner's oldest; an owner already running `maxRunningPerOwner` jobs waits. So one key's backlog
/// cannot hold every other key's jobs behind it. On PostgreSQL, with several instances sharing a database, the
/// claim skips rows another instance is claiming (`FOR UPDATE SKIP LOCKED`), claimed jobs carry a lease the
/// runner renews (``heartbeat(instanceID:jobIDs:now:)``), and recovery re-queues only jobs whose lease ran out.
protocol JobQueue: Sendable {
    /// Atomically takes the next pending job for `workerID`, owners in turn (above); nil when none may run.
    func claimNext(workerID: String, now: Date, maxRunningPerOwner: Int) async throws -> JobRecord?
    /// Puts a claimed job back at the front of the queue (shutdown, cancellation of the worker).
    func requeue(jobID: String, now: Date) async throws
    /// At start: jobs left `processing` by a stopped or crashed process go back to `pending`; jobs already tried
    /// `maxAttempts` times fail instead. Returns how many were re-queued.
    func recoverInterrupted(now: Date, maxAttempts: Int) async throws -> Int
    /// Pending jobs.
    func queueDepth() async throws -> Int
    /// Pending jobs of one owner.
    func queueDepth(owner: String) async throws -> Int
    /// Whether a cancel was asked for while the job ran.
    func isCancelRequested(jobID: String) async throws -> Bool
    /// Updates progress and message of a running job.
    func reportProgress(jobID: String, progress: Int, message: String, now: Date) async throws
    /// Seconds a claimed job stays this instance's without a heartbeat; nil when the queue is not shared (one
    /// process, where a job left running is known to be interrupted at start).
    var leaseDuration: TimeInterval? { get }
    /// Renews the leases of `jobIDs`, the jobs the workers of `instanceID` are running now. Only those: a job
    /// this instance claimed but no longer runs (its end could not be recorded while the database was away) lets
    /// its lease run out and is taken up again, instead of staying `processing` for good.
    func heartbeat(instanceID: String, jobIDs: [String], now: Date) async throws
    /// Re-queues running jobs whose lease ran out (their instance died), or fails those already tried
    /// `maxAttempts` times; returns how many were re-queued.
    func recoverExpiredLeases(now: Date, maxAttempts: Int) async throws -> Int
}

extension JobQueue {
    var leaseDuration: TimeInterval? { nil }
    func heartbeat(instanceID: String, jobIDs: [String], now: Date) async throws {}
    func recoverExpiredLeases(now: Date, maxAttempts: Int) async throws -> Int { 0 }

    /// Takes the next pending job with no cap on one owner's running jobs.
    func claimNext(workerID: String, now: Date) async throws -> JobRecord? {
        try await claimNext(workerID: workerID, now: now, maxRunningPerOwner: Int.max)
    }
}
