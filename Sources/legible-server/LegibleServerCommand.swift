public import ArgumentParser
import Foundation
import Hummingbird
import LegibleServer
import Logging
import SerialScan

extension SerialScanOptions.LineReader: ExpressibleByArgument {}

/// `legible-server`: parses flags over environment variables and runs the server.
@main
struct LegibleServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "legible-server",
        abstract: "Serial-number OCR and PDF form filling over HTTP.",
        discussion: "Flags override the LEGIBLE_* environment variables (see README).")

    @Option(help: "Address to bind (LEGIBLE_HOST).") var host: String?
    @Option(help: "Port to bind (LEGIBLE_PORT).") var port: Int?
    @Option(name: .customLong("data-dir"), help: "Data directory (LEGIBLE_DATA_DIR).") var dataDirectory: String?
    @Option(
        name: .customLong("database"),
        help: "PostgreSQL URL shared by several instances, postgres://user:password@host:5432/db (LEGIBLE_DATABASE_URL); default: SQLite in the data directory.")
    var database: String?
    @Option(help: "Concurrent jobs (LEGIBLE_WORKERS); default: active cores.") var workers: Int?
    @Option(name: .customLong("api-key"), help: "Accepted API key; repeat for several (LEGIBLE_API_KEYS, comma-separated).")
    var apiKeys: [String] = []
    @Option(name: .customLong("rate-limit"), help: "Requests per key per window (LEGIBLE_RATE_LIMIT).") var rateLimit: Int?
    @Option(name: .customLong("rate-window"), help: "Rate-limit window, seconds (LEGIBLE_RATE_LIMIT_WINDOW).")
    var rateWindow: Double?
    @Option(
        name: .customLong("auth-failure-limit"),
        help: "Failed authentications per client address per window before 429 (LEGIBLE_AUTH_FAILURE_LIMIT).")
    var authFailureLimit: Int?
    @Option(
        name: .customLong("max-inflight-upload"),
        help: "Request-body bytes in flight across all clients before 429 (LEGIBLE_MAX_INFLIGHT_UPLOAD_BYTES).")
    var maxInFlightUpload: Int?
    @Option(
        name: .customLong("idle-timeout"),
        help: "Seconds of silence (headers, body or between requests) before a connection is closed (LEGIBLE_IDLE_TIMEOUT).")
    var idleTimeout: Double?
    @Option(name: .customLong("max-upload"), help: "Upload limit, bytes (LEGIBLE_MAX_UPLOAD_BYTES).") var maxUpload: Int?
    @Option(name: .customLong("max-sync-scans"), help: "/process-serial requests in progress at once (LEGIBLE_MAX_SYNC_SCANS); default 4 per worker.")
    var maxSyncScans: Int?
    @Option(name: .customLong("max-queued-jobs"), help: "Pending jobs before submissions get 429 (LEGIBLE_MAX_QUEUED_JOBS).")
    var maxQueuedJobs: Int?
    @Option(
        name: .customLong("max-queued-jobs-per-key"),
        help: "Pending jobs one key may have before its submissions get 429 (LEGIBLE_MAX_QUEUED_JOBS_PER_KEY); default 250.")
    var maxQueuedJobsPerKey: Int?
    @Option(
        name: .customLong("max-running-jobs-per-key"),
        help: "Jobs one key may have running at once (LEGIBLE_MAX_RUNNING_JOBS_PER_KEY); default: no cap.")
    var maxRunningJobsPerKey: Int?
    @Option(name: .customLong("scan-ttl"), help: "Scan job lifetime, seconds (LEGIBLE_SCAN_TTL).") var scanTTL: Double?
    @Option(name: .customLong("document-ttl"), help: "Document lifetime, seconds (LEGIBLE_DOCUMENT_TTL).")
    var documentTTL: Double?
    @Option(name: .customLong("public-url"), help: "Base URL for links (LEGIBLE_PUBLIC_URL).") var publicURL: String?
    @Option(help: "With --isolation none: Tesseract engines shared by all jobs; default: active cores.")
    var recognizers: Int?
    @Option(
        name: .customLong("scan-time-limit"),
        help: "Longest a serial scan reads, seconds, before it answers with the best found (LEGIBLE_SCAN_TIME_LIMIT).")
    var scanTimeLimit: Double?
    @Option(
        name: .customLong("line-reader"),
        help: "What reads serial scans' lines: legible or tesseract (LEGIBLE_LINE_READER); default legible.")
    var lineReader: SerialScanOptions.LineReader?
    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error, critical.")
    var logLevel: String = "info"
    @Option(
        help: ArgumentHelp(
            "Where untrusted images and PDFs are parsed: process (engine worker processes under limits) or none (in the server process)."))
    var isolation: Isolation = .process
    @Option(name: .customLong("engine-workers"), help: "Engine worker processes; default: active cores.")
    var engineWorkers: Int?
    @Option(name: .customLong("worker-memory"), help: "Address space per engine worker, bytes; default 3 GiB.")
    var workerMemory: Int?
    @Option(
        name: .customLong("job-deadline"),
        help: "Wall-clock (and CPU) seconds one engine call may take before its worker is killed; default 120.")
    var jobDeadline: Double?
    @Option(
        name: .customLong("worker-requests"),
        help: "Requests an engine worker serves before a fresh one takes its place (0: no limit); default 500.")
    var workerRequests: Int?
    @Flag(name: .customLong("engine-worker"), help: .hidden) var engineWorkerMode = false

    /// Where untrusted bytes are parsed.
    enum Isolation: String, ExpressibleByArgument, CaseIterable {
        case process, none
    }

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("unknown log level \(logLevel)") }
        if let recognizers, !(1...256).contains(recognizers) {
            throw ValidationError("--recognizers must be 1...256")
        }
        if let engineWorkers, !(1...256).contains(engineWorkers) {
            throw ValidationError("--engine-workers must be 1...256")
        }
        if let workerMemory, workerMemory < 256 << 20 {
            throw ValidationError("--worker-memory must be at least 268435456 bytes (256 MiB)")
        }
        if let jobDeadline, !(1...86400).contains(jobDeadline) {
            throw ValidationError("--job-deadline must be 1...86400 seconds")
        }
        if let workerRequests, !(0...1_000_000).contains(workerRequests) {
            throw ValidationError("--worker-requests must be 0...1000000 (0: no limit)")
        }
    }

    func run() async throws {
        var configuration = try ServerConfiguration(environment: ProcessInfo.processInfo.environment)
        if let host { configuration.host = host }
        if let port { configuration.port = port }
        if let dataDirectory { configuration.dataDirectory = URL(fileURLWithPath: dataDirectory) }
        if let database { configuration.database = try DatabaseURL(database) }
        if let workers {
            configuration.workerCount = workers
            configuration.maxConcurrentSyncScans = 4 * workers
        }
        if let maxSyncScans { configuration.maxConcurrentSyncScans = maxSyncScans }
        if let maxQueuedJobs { configuration.maxQueuedJobs = maxQueuedJobs }
        if let maxQueuedJobsPerKey { configuration.maxQueuedJobsPerKey = maxQueuedJobsPerKey }
        if let maxRunningJobsPerKey { configuration.maxRunningJobsPerKey = maxRunningJobsPerKey }
        if !apiKeys.isEmpty { configuration.apiKeys = apiKeys }
        if let rateLimit { configuration.rateLimitRequests = rateLimit }
        if let rateWindow { configuration.rateLimitWindow = rateWindow }
        if let authFailureLimit { configuration.authFailureLimit = authFailureLimit }
        if let maxInFlightUpload { configuration.maxInFlightUploadBytes = maxInFlightUpload }
        if let idleTimeout { configuration.connectionIdleTimeout = idleTimeout }
        if let maxUpload { configuration.maxUploadBytes = maxUpload }
        if let scanTTL { configuration.scanJobLifetime = scanTTL }
        if let documentTTL { configuration.documentLifetime = documentTTL }
        if let publicURL { configuration.publicBaseURL = publicURL }
        if let scanTimeLimit { configuration.scanTimeLimit = scanTimeLimit }
        if let lineReader { configuration.lineReader = lineReader }
        do {
            try configuration.validate()
        } catch {
            throw ValidationError("\(error)")
        }
        var logger = Logger(label: "legible-server")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        if engineWorkerMode {
            // A worker started by a server: one recogniser, requests on standard input, replies on standard output.
            let engines = try Engines.installed(
                recognizers: 1, scanTimeLimit: configuration.scanTimeLimit, lineReader: configuration.lineReader)
            throw ExitCode(await EngineWorker.serve(engines: engines, memoryLimitBytes: workerMemory))
        }
        let engines: Engines
        switch isolation {
        case .process:
            let limits = EngineWorkerLimits(
                memoryBytes: workerMemory ?? EngineWorkerLimits().memoryBytes,
                deadline: jobDeadline ?? EngineWorkerLimits().deadline,
                requestsPerWorker: workerRequests ?? EngineWorkerLimits().requestsPerWorker)
            engines = .isolated(
                try IsolatedEngine(
                    workers: engineWorkers ?? ProcessInfo.processInfo.activeProcessorCount,
                    executable: IsolatedEngine.currentExecutable, limits: limits,
                    scanTimeLimit: configuration.scanTimeLimit, lineReader: configuration.lineReader, logger: logger))
            logger.info(
                "engine workers started",
                metadata: [
                    "memory_bytes": "\(limits.memoryBytes)", "deadline_seconds": "\(limits.deadline)",
                    "requests_per_worker": "\(limits.requestsPerWorker)",
                ])
        case .none:
            logger.warning("--isolation none: images and PDFs are parsed in the server process")
            engines = try Engines.installed(
                recognizers: recognizers, scanTimeLimit: configuration.scanTimeLimit, lineReader: configuration.lineReader)
        }
        let app = try await buildApplication(configuration: configuration, engines: engines, logger: logger)
        try await app.runService()
    }
}
