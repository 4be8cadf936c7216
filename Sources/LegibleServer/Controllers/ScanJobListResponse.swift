import Foundation
import Hummingbird

/// `GET /jobs` answer.
struct ScanJobListResponse: ResponseEncodable, Decodable {
    var jobs: [ScanJobResponse]
    var total: Int
}

