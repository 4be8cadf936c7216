import Foundation
import Synchronization

/// Runs `body`, throwing ``TimeoutError`` when it takes longer than `seconds`.
///
/// The limit holds even when `body` does not stop when cancelled: a database client's query on a connection
/// that is gone may wait for the network long after it is asked to stop, and a task group would wait for it
/// too. At the limit `body` is cancelled and left to end on its own; its result is dropped. Cancelling the
/// caller cancels `body` and throws `CancellationError` at once.
func withTimeout<T: Sendable>(seconds: TimeInterval, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    let race = TimeoutRace<T>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            race.begin(continuation)
            race.track(
                work: Task {
                    do { race.finish(.success(try await body())) } catch { race.finish(.failure(error)) }
                },
                timer: Task {
                    try? await Task.sleep(for: .seconds(seconds))
                    race.finish(.failure(TimeoutError(seconds: seconds)))
                })
        }
    } onCancel: {
        race.finish(.failure(CancellationError()))
    }
}

/// An operation that took longer than its time limit.
struct TimeoutError: Error, CustomStringConvertible {
    var seconds: TimeInterval
    var description: String { "no answer within \(Int(seconds)) s" }
}

/// The first of a body's result, its time limit and the caller's cancellation to arrive resumes the caller; the
/// others find nothing left to resume. Both tasks are cancelled once it is decided.
private final class TimeoutRace<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        /// Set when the race was decided before the continuation was given (the caller was already cancelled).
        var early: Result<T, any Error>?
        var decided = false
        var tasks: [Task<Void, Never>] = []
    }

    private let state = Mutex(State())

    func begin(_ continuation: CheckedContinuation<T, any Error>) {
        let early = state.withLock { state -> Result<T, any Error>? in
            guard state.decided else {
                state.continuation = continuation
                return nil
            }
            return state.early
        }
        if let early { continuation.resume(with: early) }
    }

    func track(work: Task<Void, Never>, timer: Task<Void, Never>) {
        let decided = state.withLock { state -> Bool in
            if !state.decided { state.tasks = [work, timer] }
            return state.decided
        }
        if decided {
            work.cancel()
            timer.cancel()
        }
    }

    func finish(_ result: Result<T, any Error>) {
        let (continuation, tasks) = state.withLock { state -> (CheckedContinuation<T, any Error>?, [Task<Void, Never>]) in
            guard !state.decided else { return (nil, []) }
            state.decided = true
            if state.continuation == nil { state.early = result }
            defer {
                state.continuation = nil
                state.tasks = []
            }
            return (state.continuation, state.tasks)
        }
        for task in tasks { task.cancel() }
        continuation?.resume(with: result)
    }
}
