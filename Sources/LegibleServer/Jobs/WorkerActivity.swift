import Foundation
import Synchronization

/// Which of this instance's job workers are running a job, and since when; read by `/health`.
final class WorkerActivity: Sendable {
    private let running = Mutex<[String: Date]>([:])

    /// Marks `worker` busy from `start`.
    func began(worker: String, at start: Date) { running.withLock { $0[worker] = start } }

    /// Marks `worker` idle.
    func ended(worker: String) { _ = running.withLock { $0.removeValue(forKey: worker) } }

    /// Busy workers, and the seconds the longest-running job has run at `now` (0 when none).
    func snapshot(now: Date) -> (busy: Int, longestSeconds: Double) {
        running.withLock { running in
            (running.count, running.values.map { now.timeIntervalSince($0) }.max() ?? 0)
        }
    }
}
