import Dispatch
import Foundation
import Synchronization

/// A fixed set of ``Recognizer``s shared by concurrent tasks.
///
/// ``withRecognizer(_:)`` waits (without blocking a thread) until an engine is free, runs the body on that
/// engine's own thread, off Swift's cooperative pool, and returns the engine. Waiters are served in arrival
/// order; a task cancelled while waiting throws `CancellationError` and takes no engine.
///
/// Tesseract here is built with OpenMP. Engines running side by side with OpenMP's default thread count
/// compete for the cores and each runs several times slower, so each recognition turns OpenMP's parallel
/// regions off on the engine's own thread (see ``Recognizer/limitOpenMPThreads()`` and
/// ``RecognizerConfiguration/limitsOpenMPThreads``).
public final class RecognizerPool: Sendable {
    /// The number of engines.
    public let size: Int
    /// The configuration every engine was started with.
    public let configuration: RecognizerConfiguration
    /// The directory the engines load their `.traineddata` files from (``Recognizer/dataPath``).
    public let dataPath: String
    private let state: Mutex<State>

    private struct State {
        var idle: [Slot]
        var waiters: [(id: UInt64, continuation: CheckedContinuation<Slot, any Error>)] = []
        var nextWaiterID: UInt64 = 0
    }

    /// An engine and the serial queue it runs on.
    private final class Slot: @unchecked Sendable {
        // Sendable because the pool hands a slot to exactly one borrower at a time (under the state mutex),
        // and the recogniser is only touched on `queue`.
        let recognizer: Recognizer
        let queue: DispatchQueue

        init(recognizer: Recognizer, index: Int) {
            self.recognizer = recognizer
            self.queue = DispatchQueue(label: "legible.recognizer.\(index)")
        }
    }

    /// Starts `size` engines with `configuration`.
    ///
    /// - Parameter size: Number of engines, at least 1; nil for the number of active processor cores.
    /// - Throws: `OCRError` from starting an engine (missing language data names the paths searched), or
    ///   `.invalidConfiguration` for a size below 1.
    public init(
        size: Int? = nil,
        configuration: RecognizerConfiguration = RecognizerConfiguration()
    ) throws(OCRError) {
        let size = size ?? ProcessInfo.processInfo.activeProcessorCount
        guard size >= 1 else { throw OCRError.invalidConfiguration("pool size \(size) must be at least 1") }
        var slots: [Slot] = []
        for index in 0..<size {
            slots.append(Slot(recognizer: try Recognizer(configuration: configuration), index: index))
        }
        self.size = size
        self.configuration = configuration
        self.dataPath = slots[0].recognizer.dataPath
        self.state = Mutex(State(idle: slots))
    }

    /// Engines currently lent out.
    public var busyCount: Int { state.withLock { size - $0.idle.count } }
    /// Tasks waiting for an engine.
    public var waitingCount: Int { state.withLock { $0.waiters.count } }

    /// Runs `body` with an engine to itself, on that engine's thread.
    ///
    /// - Throws: `CancellationError` when the task is cancelled before it gets an engine, or what `body` throws.
    public func withRecognizer<R: Sendable>(_ body: @escaping @Sendable (Recognizer) throws -> R) async throws -> R {
        let slot = try await acquire()
        defer { release(slot) }
        return try await withCheckedThrowingContinuation { continuation in
            slot.queue.async {
                continuation.resume(with: Result { try body(slot.recognizer) })
            }
        }
    }

    private func acquire() async throws -> Slot {
        try Task.checkCancellation()
        let waiterID: UInt64 = state.withLock { state in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Slot, any Error>) in
                let immediate: Slot? = state.withLock { state in
                    if let slot = state.idle.popLast() { return slot }
                    state.waiters.append((waiterID, continuation))
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> CheckedContinuation<Slot, any Error>? in
                guard let index = state.waiters.firstIndex(where: { $0.id == waiterID }) else { return nil }
                return state.waiters.remove(at: index).continuation
            }
            cancelled?.resume(throwing: CancellationError())
        }
    }

    private func release(_ slot: Slot) {
        let next = state.withLock { state -> CheckedContinuation<Slot, any Error>? in
            if state.waiters.isEmpty {
                state.idle.append(slot)
                return nil
            }
            return state.waiters.removeFirst().continuation
        }
        next?.resume(returning: slot)
    }
}
