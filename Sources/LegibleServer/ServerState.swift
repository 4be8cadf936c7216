import Foundation
import Logging

/// What every controller shares: configuration, storage, engines and the job machinery.
struct ServerState: Sendable {
    let configuration: ServerConfiguration
    let store: ServerStore
    let files: FileStore
    let engines: Engines
    let signer: URLSigner
    let signal: WakeSignal
    let events: JobEvents
    let logger: Logger
    let startedAt: Date
    /// Bounds `/process-serial` requests in progress.
    let syncScans: InFlightLimiter

    /// Opens the data directory (creating it), the database and the signing key.
    init(configuration: ServerConfiguration, engines: Engines, logger: Logger) throws {
        let root = configuration.dataDirectory.standardizedFileURL
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        self.configuration = configuration
        self.store = try ServerStore(path: root.appendingPathComponent("legible.sqlite").path)
        self.files = try FileStore(root: root)
        self.engines = engines
        self.signer = URLSigner(
            secret: try URLSigner.loadSecret(configured: configuration.signingKey, dataDirectory: root))
        self.signal = WakeSignal()
        self.events = JobEvents()
        self.logger = logger
        self.startedAt = Date()
        self.syncScans = InFlightLimiter(limit: configuration.maxConcurrentSyncScans)
    }

    /// Absolute URL for `path`, from the configured public URL or the request's Host header.
    func absoluteURL(_ path: String, host: String?) -> String {
        if let base = configuration.publicBaseURL {
            return base.hasSuffix("/") ? String(base.dropLast()) + path : base + path
        }
        guard let host, !host.isEmpty, !host.contains(where: { $0 == "/" || $0 == " " }) else { return path }
        return "http://\(host)\(path)"
    }
}
