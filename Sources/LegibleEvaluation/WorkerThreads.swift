import Foundation
import Synchronization

/// Runs blocking work (child processes) on a fixed number of dedicated threads, off Swift's cooperative pool.
enum WorkerThreads {
    /// Calls `body(index)` for every index in `0..<count`, on `workers` threads at once, each taking the next
    /// index when it is done; returns when all are done.
    static func run(count: Int, workers: Int, _ body: @escaping @Sendable (Int) -> Void) async {
        let next = Mutex(0)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let group = DispatchGroup()
            for _ in 0..<max(1, min(workers, count)) {
                group.enter()
                Thread {
                    while true {
                        let index = next.withLock { value in
                            defer { value += 1 }
                            return value
                        }
                        guard index < count else { break }
                        body(index)
                    }
                    group.leave()
                }.start()
            }
            group.notify(queue: .global()) { continuation.resume() }
        }
    }
}
