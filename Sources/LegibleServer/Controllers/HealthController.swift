import Foundation
import Hummingbird

/// `GET /health`: liveness plus the recogniser pool and the queue.
struct HealthController {
    let state: ServerState

    struct HealthResponse: ResponseEncodable, Decodable {
        var status: String
        var version: String
        var tesseractVersion: String?
        var poolSize: Int
        var busyCount: Int
        var queueDepth: Int
        var workers: Int
        /// Job workers of this instance running a job now.
        var workersBusy: Int
        /// Seconds the longest-running job of this instance has run (0 when none).
        var longestJobSeconds: Double
        var uptimeSeconds: Int
        var lineReader: String?
        /// Where state is kept: `sqlite` (this instance's data directory) or `postgres` (shared by instances).
        var store: String?

        enum CodingKeys: String, CodingKey {
            case status, version
            case tesseractVersion = "tesseract_version"
            case poolSize = "pool_size"
            case busyCount = "busy_count"
            case queueDepth = "queue_depth"
            case workers
            case workersBusy = "workers_busy"
            case longestJobSeconds = "longest_job_seconds"
            case uptimeSeconds = "uptime_seconds"
            case lineReader = "line_reader"
            case store
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(status, forKey: .status)
            try container.encode(version, forKey: .version)
            try container.encode(tesseractVersion, forKey: .tesseractVersion)
            try container.encode(poolSize, forKey: .poolSize)
            try container.encode(busyCount, forKey: .busyCount)
            try container.encode(queueDepth, forKey: .queueDepth)
            try container.encode(workers, forKey: .workers)
            try container.encode(workersBusy, forKey: .workersBusy)
            try container.encode(longestJobSeconds, forKey: .longestJobSeconds)
            try container.encode(uptimeSeconds, forKey: .uptimeSeconds)
            try container.encode(lineReader, forKey: .lineReader)
            try container.encode(store, forKey: .store)
        }
    }

    var endpoints: RouteCollection<LegibleRequestContext> {
        let routes = RouteCollection(context: LegibleRequestContext.self)
        routes.get("health", use: health)
        return routes
    }

    @Sendable func health(_ request: Request, context: LegibleRequestContext) async throws -> HealthResponse {
        let engine = await state.engines.serialReader.engineStatus()
        let depth = try await state.queueDepthForStatus()
        let activity = state.workers.snapshot(now: Date())
        return HealthResponse(
            status: engine.available ? "ok" : "degraded", version: state.configuration.version,
            tesseractVersion: engine.engineVersion, poolSize: engine.poolSize, busyCount: engine.busyCount,
            queueDepth: depth, workers: state.configuration.workerCount, workersBusy: activity.busy,
            longestJobSeconds: (activity.longestSeconds * 10).rounded() / 10,
            uptimeSeconds: Int(Date().timeIntervalSince(state.startedAt)), lineReader: engine.lineReader,
            store: state.store.kind)
    }
}
