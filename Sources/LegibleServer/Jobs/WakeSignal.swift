import Foundation

/// Wakes idle workers when a job is queued; a worker also wakes after a timeout to look at the queue anyway.
actor WakeSignal {
    private var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]
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
            group.addTask { await self.waitForSignal(id: UUID()) }
            group.addTask { try? await Task.sleep(for: .seconds(timeout)) }
            await group.next()
            group.cancelAll()
        }
    }

    private func waitForSignal(id: UUID) async {
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

    private func cancelWaiter(_ id: UUID) {
        waiters.removeValue(forKey: id)?.resume()
    }
}
