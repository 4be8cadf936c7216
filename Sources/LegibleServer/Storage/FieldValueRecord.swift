import Foundation
import GRDB

/// One row of the `field_values` table: the latest value for a region of a document.
struct FieldValueRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "field_values"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    var documentId: String
    var fieldRegionId: String
    var value: String
    var source: ValueSource
    var updatedAt: Date
}
