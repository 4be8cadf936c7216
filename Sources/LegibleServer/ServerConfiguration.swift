public import Foundation
public import SerialScan

/// Everything the server reads from its environment and flags, with the defaults a first run needs.
public struct ServerConfiguration: Sendable {
    /// Address to bind, e.g. `127.0.0.1` or `0.0.0.0`.
    public var host: String
    /// TCP port to bind; 0 asks the system for a free one.
    public var port: Int
    /// Folder holding the SQLite database, uploads and produced files. Created when missing.
    public var dataDirectory: URL
    /// Jobs run at the same time; defaults to the number of active cores.
    public var workerCount: Int
    /// API keys accepted in `X-API-Key` or `Authorization: Bearer`; empty means the server is open.
    public var apiKeys: [String]
    /// Requests allowed per key (or per anonymous client) in one rate-limit window.
    public var rateLimitRequests: Int
    /// Length of one rate-limit window, in seconds.
    public var rateLimitWindow: TimeInterval
    /// Failed authentications (missing or wrong key) allowed per client address in one rate-limit window; past it
    /// every request from that address gets 429 until the window ends.
    public var authFailureLimit: Int
    /// Largest accepted request body, in bytes (uploads above it get 413).
    public var maxUploadBytes: Int
    /// Request-body bytes all clients together may have in flight (received but not yet complete); an upload that
    /// would pass it gets 429. Bounds the memory that stalled or slow uploads hold.
    public var maxInFlightUploadBytes: Int
    /// Seconds a connection may stay silent — before its request line or headers are complete, between parts of
    /// a body, or between requests — before the server closes it.
    public var connectionIdleTimeout: TimeInterval
    /// `/process-serial` requests allowed in progress at once (running or waiting for an engine); more get 429.
    public var maxConcurrentSyncScans: Int
    /// Pending jobs allowed in the queue; submissions past it get 429.
    public var maxQueuedJobs: Int
    /// Pending jobs one key may have (on an open server every caller is one key); its submissions past it get 429.
    public var maxQueuedJobsPerKey: Int
    /// Jobs of one key that may run at once; its other jobs wait even when workers are free. Nil (the default)
    /// for no cap: keys already take turns for free workers.
    public var maxRunningJobsPerKey: Int?
    /// How long a scan job and its result are kept, in seconds (default 1 hour).
    public var scanJobLifetime: TimeInterval
    /// How long a document and its files are kept, in seconds (default 24 hours).
    public var documentLifetime: TimeInterval
    /// Seconds between sweeps that delete expired jobs, documents and files.
    public var sweepInterval: TimeInterval
    /// Seconds a worker waits for new work before it looks at the queue again anyway.
    public var pollInterval: TimeInterval
    /// Seconds graceful shutdown waits for running jobs before it stops them and puts them back in the queue.
    public var shutdownGracePeriod: TimeInterval
    /// Secret for signing download links; when nil a random key is made once and kept in the data directory.
    /// Instances sharing a database must share it (or the data directory), so that a link signed by one is
    /// honoured by all.
    public var signingKey: String?
    /// PostgreSQL holding jobs, documents and values for every instance that names it; nil for the SQLite
    /// database in the data directory (one instance).
    public var database: DatabaseURL?
    /// With ``database``: seconds a running job stays its instance's without a heartbeat (renewed every third of
    /// it) before another instance takes it over.
    public var jobLease: TimeInterval = 30
    /// Public base URL used in absolute links (`filledPdfUrl`); when nil the request's `Host` header is used.
    public var publicBaseURL: String?
    /// Version string reported by `/health`.
    public var version: String
    /// Longest a serial scan reads, in seconds, before it answers with the best it has found
    /// (`SerialScanOptions.timeLimit`); nil (the default) for no limit. Used where the server starts its own
    /// engines (`legible-server`).
    public var scanTimeLimit: TimeInterval?
    /// What reads serial scans' lines (`SerialScanOptions.lineReader`): Legible's line reader (the default)
    /// or Tesseract's engine. Used where the server starts its own engines (`legible-server`).
    public var lineReader: SerialScanOptions.LineReader

