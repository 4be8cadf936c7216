import Foundation
import Hummingbird

/// `GET /metrics`: this instance's metrics in Prometheus's text exposition format (open, like `/health`).
struct MetricsController {
    let state: ServerState

    var endpoints: RouteCollection<LegibleRequestContext> {
        let routes = RouteCollection(context: LegibleRequestContext.self)
        routes.get("metrics", use: metrics)
        return routes
    }

    @Sendable func metrics(_ request: Request, context: LegibleRequestContext) async throws -> Response {
        let depth = try await state.queueDepthForStatus()
        let text = state.metrics.exposition(
            queueDepth: depth, workers: state.configuration.workerCount,
            workersBusy: state.workers.snapshot(now: Date()).busy,
            engine: await state.engines.serialReader.engineStatus())
        var headers: HTTPFields = [:]
        headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
