import Foundation
import SerialScan

extension ServerConfiguration {
    /// Names of the environment variables the server reads.
    public enum EnvironmentKey {
        /// Bind address.
        public static let host = "LEGIBLE_HOST"
        /// Bind port.
        public static let port = "LEGIBLE_PORT"
        /// Data directory.
        public static let dataDirectory = "LEGIBLE_DATA_DIR"
        /// Worker count.
        public static let workers = "LEGIBLE_WORKERS"
        /// Comma-separated API keys.
        public static let apiKeys = "LEGIBLE_API_KEYS"
        /// Requests per rate-limit window.
        public static let rateLimit = "LEGIBLE_RATE_LIMIT"
        /// Rate-limit window in seconds.
        public static let rateLimitWindow = "LEGIBLE_RATE_LIMIT_WINDOW"
        /// Failed authentications per client address per window.
        public static let authFailureLimit = "LEGIBLE_AUTH_FAILURE_LIMIT"
        /// Request-body bytes in flight across all clients.
        public static let maxInFlightUploadBytes = "LEGIBLE_MAX_INFLIGHT_UPLOAD_BYTES"
        /// Seconds of silence before a connection is closed.
        public static let connectionIdleTimeout = "LEGIBLE_IDLE_TIMEOUT"
        /// Upload limit in bytes.
        public static let maxUploadBytes = "LEGIBLE_MAX_UPLOAD_BYTES"
        /// `/process-serial` requests in progress at once.
        public static let maxConcurrentSyncScans = "LEGIBLE_MAX_SYNC_SCANS"
        /// Pending jobs allowed in the queue.
        public static let maxQueuedJobs = "LEGIBLE_MAX_QUEUED_JOBS"
        /// Pending jobs allowed per key.
        public static let maxQueuedJobsPerKey = "LEGIBLE_MAX_QUEUED_JOBS_PER_KEY"
        /// Running jobs allowed per key.
        public static let maxRunningJobsPerKey = "LEGIBLE_MAX_RUNNING_JOBS_PER_KEY"
        /// Scan job lifetime in seconds.
        public static let scanJobLifetime = "LEGIBLE_SCAN_TTL"
        /// Document lifetime in seconds.
        public static let documentLifetime = "LEGIBLE_DOCUMENT_TTL"
        /// Secret for signing download links.
        public static let signingKey = "LEGIBLE_SIGNING_KEY"
        /// PostgreSQL URL (`postgres://user:password@host:5432/database`); SQLite in the data directory when unset.
        public static let databaseURL = "LEGIBLE_DATABASE_URL"
        /// Seconds a running job's lease lasts without a heartbeat (with a database).
        public static let jobLease = "LEGIBLE_JOB_LEASE"
        /// Public base URL for absolute links.
        public static let publicBaseURL = "LEGIBLE_PUBLIC_URL"
        /// Graceful shutdown grace period in seconds.
        public static let shutdownGracePeriod = "LEGIBLE_SHUTDOWN_GRACE"
        /// Longest a serial scan reads, in seconds.
        public static let scanTimeLimit = "LEGIBLE_SCAN_TIME_LIMIT"
        /// What reads serial scans' lines: `tesseract` or `legible`.
        public static let lineReader = "LEGIBLE_LINE_READER"
    }

    /// Reads a configuration from environment variables, starting from the defaults.
    /// - Parameter environment: the variables, normally `ProcessInfo.processInfo.environment`.
    /// - Throws: `ConfigurationError` when a number does not parse or a name is not one of its choices.
    public init(environment: [String: String]) throws {
        self.init()
        func string(_ key: String) -> String? {
            guard let value = environment[key]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
                return nil
            }
            return value
        }
        func integer(_ key: String) throws -> Int? {
            guard let text = string(key) else { return nil }
            guard let value = Int(text) else { throw ConfigurationError("\(key) must be a whole number, got \"\(text)\"") }
            return value
        }
        func seconds(_ key: String) throws -> TimeInterval? {
            guard let text = string(key) else { return nil }
            guard let value = TimeInterval(text), value.isFinite else {
                throw ConfigurationError("\(key) must be a number of seconds, got \"\(text)\"")
            }
            return value
        }
        if let value = string(EnvironmentKey.host) { host = value }
        if let value = try integer(EnvironmentKey.port) { port = value }
        if let value = string(EnvironmentKey.dataDirectory) { dataDirectory = URL(fileURLWithPath: value) }
        if let value = try integer(EnvironmentKey.workers) {
            workerCount = value
            maxConcurrentSyncScans = 4 * value
        }
        if let value = try integer(EnvironmentKey.maxConcurrentSyncScans) { maxConcurrentSyncScans = value }
        if let value = try integer(EnvironmentKey.maxQueuedJobs) { maxQueuedJobs = value }
        if let value = try integer(EnvironmentKey.maxQueuedJobsPerKey) { maxQueuedJobsPerKey = value }
        if let value = try integer(EnvironmentKey.maxRunningJobsPerKey) { maxRunningJobsPerKey = value }
        if let value = string(EnvironmentKey.apiKeys) { apiKeys = Self.parseKeys(value) }
        if let value = try integer(EnvironmentKey.rateLimit) { rateLimitRequests = value }
        if let value = try seconds(EnvironmentKey.rateLimitWindow) { rateLimitWindow = value }
        if let value = try integer(EnvironmentKey.authFailureLimit) { authFailureLimit = value }
        if let value = try integer(EnvironmentKey.maxInFlightUploadBytes) { maxInFlightUploadBytes = value }
        if let value = try seconds(EnvironmentKey.connectionIdleTimeout) { connectionIdleTimeout = value }
        if let value = try integer(EnvironmentKey.maxUploadBytes) { maxUploadBytes = value }
        if let value = try seconds(EnvironmentKey.scanJobLifetime) { scanJobLifetime = value }
        if let value = try seconds(EnvironmentKey.documentLifetime) { documentLifetime = value }
        if let value = try seconds(EnvironmentKey.shutdownGracePeriod) { shutdownGracePeriod = value }
        if let value = try seconds(EnvironmentKey.scanTimeLimit) { scanTimeLimit = value }
        if let text = string(EnvironmentKey.lineReader) {
            guard let value = SerialScanOptions.LineReader(rawValue: text) else {
                let names = SerialScanOptions.LineReader.allCases.map(\.rawValue).joined(separator: " or ")
                throw ConfigurationError("\(EnvironmentKey.lineReader) must be \(names), got \"\(text)\"")
            }
            lineReader = value
        }
        if let value = string(EnvironmentKey.signingKey) { signingKey = value }
        if let value = string(EnvironmentKey.databaseURL) { database = try DatabaseURL(value) }
        if let value = try seconds(EnvironmentKey.jobLease) { jobLease = value }
        if let value = string(EnvironmentKey.publicBaseURL) { publicBaseURL = value }
    }

    /// Splits a comma-separated key list, dropping blanks and duplicates.
    public static func parseKeys(_ list: String) -> [String] {
        var seen = Set<String>()
        return list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}
