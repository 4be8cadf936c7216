import Foundation
import GRDB

/// The server's state in one SQLite database (`<data-dir>/legible.sqlite`, WAL): jobs, documents and field values;
/// the default store, for one instance. Every state change is one transaction.
final class SQLiteStore: StateStore {
    let database: DatabasePool

    /// Opens (creating if needed) the database at `path` and migrates it.
    init(path: String) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(10)
        database = try DatabasePool(path: path, configuration: configuration)
        try DatabaseSchema.migrator.migrate(database)
    }

    // MARK: Scan jobs

    func insert(job: JobRecord) async throws {
        try await database.write { db in try job.insert(db) }
    }

    var kind: String { "sqlite" }

    func job(id: String, owner: String?, kind: JobKind?) async throws -> JobRecord? {
        try await database.read { db in
            guard let job = try JobRecord.fetchOne(db, key: id) else { return nil }
            if let owner, job.owner != owner { return nil }
            if let kind, job.kind != kind { return nil }
            return job
        }
    }

    func scanJobs(owner: String, status: JobStatus?, limit: Int) async throws -> [JobRecord] {
        try await database.read { db in
            var request = JobRecord.filter(Column("owner") == owner && Column("kind") == JobKind.scan.rawValue)
            if let status { request = request.filter(Column("status") == status.rawValue) }
            return try request.order(Column("created_at").desc).limit(limit).fetchAll(db)
        }
    }

    /// Cancels a scan job: a pending one at once, a running one when its worker next looks.
    func cancelScanJob(id: String, owner: String, now: Date) async throws -> JobRecord {
        try await database.write { db in
            guard var job = try JobRecord.fetchOne(db, key: id), job.owner == owner, job.kind == .scan else {
                throw StoreError.notFound
            }
            try job.cancel(now: now)
            try job.update(db)
            return job
        }
    }

    /// Deletes a scan job; a running one is told to stop and its result is dropped.
    func deleteScanJob(id: String, owner: String) async throws {
        try await database.write { db in
            guard let job = try JobRecord.fetchOne(db, key: id), job.owner == owner, job.kind == .scan else {
                throw StoreError.notFound
            }
            try job.delete(db)
        }
    }

    func finishScan(jobID: String, claim: String?, outcome: JobOutcome, now: Date) async throws -> JobRecord? {
        try await database.write { db in
            guard var job = try JobRecord.fetchOne(db, key: jobID), job.isRunning(under: claim) else { return nil }
            job.apply(outcome, now: now)
            try job.update(db)
            return job
        }
    }

    // MARK: Documents

    func insert(document: DocumentRecord) async throws {
        try await database.write { db in try document.insert(db) }
    }

    func document(id: String, owner: String?) async throws -> DocumentRecord? {
        try await database.read { db in
            guard let document = try DocumentRecord.fetchOne(db, key: id) else { return nil }
            if let owner, document.owner != owner { return nil }
            return document
        }
    }

    func values(documentID: String) async throws -> [FieldValueRecord] {
        try await database.read { db in
            try FieldValueRecord.filter(Column("document_id") == documentID)
                .order(Column("field_region_id")).fetchAll(db)
        }
    }

    /// Moves a document to the state `job` runs in and queues it. Of two concurrent composes exactly one
    /// succeeds; the other sees `filling` and gets a conflict.
    func startDocumentJob(documentID: String, owner: String, job: JobRecord, now: Date) async throws -> DocumentRecord {
        try await database.write { db in
            guard var document = try DocumentRecord.fetchOne(db, key: documentID), document.owner == owner else {
                throw StoreError.notFound
            }
            try document.start(job.kind, now: now)
            try document.update(db)
            try job.insert(db)
            return document
        }
    }

    /// Stores values for known regions (all or nothing). A filled document goes back to `ready`.
    func saveValues(documentID: String, owner: String, values: [FieldValueInput], now: Date) async throws
        -> [FieldValueRecord]
    {
        try await database.write { db in
            guard var document = try DocumentRecord.fetchOne(db, key: documentID), document.owner == owner else {
                throw StoreError.notFound
            }
            let regionIDs = try document.acceptValues(values, now: now)
            for (value, regionID) in zip(values, regionIDs) {
                let record = FieldValueRecord(
                    documentId: documentID, fieldRegionId: regionID, value: value.value, source: value.source,
                    updatedAt: now)
                try record.upsert(db)
            }
            try document.update(db)
            return try FieldValueRecord.filter(Column("document_id") == documentID)
                .order(Column("field_region_id")).fetchAll(db)
        }
    }

    func deleteDocument(id: String, owner: String) async throws {
        try await database.write { db in
            guard let document = try DocumentRecord.fetchOne(db, key: id), document.owner == owner else {
                throw StoreError.notFound
            }
            try document.delete(db)
        }
    }

    func finishDocumentJob(
        jobID: String, claim: String?, outcome: JobOutcome, now: Date, from: DocumentStatus, to: DocumentStatus,
        completed: @escaping @Sendable (inout DocumentRecord) -> Void
    ) async throws -> Bool {
        try await database.write { db in
            guard var job = try JobRecord.fetchOne(db, key: jobID), job.isRunning(under: claim) else { return false }
            job.apply(outcome, now: now)
            try job.update(db)
            guard let documentID = job.documentId, var document = try DocumentRecord.fetchOne(db, key: documentID),
                document.finishJob(outcome, from: from, to: to, now: now, completed: completed)
            else { return true }
            try document.update(db)
            return true
        }
    }

    // MARK: Expiry

    /// Deletes expired jobs and documents; returns what went so their files can be removed.
    func deleteExpired(now: Date) async throws -> (jobIDs: [String], documentIDs: [String]) {
        try await database.write { db in
            let jobIDs = try String.fetchAll(
                db, sql: "SELECT id FROM jobs WHERE expires_at < ? AND status != 'processing'", arguments: [now])
            try db.execute(
                sql: "DELETE FROM jobs WHERE expires_at < ? AND status != 'processing'", arguments: [now])
            let documentIDs = try String.fetchAll(
                db, sql: "SELECT id FROM documents WHERE expires_at < ? AND status NOT IN ('processing', 'filling')",
                arguments: [now])
            try db.execute(
                sql: "DELETE FROM documents WHERE expires_at < ? AND status NOT IN ('processing', 'filling')",
                arguments: [now])
            return (jobIDs, documentIDs)
        }
    }

    /// Ids of all documents and scan jobs, for removing files that no row refers to.
    func liveIDs() async throws -> (jobIDs: Set<String>, documentIDs: Set<String>) {
        try await database.read { db in
            (
                Set(try String.fetchAll(db, sql: "SELECT id FROM jobs WHERE kind = 'scan'")),
                Set(try String.fetchAll(db, sql: "SELECT id FROM documents"))
            )
        }
    }
}
