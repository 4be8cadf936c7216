import Foundation
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// The server's state in PostgreSQL, shared by every instance that names the same database (`--database`).
///
/// The same tables and rules as ``SQLiteStore``; what sharing adds: claims take the next job with
/// `FOR UPDATE SKIP LOCKED`, a claimed job carries its instance and a heartbeat, and a job whose instance stopped
/// sending heartbeats for ``leaseDuration`` is queued again by whichever instance notices first; expiry sweeps
/// run on one instance at a time (an advisory lock). Files are not in the database: every instance must see the
/// same `--data-dir` (a shared folder).
final class PostgresStore: StateStore {
    let url: DatabaseURL
    let client: PostgresClient
    let logger: Logger
    /// Seconds without a heartbeat after which another instance takes a claimed job over.
    let leaseDuration: TimeInterval?
    private let runTask: Task<Void, Never>
    /// When the database last failed to answer (a lost connection or a timeout); nil once it answers again.
    private let lastOutage = Mutex<Date?>(nil)

    var kind: String { "postgres" }

    /// Connects to `url`, applies the migrations and returns the store.
    /// - Throws: `ConfigurationError` naming the URL (password masked) when the database cannot be reached or
    ///   migrated within `connectTimeout` seconds.
    static func open(url: DatabaseURL, lease: TimeInterval = 30, connectTimeout: TimeInterval = 10, logger: Logger)
        async throws -> PostgresStore
    {
        let store = PostgresStore(url: url, lease: lease, connectTimeout: connectTimeout, logger: logger)
        do {
            try await withTimeout(seconds: connectTimeout + 5) {
                let applied = try await PostgresSchema.migrate(store.client, schema: url.schema, logger: logger)
                if !applied.isEmpty { logger.info("database migrated", metadata: ["versions": "\(applied)"]) }
            }
        } catch {
            store.close()
            throw ConfigurationError("cannot use the database at \(url): \(Self.reason(error))")
        }
        return store
    }

