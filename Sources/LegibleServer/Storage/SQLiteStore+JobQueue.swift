import Foundation
import GRDB

extension SQLiteStore {
    func claimNext(workerID: String, now: Date, maxRunningPerOwner: Int) async throws -> JobRecord? {
        try await database.write { db in
            try JobRecord.fetchOne(
                db,
                sql: """
                    WITH owners AS (
                        SELECT owner, SUM(status = 'processing') AS running, MAX(started_at) AS last_start
                        FROM jobs WHERE status IN ('pending', 'processing') OR started_at IS NOT NULL
                        GROUP BY owner)
                    UPDATE jobs
                    SET status = 'processing', claimed_by = ?, started_at = ?, updated_at = ?,
                        attempts = attempts + 1, progress = 10, message = 'Processing'
                    WHERE id = (
                        SELECT p.id FROM jobs p JOIN owners o ON o.owner = p.owner
                        WHERE p.status = 'pending' AND o.running < ?
                        ORDER BY o.running, o.last_start, p.created_at, p.rowid LIMIT 1)
                    RETURNING *
                    """,
                arguments: [workerID, now, now, maxRunningPerOwner])
        }
    }

    func requeue(jobID: String, now: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    UPDATE jobs SET status = 'pending', claimed_by = NULL, progress = 0,
                        message = 'Waiting in the queue (re-queued)', updated_at = ?
                    WHERE id = ? AND status = 'processing'
                    """,
                arguments: [now, jobID])
        }
    }

    func recoverInterrupted(now: Date, maxAttempts: Int) async throws -> Int {
        try await database.write { db in
            let giveUp = "stopped \(maxAttempts) times while running; not retried"
            let poisoned = try JobRecord.fetchAll(
                db, sql: "SELECT * FROM jobs WHERE status = 'processing' AND attempts >= ?", arguments: [maxAttempts])
            for var job in poisoned {
                job.apply(.failed(giveUp), now: now)
                try job.update(db)
                if let documentID = job.documentId {
                    try db.execute(
                        sql: """
                            UPDATE documents SET status = 'failed', error = ?, updated_at = ?
                            WHERE id = ? AND status IN ('processing', 'filling')
                            """,
                        arguments: [giveUp, now, documentID])
                }
            }
            try db.execute(
                sql: """
                    UPDATE jobs SET status = 'pending', claimed_by = NULL, progress = 0,
                        message = 'Waiting in the queue (re-queued after restart)', updated_at = ?
                    WHERE status = 'processing'
                    """,
                arguments: [now])
            return db.changesCount
        }
    }

    func queueDepth() async throws -> Int {
        try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM jobs WHERE status = 'pending'") ?? 0
        }
    }

    func queueDepth(owner: String) async throws -> Int {
        try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM jobs WHERE status = 'pending' AND owner = ?", arguments: [owner])
                ?? 0
        }
    }

    func isCancelRequested(jobID: String) async throws -> Bool {
        try await database.read { db in
            // A deleted job counts as cancelled.
            try Bool.fetchOne(db, sql: "SELECT cancel_requested FROM jobs WHERE id = ?", arguments: [jobID]) ?? true
        }
    }

    func reportProgress(jobID: String, progress: Int, message: String, now: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE jobs SET progress = ?, message = ?, updated_at = ? WHERE id = ? AND status = 'processing'",
                arguments: [min(99, max(0, progress)), message, now, jobID])
        }
    }
}
