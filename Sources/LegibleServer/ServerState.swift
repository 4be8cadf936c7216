import Foundation
import Logging

/// What every controller shares: configuration, storage, engines and the job machinery.
struct ServerState: Sendable {
    let configuration: ServerConfiguration
    let store: any StateStore
    let files: FileStore
    let engines: Engines
    let signer: URLSigner
    let signal: WakeSignal
    let events: JobEvents
    let logger: Logger
    let startedAt: Date
    /// Bounds `/process-serial` requests in progress.
    let syncScans: InFlightLimiter
    /// This instance's job workers that are running a job.
    let workers = WorkerActivity()
    /// Counters and histograms for `/metrics`.
    let metrics = ServerMetrics()
    /// Bounds request-body bytes being received across all clients.
    let uploads: UploadBudget

    /// Opens the data directory (creating it), the database and the signing key: `store` when given (an opened
    /// ``PostgresStore``), else the SQLite database in the data directory.
    init(configuration: ServerConfiguration, engines: Engines, logger: Logger, store: (any StateStore)? = nil) throws {
        let root = configuration.dataDirectory.standardizedFileURL
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        self.configuration = configuration
        self.store = try store ?? SQLiteStore(path: root.appendingPathComponent("legible.sqlite").path)
        self.files = try FileStore(root: root)
        self.engines = engines
        self.signer = URLSigner(
            secret: try URLSigner.loadSecret(configured: configuration.signingKey, dataDirectory: root))
        self.signal = WakeSignal()
        self.events = JobEvents()
        self.logger = logger
        self.startedAt = Date()
        self.syncScans = InFlightLimiter(limit: configuration.maxConcurrentSyncScans)
        self.uploads = UploadBudget(limit: configuration.maxInFlightUploadBytes)
    }

    /// Refuses a new job with 429 when the queue holds `maxQueuedJobs`, or the caller's own pending jobs reach
    /// `maxQueuedJobsPerKey` (so one key cannot fill the queue for everyone). A store that cannot count lets the
    /// job through; the insert then reports the problem.
    func refuseWhenQueueIsFull(owner: String) async throws {
        if let depth = try? await store.queueDepth(), depth >= configuration.maxQueuedJobs {
            throw APIError.busy("the queue is full (\(depth) jobs waiting); retry shortly")
        }
        if let own = try? await store.queueDepth(owner: owner), own >= configuration.maxQueuedJobsPerKey {
            throw APIError.busy(
                "this key has \(own) jobs waiting, its limit of \(configuration.maxQueuedJobsPerKey); retry when some finish")
        }
    }

    /// Pending jobs, for `/health` and `/metrics`.
    /// - Throws: `APIError.databaseUnavailable` (503, logged) when the database does not answer.
    func queueDepthForStatus() async throws -> Int {
        do {
            return try await store.queueDepth()
        } catch {
            logger.error("the database is not answering", metadata: ["error": "\(error)"])
            throw APIError.databaseUnavailable(store.kind)
        }
    }

    /// Absolute URL for `path`, from the configured public URL or else the request's Host header; the path alone
    /// when the request has no Host.
    /// - Throws: `APIError.validation` when the Host is not a plain `host[:port]` (`HostAuthority`), so a link is
    ///   never built to wherever a client's header points.
    func absoluteURL(_ path: String, host: String?) throws -> String {
        if let base = configuration.publicBaseURL {
            return base.hasSuffix("/") ? String(base.dropLast()) + path : base + path
        }
        guard let host, !host.isEmpty else { return path }
        guard let valid = HostAuthority.validated(host) else {
            throw APIError.validation(
                "the Host header is not a valid host[:port]; links are built from it unless --public-url is set")
        }
        return "http://\(valid)\(path)"
    }
}
