public import Hummingbird
public import Logging
import SerialScan
import ServiceLifecycle

/// Builds the HTTP application: routes, middleware, the job runner and the expiry sweeper.
///
/// - Parameters:
///   - configuration: where to listen, where to keep data, keys and limits.
///   - engines: the serial reader, field detector and composer; `.unavailable` until they are wired in.
///   - logger: the server's logger.
/// - Throws: `ConfigurationError` for bad settings; database or file errors when the data directory cannot be used.
public func buildApplication(
    configuration: ServerConfiguration, engines: Engines = .unavailable,
    logger: Logger = Logger(label: "legible-server")
) async throws -> some ApplicationProtocol {
    try await buildServer(configuration: configuration, engines: engines, logger: logger).application
}

/// The parts of a built server that tests reach into.
struct BuiltServer<App: ApplicationProtocol> {
    var application: App
    var state: ServerState
    var router: Router<LegibleRequestContext>
}

func buildServer(configuration: ServerConfiguration, engines: Engines, logger: Logger) async throws
    -> BuiltServer<Application<RouterResponder<LegibleRequestContext>>>
{
    try configuration.validate()
    var store: (any StateStore)?
    if let database = configuration.database {
        store = try await PostgresStore.open(url: database, lease: configuration.jobLease, logger: logger)
        logger.info("database", metadata: ["store": "postgres", "url": "\(database)"])
    }
    let state = try ServerState(configuration: configuration, engines: engines, logger: logger, store: store)
    let router = buildRouter(state: state)
    let runner = JobRunner(
        queue: state.store,
        processor: JobProcessor(
            store: state.store, files: state.files, engines: engines, logger: logger, metrics: state.metrics),
        workerCount: configuration.workerCount,
        // A shared queue also fills from other instances, whose submissions do not wake this one's workers.
        pollInterval: configuration.database == nil ? configuration.pollInterval : min(configuration.pollInterval, 1),
        gracePeriod: configuration.shutdownGracePeriod, signal: state.signal, events: state.events, logger: logger,
        activity: state.workers, maxRunningPerOwner: configuration.maxRunningJobsPerKey ?? .max)
    let janitor = Janitor(
        store: state.store, files: state.files, interval: configuration.sweepInterval, logger: logger)
    if configuration.apiKeys.isEmpty {
        logger.warning("no API keys configured: the server is open to anyone who can reach it")
    } else {
        logger.info("API keys required", metadata: ["keys": "\(configuration.apiKeys.count)"])
    }
    logger.info(
        "data directory", metadata: ["path": "\(configuration.dataDirectory.standardizedFileURL.path)"])
    let serialEngine = await engines.serialReader.engineStatus()
    if serialEngine.available {
        logger.info(
            "serial reader ready",
            metadata: [
                "tesseract": "\(serialEngine.engineVersion ?? "?")", "recognizers": "\(serialEngine.poolSize)",
                "line_reader": "\(serialEngine.lineReader ?? "?")",
            ])
        if let warning = lineReaderFallback(configured: configuration.lineReader, status: serialEngine) {
            logger.warning("\(warning)", metadata: ["line_reader": "\(serialEngine.lineReader ?? "?")"])
        }
    } else {
        logger.warning("serial reader unavailable: scans will fail and /health reports degraded")
    }
    let application = Application(
        router: router,
        server: .http1(
            configuration: .init(idleTimeout: .milliseconds(Int64(configuration.connectionIdleTimeout * 1000)))),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "legible"),
        services: [runner, janitor],
        logger: logger)
    return BuiltServer(application: application, state: state, router: router)
}

/// The warning a server logs when it starts, when scans were configured to read lines with Legible's reader
/// but its engine fell back to Tesseract's (the serial models could not load); nil otherwise.
func lineReaderFallback(configured: SerialScanOptions.LineReader, status: EngineStatus) -> String? {
    guard configured == .legible, let reader = status.lineReader, reader != configured.rawValue else { return nil }
    return """
        Legible's line reader could not load the serial models: scans read lines with \(reader), about 1.5x as \
        slow (/health reports line_reader)
        """
}

/// Request counting for a limit of `limit` a window: in the shared database when there is one (every instance
/// counts against the same windows), else in this process.
private func counter(_ state: ServerState, prefix: String, limit: Int) -> any RequestCounter {
    if let database = state.store as? PostgresStore {
        return PostgresRateLimiter(
            store: database, prefix: prefix, limit: limit, window: state.configuration.rateLimitWindow)
    }
    return RateLimiter(limit: limit, window: state.configuration.rateLimitWindow)
}

/// All routes: public ones (health, OpenAPI, signed files) and the key-protected, rate-limited API.
func buildRouter(state: ServerState) -> Router<LegibleRequestContext> {
    // HEAD on every GET route answers its status and headers without the body (RFC 9110, 9.3.2).
    let router = Router(context: LegibleRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: RequestIDMiddleware())
    router.add(middleware: ErrorEnvelopeMiddleware())
    router.add(middleware: LogRequestsMiddleware(.info))
    let routeTable = RouteTable()
    router.add(middleware: RouteMethodsMiddleware(table: routeTable))
    router.addRoutes(HealthController(state: state).endpoints)
    router.addRoutes(OpenAPIController().endpoints)
    router.addRoutes(MetricsController(state: state).endpoints)
    router.addRoutes(FileController(state: state).endpoints, atPath: "/files")
    let protected = router.group()
        .add(
            middleware: APIKeyMiddleware(
                keys: state.configuration.apiKeys,
                failures: counter(state, prefix: "auth-failures:", limit: state.configuration.authFailureLimit)))
        .add(
            middleware: RateLimitMiddleware(
                limiter: counter(state, prefix: "", limit: state.configuration.rateLimitRequests)))
    protected.addRoutes(ScanController(state: state).endpoints)
    protected.addRoutes(DocumentController(state: state).endpoints, atPath: "/api/v1/documents")
    routeTable.record(router.routes)
    return router
}
