import Foundation
import Hummingbird

/// `POST /scan` answer.
struct ScanSubmitResponse: ResponseEncodable, Equatable, Decodable {
    var jobId: String
    var status: String
    var message: String
    /// When the result is expected, for a person: `"1-3 seconds"` (the scanning app declares it a `String`).
    var estimatedTime: String
    var checkStatusUrl: String

    enum CodingKeys: String, CodingKey {
        case jobId = "job_id"
        case status, message
        case estimatedTime = "estimated_time"
        case checkStatusUrl = "check_status_url"
    }

    /// The expected wait for a job that joins `queueDepth` queued jobs (itself included) served by `workers`
    /// workers: one to three seconds for each round of jobs ahead of it, as `"<low>-<high> seconds"`. One scan
    /// takes well under a second on a warm engine; the high end allows for large photos and a busy machine.
    static func estimatedTime(queueDepth: Int, workers: Int) -> String {
        let rounds = max(0, queueDepth - 1) / max(1, workers) + 1
        return "\(rounds)-\(3 * rounds) seconds"
    }
}
