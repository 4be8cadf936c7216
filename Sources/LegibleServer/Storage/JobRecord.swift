import Foundation
import GRDB

/// One row of the `jobs` table: a scan, a field detection or a compose, waiting, running or done.
struct JobRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "jobs"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    var id: String
    var kind: JobKind
    /// Who submitted it (a key fingerprint, or "anonymous"); other owners get 404.
    var owner: String
    var status: JobStatus
    /// 0...100.
    var progress: Int
    var message: String
    var documentId: String?
    var deviceType: String?
    var preset: String?
    /// JSON of `ScanResults` for a completed scan.
    var result: String?
    var error: String?
    /// How many times a worker has claimed it.
    var attempts: Int
    var cancelRequested: Bool
    /// The worker (instance:index) that claimed it.
    var claimedBy: String?
    var createdAt: Date
    var updatedAt: Date
    var startedAt: Date?
    var finishedAt: Date?
    var expiresAt: Date

    /// A new pending job.
    static func pending(
        id: String = UUID.systemRandom().uuidString.lowercased(), kind: JobKind, owner: String, documentId: String? = nil,
        deviceType: String? = nil, preset: String? = nil, now: Date, lifetime: TimeInterval
    ) -> JobRecord {
        JobRecord(
            id: id, kind: kind, owner: owner, status: .pending, progress: 0, message: "Waiting in the queue",
            documentId: documentId, deviceType: deviceType, preset: preset, result: nil, error: nil, attempts: 0,
            cancelRequested: false, claimedBy: nil, createdAt: now, updatedAt: now, startedAt: nil, finishedAt: nil,
            expiresAt: now.addingTimeInterval(lifetime))
    }
}

/// What a job does.
enum JobKind: String, Codable, Sendable {
    case scan, detect, compose
}

/// Scan job statuses on the wire; document jobs use the same values internally.
enum JobStatus: String, Codable, Sendable, CaseIterable {
    case pending, processing, completed, failed, cancelled

    var isFinished: Bool { self == .completed || self == .failed || self == .cancelled }
}
