import Foundation
import GRDB

/// One row of the `documents` table.
struct DocumentRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "documents"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    var id: String
    var owner: String
    var fileName: String
    var mimeType: String
    var status: DocumentStatus
    var pageCount: Int
    var sha256: String
    var byteCount: Int
    /// JSON of `DetectedLayout` once processed.
    var layout: String?
    var error: String?
    var createdAt: Date
    var updatedAt: Date
    var expiresAt: Date

    /// The stored layout, decoded; nil before processing.
    func decodedLayout() -> DetectedLayout? {
        guard let layout else { return nil }
        return try? JSONDecoder().decode(DetectedLayout.self, from: Data(layout.utf8))
    }
}

/// Document statuses on the wire.
enum DocumentStatus: String, Codable, Sendable, CaseIterable {
    case imported, processing, ready, filling, filled, failed
}
