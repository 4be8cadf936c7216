import Synchronization

/// Counts requests in progress and refuses new ones past a limit, so overload answers 429 at once instead of
/// queueing until clients time out.
final class InFlightLimiter: Sendable {
    let limit: Int
    private let count = Mutex(0)

    init(limit: Int) { self.limit = limit }

    /// Takes a place; false when `limit` requests are already in progress.
    func tryEnter() -> Bool {
        count.withLock { value in
            guard value < limit else { return false }
            value += 1
            return true
        }
    }

    /// Gives a place back.
    func leave() { count.withLock { $0 -= 1 } }

    /// Requests in progress.
    var current: Int { count.withLock { $0 } }
}
