import Foundation
import Hummingbird

/// `POST /api/v1/documents/{id}/values` answer: every stored value of the document.
struct ValuesResponse: ResponseEncodable, Decodable {
    struct Item: Codable {
        var fieldRegionId: String
        var value: String
        var source: String
        var updatedAt: Date
    }

    var documentId: String
    var values: [Item]
}
