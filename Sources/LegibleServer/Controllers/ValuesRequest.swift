import Foundation
import Hummingbird

/// `POST /api/v1/documents/{id}/values` body.
struct ValuesRequest: Decodable {
    struct Item: Decodable {
        var fieldRegionId: String
        var value: String
        var source: String?
    }

    var values: [Item]
}
