import Foundation
import PostgresNIO

/// Rows of Legible's PostgreSQL tables decoded into the records the SQLite store uses.
extension JobRecord {
    init(row: PostgresRow) throws {
        let columns = row.makeRandomAccess()
        func text(_ name: String) throws -> String { try columns[name].decode(String.self) }
        func optionalText(_ name: String) throws -> String? { try columns[name].decode(String?.self) }
        func date(_ name: String) throws -> Date { try columns[name].decode(Date.self) }
        func optionalDate(_ name: String) throws -> Date? { try columns[name].decode(Date?.self) }
        guard let kind = JobKind(rawValue: try text("kind")), let status = JobStatus(rawValue: try text("status")) else {
            throw StoreError.unavailable("a jobs row has an unknown kind or status")
        }
        self.init(
            id: try text("id"), kind: kind, owner: try text("owner"), status: status,
            progress: try columns["progress"].decode(Int.self), message: try text("message"),
            documentId: try optionalText("document_id"), deviceType: try optionalText("device_type"),
            preset: try optionalText("preset"), result: try optionalText("result"), error: try optionalText("error"),
            attempts: try columns["attempts"].decode(Int.self),
            cancelRequested: try columns["cancel_requested"].decode(Bool.self),
            claimedBy: try optionalText("claimed_by"), createdAt: try date("created_at"),
            updatedAt: try date("updated_at"), startedAt: try optionalDate("started_at"),
            finishedAt: try optionalDate("finished_at"), expiresAt: try date("expires_at"))
    }
}

extension DocumentRecord {
    init(row: PostgresRow) throws {
        let columns = row.makeRandomAccess()
        guard let status = DocumentStatus(rawValue: try columns["status"].decode(String.self)) else {
            throw StoreError.unavailable("a documents row has an unknown status")
        }
        self.init(
            id: try columns["id"].decode(String.self), owner: try columns["owner"].decode(String.self),
            fileName: try columns["file_name"].decode(String.self),
            mimeType: try columns["mime_type"].decode(String.self), status: status,
            pageCount: try columns["page_count"].decode(Int.self), sha256: try columns["sha256"].decode(String.self),
            byteCount: try columns["byte_count"].decode(Int.self), layout: try columns["layout"].decode(String?.self),
            error: try columns["error"].decode(String?.self), createdAt: try columns["created_at"].decode(Date.self),
            updatedAt: try columns["updated_at"].decode(Date.self),
            expiresAt: try columns["expires_at"].decode(Date.self))
    }
}

extension FieldValueRecord {
    init(row: PostgresRow) throws {
        let columns = row.makeRandomAccess()
        guard let source = ValueSource(rawValue: try columns["source"].decode(String.self)) else {
            throw StoreError.unavailable("a field_values row has an unknown source")
        }
        self.init(
            documentId: try columns["document_id"].decode(String.self),
            fieldRegionId: try columns["field_region_id"].decode(String.self),
            value: try columns["value"].decode(String.self), source: source,
            updatedAt: try columns["updated_at"].decode(Date.self))
    }
}

extension PostgresRowSequence {
    /// Every row, decoded with `decode`.
    func records<Record>(_ decode: (PostgresRow) throws -> Record) async throws -> [Record] {
        var records: [Record] = []
        for try await row in self { records.append(try decode(row)) }
        return records
    }
}
