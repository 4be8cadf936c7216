public import Foundation

/// The scanning app's response models, declared exactly as the app declares them (DESIGN.md, "Wire types the apps
/// decode"): snake_case keys, default `JSONDecoder` strategies, `top_result` not optional. Independent of the
/// server's own types on purpose: these are what a response must decode into, whatever the server encodes.
public enum ScanningApp {
    /// `POST /scan`.
    public struct ScanSubmission: Decodable, Sendable {
        public let job_id: String
        public let status: String
        public let message: String
        public let estimated_time: String
        public let check_status_url: String
    }

    /// `GET /result/{job_id}`.
    public struct ScanStatus: Decodable, Sendable {
        public let job_id: String
        public let status: String
        public let progress: Int
        public let message: String
        public let created_at: String
        public let updated_at: String
        public let results: ScanResults?
        public let error: String?
    }

    /// The `results` object, and the body of `POST /process-serial`.
    public struct ScanResults: Decodable, Sendable {
        public let serials: [SerialResult]
        public let top_result: SerialResult
        public let total_detected: Int
        public let processing_time: Double
    }

    /// One candidate serial.
    public struct SerialResult: Decodable, Sendable {
        public let serial: String
        public let confidence: Double
    }

    /// `GET /jobs`: the app has no model of its own for the list; each item must decode as its `ScanStatus`.
    public struct JobList: Decodable, Sendable {
        public let jobs: [ScanStatus]
        public let total: Int
    }

    /// The decoder the app uses: `JSONDecoder()` with its default strategies.
    public static var decoder: JSONDecoder { JSONDecoder() }
}
