import Foundation

/// The queue operations the job runner needs; `ServerStore` implements them on SQLite.
///
/// Claiming is one atomic statement that moves a pending job to `processing` and returns it. Keys (owners) take
/// turns: the job chosen belongs to the owner with the fewest jobs running, then the one served least recently,
/// and is that owner's oldest; an owner already running `maxRunningPerOwner` jobs waits. So one key's backlog
/// cannot hold every other key's jobs behind it. On
/// PostgreSQL, with several instances sharing a database, the same step is
/// `UPDATE jobs SET status = 'processing', ... WHERE id = (SELECT id FROM jobs WHERE status = 'pending'
/// ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING *`, and recovery re-queues only jobs whose
/// `claimed_by` instance has stopped sending heartbeats; the runner does not change.
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
}

extension JobQueue {
    /// Takes the next pending job with no cap on one owner's running jobs.
    func claimNext(workerID: String, now: Date) async throws -> JobRecord? {
        try await claimNext(workerID: workerID, now: now, maxRunningPerOwner: Int.max)
    }
}
