import Foundation

/// Wakes idle workers when a job is queued; a worker also wakes after a timeout to look at the queue anyway.
///
/// Every waiter is resumed exactly once: by a notification, by closing, or by its cancellation (the timeout
/// cancels it). Waiters are keyed by a counter of this actor, not by `UUID()`: on Linux, Foundation reads its
/// randomness through a file descriptor, and in a process out of descriptors every `UUID()` comes out the same
/// (all zero bits but the version's). Two waiters sharing a key would drop one continuation unresumed, its worker
/// waiting for good.
actor WakeSignal {
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter = 0
    private var permits = 0
    private var closed = false

    /// Wakes one waiting worker, or lets the next `wait` return at once.
    func notify() {
        if let (id, continuation) = waiters.first {
            waiters.removeValue(forKey: id)
            continuation.resume()
        } else {
            permits = min(permits + 1, 1024)
        }
    }

    /// Wakes every worker and makes later waits return at once (shutdown).
    func close() {
        closed = true
        for continuation in waiters.values { continuation.resume() }
        waiters.removeAll()
    }

    /// Returns when notified, closed, cancelled, or after `timeout` seconds.
    nonisolated func wait(timeout: TimeInterval) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.waitForSignal() }
            group.addTask { try? await Task.sleep(for: .seconds(timeout)) }
            await group.next()
            group.cancelAll()
        }
    }

    /// Workers waiting now.
    var waiting: Int { waiters.count }

    private func waitForSignal() async {
        let id = nextWaiter
        nextWaiter += 1
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                if closed || Task.isCancelled {
                    continuation.resume()
                } else if permits > 0 {
                    permits -= 1
                    continuation.resume()
                } else {
                    waiters[id] = continuation
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    private func cancelWaiter(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume()
    }
}
