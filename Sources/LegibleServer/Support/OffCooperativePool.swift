import Dispatch

/// Runs blocking work (C libraries, pipe reads) on a Dispatch thread, off Swift's cooperative pool, whose few
/// threads must never wait; returns or throws what `body` does.
func runOffCooperativePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async { continuation.resume(with: Result { try body() }) }
    }
}
