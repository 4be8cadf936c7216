import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LegibleServer

@Suite("Prometheus metrics", .timeLimit(.minutes(2)))
struct MetricsTests {
    /// After a synchronous scan and a queued one, `/metrics` counts both, times them and reports the gauges.
    @Test func scansAndJobsAreCountedAndTimed() async throws {
        let image = try fixture("formats/sample.png")
        try await withServer { server, client in
            #expect(try await processSerial(client, image: image).status == .ok)
            let job = try decode(ScanSubmitResponse.self, try await submitScan(client, image: image))
            await server.events.waitUntilFinished(job.jobId)

            let response = try await client.execute(uri: "/metrics", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            let lines = Set(String(buffer: response.body).split(separator: "\n").map(String.init))
            #expect(lines.contains(#"legible_scans_total{route="sync",outcome="serial"} 1"#))
            #expect(lines.contains(#"legible_scans_total{route="job",outcome="serial"} 1"#))
            #expect(lines.contains(#"legible_jobs_finished_total{kind="scan",status="completed"} 1"#))
            #expect(lines.contains(#"legible_jobs_started_total{kind="scan"} 1"#))
            #expect(lines.contains(#"legible_job_queue_wait_seconds_count{kind="scan"} 1"#))
            #expect(lines.contains(#"legible_scan_duration_seconds_count{route="sync"} 1"#))
            #expect(lines.contains("legible_queued_jobs 0.0"))
            #expect(lines.contains("legible_job_workers 2.0"))
            #expect(lines.contains("legible_busy_job_workers 0.0"))
            #expect(lines.contains("legible_recognition_engines 2.0"))
            #expect(lines.contains("# TYPE legible_scans_total counter"))
        }
    }
}
