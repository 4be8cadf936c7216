import Foundation
import Hummingbird

/// `POST /scan` answer.
struct ScanSubmitResponse: ResponseEncodable, Equatable, Decodable {
    var jobId: String
    var status: String
    var message: String
    /// Expected seconds until the result is ready.
    var estimatedTime: Int
    var checkStatusUrl: String

    enum CodingKeys: String, CodingKey {
        case jobId = "job_id"
        case status, message
        case estimatedTime = "estimated_time"
        case checkStatusUrl = "check_status_url"
    }
}
