import Foundation
import Hummingbird

/// `GET /api/v1/documents/{id}/download` answer.
struct DownloadResponse: ResponseEncodable, Decodable {
    var filledPdfUrl: String
}
