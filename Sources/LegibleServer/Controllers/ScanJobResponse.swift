import Foundation
import Hummingbird

/// `GET /result/{job_id}` answer (and each item of `GET /jobs`).
struct ScanJobResponse: ResponseEncodable, Equatable, Decodable {
    var jobId: String
    var status: String
    var progress: Int
    var message: String
    var createdAt: Date
    var updatedAt: Date
    var results: ScanResults?
    var error: String?

    enum CodingKeys: String, CodingKey {
        case jobId = "job_id"
        case status, progress, message
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case results, error
    }

    init(_ job: JobRecord) {
        jobId = job.id
        status = job.status.rawValue
        progress = job.progress
        message = job.message
        createdAt = job.createdAt
        updatedAt = job.updatedAt
        results = job.result.flatMap { try? JSONDecoder().decode(ScanResults.self, from: Data($0.utf8)) }
        error = job.error
    }

    // `results` and `error` are always present, null when empty.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(jobId, forKey: .jobId)
        try container.encode(status, forKey: .status)
        try container.encode(progress, forKey: .progress)
        try container.encode(message, forKey: .message)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(results, forKey: .results)
        try container.encode(error, forKey: .error)
    }
}
