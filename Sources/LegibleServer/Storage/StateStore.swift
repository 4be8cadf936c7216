import Foundation

/// Everything the server keeps between requests: jobs and their queue, documents and field values.
///
/// Two implementations: ``SQLiteStore`` (the default, one instance, `<data-dir>/legible.sqlite`) and
/// ``PostgresStore`` (`--database postgres://...`, shared by any number of instances). Every state change is one
/// transaction on either. Errors: ``StoreError`` for outcomes the routes turn into 404/409/400, and
/// `StoreError.unavailable` when the database cannot be reached (503).
protocol StateStore: JobQueue {
    /// `sqlite` or `postgres`, as `/health` reports it.
    var kind: String { get }

    // MARK: Scan jobs

    func insert(job: JobRecord) async throws
    /// The job with `id`, when `owner` (if given) owns it and it is of `kind` (if given).
    func job(id: String, owner: String?, kind: JobKind?) async throws -> JobRecord?
    /// `owner`'s scan jobs, newest first.
    func scanJobs(owner: String, status: JobStatus?, limit: Int) async throws -> [JobRecord]
    /// Cancels a scan job: a pending one at once, a running one when its worker next looks.
    func cancelScanJob(id: String, owner: String, now: Date) async throws -> JobRecord
    /// Deletes a scan job; a running one is told to stop and its result is dropped.
    func deleteScanJob(id: String, owner: String) async throws
    /// Records a scan's end when the job is still processing under `claim` (``JobRecord/claimedBy`` of the claimed
    /// job); nil when it had moved on (cancelled, deleted, or taken over after its lease ran out).
    func finishScan(jobID: String, claim: String?, outcome: JobOutcome, now: Date) async throws -> JobRecord?

    // MARK: Documents

    func insert(document: DocumentRecord) async throws
    func document(id: String, owner: String?) async throws -> DocumentRecord?
    func values(documentID: String) async throws -> [FieldValueRecord]
    /// Moves a document to the state `job` (a detection or a compose) runs in and queues the job, in one
    /// transaction (`DocumentRecord.start(_:now:)`); of two concurrent composes one succeeds.
    func startDocumentJob(documentID: String, owner: String, job: JobRecord, now: Date) async throws -> DocumentRecord
    /// Stores values for known regions (all or nothing); a filled document goes back to `ready`.
    func saveValues(documentID: String, owner: String, values: [FieldValueInput], now: Date) async throws
        -> [FieldValueRecord]
    func deleteDocument(id: String, owner: String) async throws
    /// Ends a document's job in one transaction: a job still processing under `claim` takes `outcome` (the return
    /// value says whether it was), and its document, if still in state `from`, moves to `to` (after `completed`
    /// has updated it) when the job completed, else to `failed` with the job's message
    /// (`DocumentRecord.finishJob`). A job or document already moved on (cancelled, expired) is left alone.
    /// ``finishDetect(jobID:claim:layout:outcome:now:)`` and ``finishCompose(jobID:claim:outcome:now:)`` say which
    /// states each job kind moves between.
    func finishDocumentJob(
        jobID: String, claim: String?, outcome: JobOutcome, now: Date, from: DocumentStatus, to: DocumentStatus,
        completed: @escaping @Sendable (inout DocumentRecord) -> Void
    ) async throws -> Bool

    // MARK: Expiry

    /// Deletes expired jobs and documents; returns what went so their files can be removed. With several
    /// instances on one database, one of them sweeps at a time (the others get nothing to remove).
    func deleteExpired(now: Date) async throws -> (jobIDs: [String], documentIDs: [String])
    /// Ids of all documents and scan jobs, for removing files that no row refers to.
    func liveIDs() async throws -> (jobIDs: Set<String>, documentIDs: Set<String>)
}

extension StateStore {
    func job(id: String, owner: String?) async throws -> JobRecord? {
        try await job(id: id, owner: owner, kind: nil)
    }

    /// Records the end of a detection job still running under `claim` and the document's new state: `ready` with
    /// the layout found, or `failed` with the job's message; returns false, changing nothing, when the job had
    /// moved on.
    @discardableResult
    func finishDetect(jobID: String, claim: String?, layout: DetectedLayout?, outcome: JobOutcome, now: Date)
        async throws -> Bool
    {
        try await finishDocumentJob(
            jobID: jobID, claim: claim, outcome: outcome, now: now, from: .processing, to: .ready,
            completed: try DocumentRecord.detected(layout))
    }

    /// Records the end of a compose job still running under `claim` and the document's new state: `filled`, or
    /// `failed` with the job's message; returns false, changing nothing, when the job had moved on.
    @discardableResult
    func finishCompose(jobID: String, claim: String?, outcome: JobOutcome, now: Date) async throws -> Bool {
        try await finishDocumentJob(
            jobID: jobID, claim: claim, outcome: outcome, now: now, from: .filling, to: .filled, completed: { _ in })
    }
}