    /// Default values: loopback, port 8080, `./legible-data`, one worker per core, open, 120 requests a minute,
    /// 20 failed authentications a minute per address, 25 MB uploads (256 MB in flight at once), connections
    /// closed after 30 s of silence, 4 synchronous scans per worker in progress, 1000 queued jobs, scans kept 1 hour,
    /// documents 24 hours.
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        dataDirectory: URL = URL(fileURLWithPath: "legible-data"),
        workerCount: Int = max(1, ProcessInfo.processInfo.activeProcessorCount),
        apiKeys: [String] = [],
        rateLimitRequests: Int = 120,
        rateLimitWindow: TimeInterval = 60,
        authFailureLimit: Int = 20,
        maxUploadBytes: Int = 25 * 1024 * 1024,
        maxInFlightUploadBytes: Int = 256 * 1024 * 1024,
        connectionIdleTimeout: TimeInterval = 30,
        maxConcurrentSyncScans: Int? = nil,
        maxQueuedJobs: Int = 1000,
        maxQueuedJobsPerKey: Int = 250,
        maxRunningJobsPerKey: Int? = nil,
        scanJobLifetime: TimeInterval = 3600,
        documentLifetime: TimeInterval = 86400,
        sweepInterval: TimeInterval = 60,
        pollInterval: TimeInterval = 5,
        shutdownGracePeriod: TimeInterval = 30,
        signingKey: String? = nil,
        publicBaseURL: String? = nil,
        version: String = LegibleServerVersion.current,
        scanTimeLimit: TimeInterval? = nil,
        lineReader: SerialScanOptions.LineReader = .legible
    ) {
        self.scanTimeLimit = scanTimeLimit
        self.lineReader = lineReader
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.workerCount = workerCount
        self.apiKeys = apiKeys
        self.rateLimitRequests = rateLimitRequests
        self.rateLimitWindow = rateLimitWindow
        self.authFailureLimit = authFailureLimit
        self.maxUploadBytes = maxUploadBytes
        self.maxInFlightUploadBytes = maxInFlightUploadBytes
        self.connectionIdleTimeout = connectionIdleTimeout
        self.maxConcurrentSyncScans = maxConcurrentSyncScans ?? 4 * workerCount
        self.maxQueuedJobs = maxQueuedJobs
        self.maxQueuedJobsPerKey = maxQueuedJobsPerKey
        self.maxRunningJobsPerKey = maxRunningJobsPerKey
        self.scanJobLifetime = scanJobLifetime
        self.documentLifetime = documentLifetime
        self.sweepInterval = sweepInterval
        self.pollInterval = pollInterval
        self.shutdownGracePeriod = shutdownGracePeriod
        self.signingKey = signingKey
        self.publicBaseURL = publicBaseURL
        self.version = version
    }

    /// Checks the values against their allowed ranges.
    /// - Throws: `ConfigurationError` naming the first value out of range.
    public func validate() throws {
        guard (0...65535).contains(port) else { throw ConfigurationError("port must be 0...65535, got \(port)") }
        guard (1...256).contains(workerCount) else {
            throw ConfigurationError("workers must be 1...256, got \(workerCount)")
        }
        guard rateLimitRequests >= 1 else { throw ConfigurationError("rate limit must be at least 1 request") }
        guard authFailureLimit >= 1 else { throw ConfigurationError("auth failure limit must be at least 1") }
        guard rateLimitWindow >= 1 else { throw ConfigurationError("rate-limit window must be at least 1 second") }
        guard (1...3600).contains(jobLease) else { throw ConfigurationError("job lease must be 1...3600 seconds, got \(jobLease)") }
        guard maxConcurrentSyncScans >= 1, maxQueuedJobs >= 1, maxQueuedJobsPerKey >= 1, (maxRunningJobsPerKey ?? 1) >= 1
        else {
            throw ConfigurationError("concurrency and queue limits must be at least 1")
        }
        guard maxUploadBytes >= 1024 else { throw ConfigurationError("upload limit must be at least 1024 bytes") }
        guard maxInFlightUploadBytes >= maxUploadBytes else {
            throw ConfigurationError(
                "in-flight upload bytes (\(maxInFlightUploadBytes)) must be at least the upload limit (\(maxUploadBytes))")
        }
        guard (1...3600).contains(connectionIdleTimeout) else {
            throw ConfigurationError("the connection idle timeout must be 1...3600 seconds, got \(connectionIdleTimeout)")
        }
        guard scanJobLifetime >= 1, documentLifetime >= 1 else {
            throw ConfigurationError("lifetimes must be at least 1 second")
        }
        guard sweepInterval > 0, pollInterval > 0, shutdownGracePeriod >= 0 else {
            throw ConfigurationError("intervals must be positive")
        }
        if apiKeys.contains(where: { $0.count < 8 }) {
            throw ConfigurationError("every API key must be at least 8 characters")
        }
        if let scanTimeLimit, !(0.01...600).contains(scanTimeLimit) {
            throw ConfigurationError("the scan time limit must be 0.01...600 seconds, got \(scanTimeLimit)")
        }
        if let signingKey, signingKey.utf8.count < 16 {
            throw ConfigurationError("the signing key must be at least 16 bytes")
        }
    }
}
