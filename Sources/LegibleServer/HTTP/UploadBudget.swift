import Synchronization

/// Request-body bytes being received across all clients, bounded: each chunk is reserved as it arrives and the
/// whole reservation released when its request's body is complete or abandoned. Bounds the memory that many slow
/// or stalled uploads can hold at once.
final class UploadBudget: Sendable {
    /// Most bytes in flight at once.
    let limit: Int
    private let used = Mutex(0)

    init(limit: Int) { self.limit = limit }

    /// Reserves `bytes`; false (reserving nothing) when that would pass the limit.
    func reserve(_ bytes: Int) -> Bool {
        used.withLock { value in
            guard value + bytes <= limit else { return false }
            value += bytes
            return true
        }
    }

    /// Gives back `bytes` reserved earlier.
    func release(_ bytes: Int) { used.withLock { $0 -= bytes } }

    /// Bytes reserved now.
    var current: Int { used.withLock { $0 } }
}
