import Foundation
import Prometheus

/// The server's Prometheus metrics (`GET /metrics`, text exposition format), kept per instance.
///
/// Counters and histograms are updated as scans and jobs finish; gauges (queue depth, busy workers, recognisers)
/// are read when scraped. Durations are in seconds.
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()

    /// Bucket bounds for scan and job durations, seconds: scans take tens of milliseconds to seconds, detection and
    /// composing of large documents up to the 120 s deadline.
    static let durationBuckets: [Double] = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120]
    /// Bucket bounds for the time a job waits in the queue, seconds.
    static let waitBuckets: [Double] = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300]

    private static func descriptor(_ name: String, unit: String, help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "legible", metricName: name, unitName: unit, helpText: help)
    }

    /// A serial scan ended: `route` is `sync` (`/process-serial`) or `job` (`/scan`); `outcome` is `serial`,
    /// `no_serial`, `failed` or `cancelled`.
    func scanFinished(route: String, outcome: String, seconds: Double?) {
        registry.makeCounter(
            descriptor: Self.descriptor("scans", unit: "total", help: "Serial scans by route and outcome"),
            labels: [("route", route), ("outcome", outcome)]
        ).increment()
        if let seconds {
            registry.makeValueHistogram(
                descriptor: Self.descriptor("scan_duration", unit: "seconds", help: "Time a serial scan reads"),
                labels: [("route", route)], buckets: Self.durationBuckets
            ).record(seconds)
        }
    }

    /// A worker of this instance began running a claimed job of `kind`. Summed over every instance, it counts the
    /// runs of the shared queue: a job taken over after its lease ran out, or re-run after a restart, counts twice.
    func jobStarted(kind: JobKind) {
        registry.makeCounter(
            descriptor: Self.descriptor("jobs_started", unit: "total", help: "Jobs a worker began running, by kind"),
            labels: [("kind", kind.rawValue)]
        ).increment()
    }

    /// A job ended in `status` after running `seconds` and waiting `waited` seconds in the queue.
    func jobFinished(kind: JobKind, status: JobStatus, seconds: Double, waited: Double) {
        registry.makeCounter(
            descriptor: Self.descriptor("jobs_finished", unit: "total", help: "Jobs ended, by kind and status"),
            labels: [("kind", kind.rawValue), ("status", status.rawValue)]
        ).increment()
        registry.makeValueHistogram(
            descriptor: Self.descriptor("job_duration", unit: "seconds", help: "Time a job runs (scan, detect, compose)"),
            labels: [("kind", kind.rawValue)], buckets: Self.durationBuckets
        ).record(seconds)
        registry.makeValueHistogram(
            descriptor: Self.descriptor("job_queue_wait", unit: "seconds", help: "Time a job waits before it starts"),
            labels: [("kind", kind.rawValue)], buckets: Self.waitBuckets
        ).record(waited)
    }

    /// The exposition text, after setting the gauges to what the server reports now.
    func exposition(queueDepth: Int, workers: Int, workersBusy: Int, engine: EngineStatus) -> String {
        func gauge(_ name: String, unit: String, _ help: String, _ value: Int) {
            registry.makeGauge(descriptor: Self.descriptor(name, unit: unit, help: help)).set(Double(value))
        }
        gauge("queued", unit: "jobs", "Jobs waiting in the queue (all instances on a shared database)", queueDepth)
        gauge("job", unit: "workers", "Job workers of this instance", workers)
        gauge("busy_job", unit: "workers", "Job workers of this instance running a job", workersBusy)
        gauge("recognition", unit: "engines", "Recognisers or engine workers of this instance", engine.poolSize)
        gauge("busy_recognition", unit: "engines", "Recognisers or engine workers of this instance in use", engine.busyCount)
        return registry.emitToString()
    }
}
