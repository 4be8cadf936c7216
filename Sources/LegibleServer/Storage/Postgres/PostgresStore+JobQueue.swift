import Foundation
import PostgresNIO

extension PostgresStore {
    func claimNext(workerID: String, now: Date, maxRunningPerOwner: Int) async throws -> JobRecord? {
        try await guarded { [self] in
            // Owners take turns as on SQLite; SKIP LOCKED lets instances claim side by side without waiting on, or
            // taking, each other's row. (The per-owner cap is read before the claim, so instances claiming at the
            // same moment may start one job each past it.)
            try await client.query(
                """
                WITH owners AS (
                    SELECT owner, COUNT(*) FILTER (WHERE status = 'processing') AS running, MAX(started_at) AS last_start
                    FROM jobs WHERE status IN ('pending', 'processing') OR started_at IS NOT NULL
                    GROUP BY owner),
                next AS (
                    SELECT p.id FROM jobs p JOIN owners o ON o.owner = p.owner
                    WHERE p.status = 'pending' AND o.running < \(maxRunningPerOwner)
                    ORDER BY o.running, o.last_start NULLS FIRST, p.created_at, p.seq
                    LIMIT 1
                    FOR UPDATE OF p SKIP LOCKED)
                UPDATE jobs
                SET status = 'processing', claimed_by = \(workerID), started_at = \(now), updated_at = \(now),
                    heartbeat_at = \(now), attempts = attempts + 1, progress = 10, message = 'Processing'
                FROM next WHERE jobs.id = next.id
                RETURNING jobs.*
                """, logger: logger
            ).records(JobRecord.init(row:)).first
        }
    }

    func requeue(jobID: String, now: Date) async throws {
        try await guarded { [self] in
            try await client.query(
                """
                UPDATE jobs SET status = 'pending', claimed_by = NULL, heartbeat_at = NULL, progress = 0,
                    message = 'Waiting in the queue (re-queued)', updated_at = \(now)
                WHERE id = \(jobID) AND status = 'processing'
                """, logger: logger)
        }
    }

    /// At start, as every ``recoverExpiredLeases(now:maxAttempts:)``: on a shared database the jobs other
    /// instances are running are theirs; only jobs whose lease has run out are taken back.
    func recoverInterrupted(now: Date, maxAttempts: Int) async throws -> Int {
        try await recoverExpiredLeases(now: now, maxAttempts: maxAttempts)
    }

    func recoverExpiredLeases(now: Date, maxAttempts: Int) async throws -> Int {
        let logger = logger
        let expiredBefore = now.addingTimeInterval(-(leaseDuration ?? 30))
        return try await transaction { connection in
            let giveUp = "stopped \(maxAttempts) times while running; not retried"
            let poisoned = try await connection.query(
                """
                UPDATE jobs SET status = 'failed', message = 'Failed', error = \(giveUp), updated_at = \(now),
                    finished_at = \(now)
                WHERE status = 'processing' AND heartbeat_at < \(expiredBefore) AND attempts >= \(maxAttempts)
                RETURNING document_id
                """, logger: logger
            ).records { try $0.decode(String?.self) }
            for documentID in poisoned.compactMap({ $0 }) {
                try await connection.query(
                    """
                    UPDATE documents SET status = 'failed', error = \(giveUp), updated_at = \(now)
                    WHERE id = \(documentID) AND status IN ('processing', 'filling')
                    """, logger: logger)
            }
            return try await connection.query(
                """
                UPDATE jobs SET status = 'pending', claimed_by = NULL, heartbeat_at = NULL, progress = 0,
                    message = 'Waiting in the queue (re-queued: its server stopped)', updated_at = \(now)
                WHERE status = 'processing' AND heartbeat_at < \(expiredBefore)
                RETURNING id
                """, logger: logger
            ).records { _ in () }.count
        }
    }

    func heartbeat(instanceID: String, jobIDs: [String], now: Date) async throws {
        guard !jobIDs.isEmpty else { return }
        try await guarded { [self] in
            try await client.query(
                """
                UPDATE jobs SET heartbeat_at = \(now)
                WHERE status = 'processing' AND id = ANY(\(jobIDs)) AND claimed_by LIKE \(instanceID + ":%")
                """, logger: logger)
        }
    }

    func queueDepth() async throws -> Int {
        try await guarded { [self] in
            try await client.query("SELECT COUNT(*) FROM jobs WHERE status = 'pending'", logger: logger)
                .records { try $0.decode(Int.self) }.first ?? 0
        }
    }

    func queueDepth(owner: String) async throws -> Int {
        try await guarded { [self] in
            try await client.query(
                "SELECT COUNT(*) FROM jobs WHERE status = 'pending' AND owner = \(owner)", logger: logger
            ).records { try $0.decode(Int.self) }.first ?? 0
        }
    }

    func isCancelRequested(jobID: String) async throws -> Bool {
        try await guarded { [self] in
            // A deleted job counts as cancelled.
            try await client.query("SELECT cancel_requested FROM jobs WHERE id = \(jobID)", logger: logger)
                .records { try $0.decode(Bool.self) }.first ?? true
        }
    }

    func reportProgress(jobID: String, progress: Int, message: String, now: Date) async throws {
        try await guarded { [self] in
            try await client.query(
                """
                UPDATE jobs SET progress = \(min(99, max(0, progress))), message = \(message), updated_at = \(now),
                    heartbeat_at = \(now)
                WHERE id = \(jobID) AND status = 'processing'
                """, logger: logger)
        }
    }
}
