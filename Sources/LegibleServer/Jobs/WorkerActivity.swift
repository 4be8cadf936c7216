import Foundation
import Synchronization

/// Which of this instance's job workers are running which job, and since when; read by `/health` and by the
/// lease renewal.
final class WorkerActivity: Sendable {
    private let running = Mutex<[String: (job: String, start: Date)]>([:])

    /// Marks `worker` busy with `job` from `start`.
    func began(worker: String, job: String, at start: Date) { running.withLock { $0[worker] = (job, start) } }

    /// Marks `worker` idle.
    func ended(worker: String) { _ = running.withLock { $0.removeValue(forKey: worker) } }

    /// Busy workers, and the seconds the longest-running job has run at `now` (0 when none).
    func snapshot(now: Date) -> (busy: Int, longestSeconds: Double) {
        running.withLock { running in
            (running.count, running.values.map { now.timeIntervalSince($0.start) }.max() ?? 0)
        }
    }

    /// The ids of the jobs being run.
    var jobIDs: [String] { running.withLock { $0.values.map(\.job) } }
}
