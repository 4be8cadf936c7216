import Foundation

/// The rules of the server's state changes, shared by both stores: each checks the record's state, throws
/// ``StoreError`` when the change is not allowed, and applies it. The stores only load, lock and save.
extension JobRecord {
    /// Cancels a scan job: a pending one at once, a running one when its worker next looks.
    /// - Throws: `StoreError.conflict` when it has already finished.
    mutating func cancel(now: Date) throws {
        switch status {
        case .pending:
            status = .cancelled
            message = "Cancelled"
            finishedAt = now
        case .processing:
            cancelRequested = true
            message = "Cancelling"
        case .completed, .failed, .cancelled:
            throw StoreError.conflict("job \(id) has already finished (\(status.rawValue))")
        }
        updatedAt = now
    }

    /// Whether the job is still running under `claim` (the worker id its claim recorded). A worker whose lease
    /// ran out (its instance lost the database for longer than the lease) may find its job taken over by another
    /// instance; its result is then not the job's any more, and it must neither record it nor remove the job's
    /// files.
    func isRunning(under claim: String?) -> Bool {
        status == .processing && claimedBy == claim
    }
}

extension DocumentRecord {
    /// Moves the document to the state its new job of `kind` runs in: `processing` for a detection, `filling`
    /// for a compose (the job is queued with it).
    /// - Throws: `StoreError.conflict` when the document's state does not allow that job (below).
    mutating func start(_ kind: JobKind, now: Date) throws {
        switch kind {
        case .detect: try startProcessing(now: now)
        case .compose: try startCompose(now: now)
        case .scan: throw StoreError.conflict("a scan job has no document")
        }
    }

    /// The change a completed detection makes to its document: the layout found, stored as JSON, and its page
    /// count (nothing when the detector returned none).
    static func detected(_ layout: DetectedLayout?) throws -> @Sendable (inout DocumentRecord) -> Void {
        guard let layout else { return { _ in } }
        let encoded = String(decoding: try JSONEncoder().encode(layout), as: UTF8.self)
        let pageCount = layout.pages.count
        return { document in
            document.layout = encoded
            document.pageCount = pageCount
        }
    }

    /// Moves the document to `processing` (its detection job is queued with it).
    /// - Throws: `StoreError.conflict` while it is processing or filling.
    private mutating func startProcessing(now: Date) throws {
        guard [.imported, .ready, .failed, .filled].contains(status) else {
            throw StoreError.conflict("document is \(status.rawValue); wait until it finishes")
        }
        status = .processing
        error = nil
        updatedAt = now
    }

    /// Moves a processed document to `filling` (its compose job is queued with it); of two concurrent calls the
    /// second sees `filling`.
    /// - Throws: `StoreError.conflict` before processing, while processing or while another compose runs.
    private mutating func startCompose(now: Date) throws {
        switch status {
        case .ready, .filled:
            break
        case .failed where layout != nil:
            break
        case .imported, .failed:
            throw StoreError.conflict("document has not been processed; call process first")
        case .processing:
            throw StoreError.conflict("document is still processing")
        case .filling:
            throw StoreError.conflict("a compose of this document is already running")
        }
        status = .filling
        error = nil
        updatedAt = now
    }

    /// Checks `values` against the detected regions and records the change: a filled document goes back to
    /// `ready`. Returns the region ids, lower-cased, in the order of `values`.
    /// - Throws: `StoreError.conflict` before detection or while composing; `StoreError.unknownRegions` for ids
    ///   the layout does not have (nothing is stored then).
    mutating func acceptValues(_ values: [FieldValueInput], now: Date) throws -> [String] {
        guard let layout = decodedLayout() else {
            throw StoreError.conflict("document has no detected fields yet; call process first")
        }
        if status == .filling {
            throw StoreError.conflict("a compose of this document is running; send values when it finishes")
        }
        let known = Set(layout.regions.map { $0.id.uuidString.lowercased() })
        let ids = values.map { $0.fieldRegionId.uuidString.lowercased() }
        let unknown = ids.filter { !known.contains($0) }
        if !unknown.isEmpty { throw StoreError.unknownRegions(unknown) }
        if status == .filled { status = .ready }
        updatedAt = now
        return ids
    }

    /// The document's state after its job ended with `outcome`, when it is still in `from`: `to` (after
    /// `completed` has updated it) when the job completed, else `failed` with the job's message. Returns false,
    /// changing nothing, when the document has moved on.
    mutating func finishJob(
        _ outcome: JobOutcome, from: DocumentStatus, to: DocumentStatus, now: Date,
        completed: (inout DocumentRecord) -> Void
    ) -> Bool {
        guard status == from else { return false }
        switch outcome {
        case .completed:
            completed(&self)
            status = to
            error = nil
        case .failed(let message), .cancelled(let message):
            status = .failed
            error = message
        }
        updatedAt = now
        return true
    }
}