    private init(url: DatabaseURL, lease: TimeInterval, connectTimeout: TimeInterval, logger: Logger) {
        self.url = url
        self.logger = logger
        self.leaseDuration = lease
        let tls: PostgresClient.Configuration.TLS =
            switch url.sslMode {
            case .disable: .disable
            case .prefer: .prefer(.makeClientConfiguration())
            case .require: .require(.makeClientConfiguration())
            }
        var configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.username, password: url.password, database: url.database,
            tls: tls)
        configuration.options.connectTimeout = .milliseconds(Int64(connectTimeout * 1000))
        // Requests hold a connection for one statement or one short transaction; workers, sweeps and routes of
        // one instance rarely need more, and PostgreSQL's default allows 100 across all instances.
        configuration.options.maximumConnections = 10
        if let schema = url.schema { configuration.options.additionalStartupParameters = [("search_path", schema)] }
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        self.runTask = Task { await client.run() }
    }

    /// Closes the connections. Calls after this fail.
    func close() {
        runTask.cancel()
    }

    deinit { runTask.cancel() }

    /// A short reason for `error`: PostgreSQL's own message when the server sent one.
    static func reason(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            return "\(error.code)" + (error.underlying.map { ": \($0)" } ?? "")
        }
        return "\(error)"
    }

    /// Longest one store operation may wait for the database (a connection and its statements), in seconds.
    static let operationTimeout: TimeInterval = 30
    /// The same within ``outageWindow`` seconds of a failure to answer. While the database is away, PostgresClient
    /// holds each request until it can connect again; once an outage has been seen, requests are answered 503
    /// after this short wait instead of the long one.
    static let outageTimeout: TimeInterval = 1
    static let outageWindow: TimeInterval = 10

    /// Runs `body` within the time limit (above), turning a database failure or a timeout into
    /// `StoreError.unavailable` (503) and keeping ``StoreError``s.
    @discardableResult
    func guarded<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let now = Date()
        let recent = lastOutage.withLock { $0.map { now.timeIntervalSince($0) < Self.outageWindow } ?? false }
        do {
            let value = try await withTimeout(seconds: recent ? Self.outageTimeout : Self.operationTimeout, body)
            if recent { lastOutage.withLock { $0 = nil } }
            return value
        } catch let error as StoreError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as PostgresTransactionError {
            // A transaction's closure threw (and was rolled back): its own error is what happened.
            if let inner = error.closureError as? StoreError { throw inner }
            if error.closureError is CancellationError { throw CancellationError() }
            let cause = error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError ?? error
            noteOutage(cause)
            throw StoreError.unavailable(Self.reason(cause))
        } catch {
            noteOutage(error)
            throw StoreError.unavailable(Self.reason(error))
        }
    }

    /// Remembers that the database did not answer, when `error` says so (a timeout, a lost or refused connection;
    /// not an error PostgreSQL itself answered with).
    private func noteOutage(_ error: any Error) {
        if let error = error as? PSQLError, error.code == .server { return }
        lastOutage.withLock { $0 = Date() }
    }

    /// Runs `body` in a transaction, with the same error mapping as ``guarded(_:)``. A transaction PostgreSQL
    /// aborted to break a deadlock or a serialisation conflict (SQLSTATE 40P01, 40001) is run again, up to three
    /// times in all.
    @discardableResult
    func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await guarded { [self] in
            var attempt = 1
            while true {
                do {
                    return try await client.withTransaction(logger: logger) { connection in try await body(connection) }
                } catch where attempt < 3 && ["40P01", "40001"].contains(Self.sqlState(of: error)) {
                    attempt += 1
                }
            }
        }
    }

    /// The SQLSTATE PostgreSQL answered with, when `error` (or the transaction step that failed) carries one.
    static func sqlState(of error: any Error) -> String? {
        if let error = error as? PSQLError { return error.serverInfo?[.sqlState] }
        if let error = error as? PostgresTransactionError {
            for step in [error.closureError, error.commitError, error.beginError] {
                if let step, let state = sqlState(of: step) { return state }
            }
        }
        return nil
    }

    // MARK: Scan jobs

    static func insert(_ job: JobRecord, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            """
            INSERT INTO jobs (id, kind, owner, status, progress, message, document_id, device_type, preset, result,
                error, attempts, cancel_requested, claimed_by, created_at, updated_at, started_at, finished_at, expires_at)
            VALUES (\(job.id), \(job.kind.rawValue), \(job.owner), \(job.status.rawValue), \(job.progress),
                \(job.message), \(job.documentId), \(job.deviceType), \(job.preset), \(job.result), \(job.error),
                \(job.attempts), \(job.cancelRequested), \(job.claimedBy), \(job.createdAt), \(job.updatedAt),
                \(job.startedAt), \(job.finishedAt), \(job.expiresAt))
            """, logger: logger)
    }

    static func update(_ job: JobRecord, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            """
            UPDATE jobs SET status = \(job.status.rawValue), progress = \(job.progress), message = \(job.message),
                result = \(job.result), error = \(job.error), cancel_requested = \(job.cancelRequested),
                updated_at = \(job.updatedAt), finished_at = \(job.finishedAt)
            WHERE id = \(job.id)
            """, logger: logger)
    }

    static func fetchJob(_ id: String, on connection: PostgresConnection, logger: Logger, lock: Bool = false)
        async throws -> JobRecord?
    {
        let rows =
            lock
            ? try await connection.query("SELECT * FROM jobs WHERE id = \(id) FOR UPDATE", logger: logger)
            : try await connection.query("SELECT * FROM jobs WHERE id = \(id)", logger: logger)
        return try await rows.records(JobRecord.init(row:)).first
    }

    func insert(job: JobRecord) async throws {
        let logger = logger
        try await transaction { connection in try await Self.insert(job, on: connection, logger: logger) }
    }

    func job(id: String, owner: String?, kind: JobKind?) async throws -> JobRecord? {
        try await guarded { [self] in
            let rows = try await client.query("SELECT * FROM jobs WHERE id = \(id)", logger: logger)
            guard let job = try await rows.records(JobRecord.init(row:)).first else { return nil }
            if let owner, job.owner != owner { return nil }
            if let kind, job.kind != kind { return nil }
            return job
        }
    }

    func scanJobs(owner: String, status: JobStatus?, limit: Int) async throws -> [JobRecord] {
        try await guarded { [self] in
            let rows =
                if let status {
                    try await client.query(
                        """
                        SELECT * FROM jobs WHERE owner = \(owner) AND kind = 'scan' AND status = \(status.rawValue)
                        ORDER BY created_at DESC LIMIT \(limit)
                        """, logger: logger)
                } else {
                    try await client.query(
                        """
                        SELECT * FROM jobs WHERE owner = \(owner) AND kind = 'scan'
                        ORDER BY created_at DESC LIMIT \(limit)
                        """, logger: logger)
                }
            return try await rows.records(JobRecord.init(row:))
        }
    }

    func cancelScanJob(id: String, owner: String, now: Date) async throws -> JobRecord {
        let logger = logger
        return try await transaction { connection in
            guard var job = try await Self.fetchJob(id, on: connection, logger: logger, lock: true),
                job.owner == owner, job.kind == .scan
            else { throw StoreError.notFound }
            try job.cancel(now: now)
            try await Self.update(job, on: connection, logger: logger)
            return job
        }
    }

    func deleteScanJob(id: String, owner: String) async throws {
        try await guarded { [self] in
            let rows = try await client.query(
                "DELETE FROM jobs WHERE id = \(id) AND owner = \(owner) AND kind = 'scan' RETURNING id",
                logger: logger)
            if try await rows.records({ _ in () }).isEmpty { throw StoreError.notFound }
        }
    }

    func finishScan(jobID: String, claim: String?, outcome: JobOutcome, now: Date) async throws -> JobRecord? {
        let logger = logger
        return try await transaction { connection in
            guard var job = try await Self.fetchJob(jobID, on: connection, logger: logger, lock: true),
                job.isRunning(under: claim)
            else { return nil }
            job.apply(outcome, now: now)
            try await Self.update(job, on: connection, logger: logger)
            return job
        }
    }

    // MARK: Documents

    static func fetchDocument(_ id: String, on connection: PostgresConnection, logger: Logger) async throws
        -> DocumentRecord?
    {
        try await connection.query("SELECT * FROM documents WHERE id = \(id) FOR UPDATE", logger: logger)
            .records(DocumentRecord.init(row:)).first
    }

    static func update(_ document: DocumentRecord, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            """
            UPDATE documents SET status = \(document.status.rawValue), page_count = \(document.pageCount),
                layout = \(document.layout), error = \(document.error), updated_at = \(document.updatedAt)
            WHERE id = \(document.id)
            """, logger: logger)
    }

    func insert(document: DocumentRecord) async throws {
        try await guarded { [self] in
            try await client.query(
                """
                INSERT INTO documents (id, owner, file_name, mime_type, status, page_count, sha256, byte_count, layout,
                    error, created_at, updated_at, expires_at)
                VALUES (\(document.id), \(document.owner), \(document.fileName), \(document.mimeType),
                    \(document.status.rawValue), \(document.pageCount), \(document.sha256), \(document.byteCount),
                    \(document.layout), \(document.error), \(document.createdAt), \(document.updatedAt),
                    \(document.expiresAt))
                """, logger: logger)
        }
    }

    func document(id: String, owner: String?) async throws -> DocumentRecord? {
        try await guarded { [self] in
            let rows = try await client.query("SELECT * FROM documents WHERE id = \(id)", logger: logger)
            guard let document = try await rows.records(DocumentRecord.init(row:)).first else { return nil }
            if let owner, document.owner != owner { return nil }
            return document
        }
    }

    func values(documentID: String) async throws -> [FieldValueRecord] {
        try await guarded { [self] in
            try await client.query(
                "SELECT * FROM field_values WHERE document_id = \(documentID) ORDER BY field_region_id",
                logger: logger
            ).records(FieldValueRecord.init(row:))
        }
    }

    func startDocumentJob(documentID: String, owner: String, job: JobRecord, now: Date) async throws -> DocumentRecord {
        let logger = logger
        return try await transaction { connection in
            guard var document = try await Self.fetchDocument(documentID, on: connection, logger: logger),
                document.owner == owner
            else { throw StoreError.notFound }
            try document.start(job.kind, now: now)
            try await Self.update(document, on: connection, logger: logger)
            try await Self.insert(job, on: connection, logger: logger)
            return document
        }
    }

    func saveValues(documentID: String, owner: String, values: [FieldValueInput], now: Date) async throws
        -> [FieldValueRecord]
    {
        let logger = logger
        return try await transaction { connection in
            guard var document = try await Self.fetchDocument(documentID, on: connection, logger: logger),
                document.owner == owner
            else { throw StoreError.notFound }
            let regionIDs = try document.acceptValues(values, now: now)
            for (value, region) in zip(values, regionIDs) {
                try await connection.query(
                    """
                    INSERT INTO field_values (document_id, field_region_id, value, source, updated_at)
                    VALUES (\(documentID), \(region), \(value.value), \(value.source.rawValue), \(now))
                    ON CONFLICT (document_id, field_region_id)
                    DO UPDATE SET value = EXCLUDED.value, source = EXCLUDED.source, updated_at = EXCLUDED.updated_at
                    """, logger: logger)
            }
            try await Self.update(document, on: connection, logger: logger)
            return try await connection.query(
                "SELECT * FROM field_values WHERE document_id = \(documentID) ORDER BY field_region_id",
                logger: logger
            ).records(FieldValueRecord.init(row:))
        }
    }

    func deleteDocument(id: String, owner: String) async throws {
        try await guarded { [self] in
            let rows = try await client.query(
                "DELETE FROM documents WHERE id = \(id) AND owner = \(owner) RETURNING id", logger: logger)
            if try await rows.records({ _ in () }).isEmpty { throw StoreError.notFound }
        }
    }

    func finishDocumentJob(
        jobID: String, claim: String?, outcome: JobOutcome, now: Date, from: DocumentStatus, to: DocumentStatus,
        completed: @escaping @Sendable (inout DocumentRecord) -> Void
    ) async throws -> Bool {
        let logger = logger
        return try await transaction { connection in
            // The document's row is locked before the job's, the order a document's deletion takes them in
            // (its jobs go with it); the other order deadlocks against a delete.
            let documentID = try await Self.fetchJob(jobID, on: connection, logger: logger)?.documentId
            let document = try await documentID.asyncMap { try await Self.fetchDocument($0, on: connection, logger: logger) }
            guard var job = try await Self.fetchJob(jobID, on: connection, logger: logger, lock: true),
                job.isRunning(under: claim)
            else { return false }
            job.apply(outcome, now: now)
            try await Self.update(job, on: connection, logger: logger)
            guard var document = document ?? nil,
                document.finishJob(outcome, from: from, to: to, now: now, completed: completed)
            else { return true }
            try await Self.update(document, on: connection, logger: logger)
            return true
        }
    }

    // MARK: Expiry

    func deleteExpired(now: Date) async throws -> (jobIDs: [String], documentIDs: [String]) {
        let logger = logger
        return try await transaction { connection in
            // Instances sweep one at a time; the next finds nothing left to delete.
            try await connection.query(
                "SELECT pg_advisory_xact_lock(\(PostgresSchema.lockClass), hashtext('sweep:' || current_schema()))",
                logger: logger)
            let jobIDs = try await connection.query(
                "DELETE FROM jobs WHERE expires_at < \(now) AND status != 'processing' RETURNING id", logger: logger
            ).records { try $0.decode(String.self) }
            let documentIDs = try await connection.query(
                """
                DELETE FROM documents WHERE expires_at < \(now) AND status NOT IN ('processing', 'filling')
                RETURNING id
                """, logger: logger
            ).records { try $0.decode(String.self) }
            // Rate-limit windows are read only while current; a day covers any configured window.
            try await connection.query(
                "DELETE FROM rate_windows WHERE window_start < \(now.addingTimeInterval(-86_400))", logger: logger)
            return (jobIDs, documentIDs)
        }
    }

    func liveIDs() async throws -> (jobIDs: Set<String>, documentIDs: Set<String>) {
        try await guarded { [self] in
            let jobs = try await client.query("SELECT id FROM jobs WHERE kind = 'scan'", logger: logger)
                .records { try $0.decode(String.self) }
            let documents = try await client.query("SELECT id FROM documents", logger: logger)
                .records { try $0.decode(String.self) }
            return (Set(jobs), Set(documents))
        }
    }
}

extension Optional {
    /// `map` for an async transform.
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
