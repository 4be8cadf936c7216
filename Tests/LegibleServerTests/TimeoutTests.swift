import Foundation
@testable import LegibleServer
import Synchronization
import Testing

@Suite("Time limits of store operations")
struct TimeoutTests {
    @Test func aBodyWithinItsLimitGivesItsValueAndItsError() async throws {
        #expect(try await withTimeout(seconds: 30) { 42 } == 42)
        await #expect(throws: CocoaError.self) {
            try await withTimeout(seconds: 30) { () async throws -> Int in throw CocoaError(.fileNoSuchFile) }
        }
    }

    /// A body that does not stop when cancelled (it waits for a callback, as a client waits for a network that is
    /// gone): the limit still ends the wait, before the body ends, and the body is asked to stop.
    @Test func theLimitHoldsWhenTheBodyIgnoresCancellation() async throws {
        let ended = Mutex(false)
        let cancelled = Mutex(false)
        await #expect(throws: TimeoutError.self) {
            try await withTimeout(seconds: 0.2) { () async -> Int in
                await withTaskCancellationHandler {
                    await withCheckedContinuation { continuation in
                        DispatchQueue.global().asyncAfter(deadline: .now() + 5) { continuation.resume() }
                    }
                } onCancel: {
                    cancelled.withLock { $0 = true }
                }
                ended.withLock { $0 = true }
                return 1
            }
        }
        #expect(!ended.withLock { $0 })
        #expect(cancelled.withLock { $0 })
    }

    @Test func cancellingTheCallerEndsTheWait() async throws {
        let task = Task {
            try await withTimeout(seconds: 30) { () async -> Int in
                await withCheckedContinuation { continuation in
                    DispatchQueue.global().asyncAfter(deadline: .now() + 5) { continuation.resume() }
                }
                return 1
            }
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
