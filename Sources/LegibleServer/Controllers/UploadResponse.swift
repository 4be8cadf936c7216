import Foundation
import Hummingbird

/// `POST /api/v1/documents/init-upload` answer.
struct UploadResponse: ResponseEncodable, Decodable {
    var documentId: String
}
