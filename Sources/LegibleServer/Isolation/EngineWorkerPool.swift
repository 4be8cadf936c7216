public import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// Limits for engine worker processes.
public struct EngineWorkerLimits: Sendable, Equatable {
    /// Address space one worker may map, in bytes (`RLIMIT_AS`).
    public var memoryBytes: Int
    /// Wall-clock seconds one engine call may take before its worker is killed; also its CPU-time allowance.
    public var deadline: TimeInterval
    /// Requests one worker serves before it is retired and a fresh one takes its place; 0 for no limit.
    ///
    /// The libraries a worker runs keep caches for the life of the process (fontconfig's, Cairo's fonts and
    /// scaled fonts, Poppler's font engine), filled by every document it has opened. What a long line of hostile
    /// documents leaves there is where the one open fuzzing finding lives (a crash in Cairo after some
    /// thousand damaged forms in one process, `Fuzz/README.md`). Retiring workers bounds that state, as
    /// pre-forking servers bound theirs (gunicorn's `max_requests`, PHP-FPM's `pm.max_requests`); a worker starts
    /// in about 0.4 s, so at the default of 500 that costs well under 1% of a busy worker's time.
    public var requestsPerWorker: Int

    /// Creates limits; the defaults allow a 40 MP photo or a large scanned form with room to spare.
    public init(memoryBytes: Int = 3 << 30, deadline: TimeInterval = 120, requestsPerWorker: Int = 500) {
        self.memoryBytes = memoryBytes
        self.deadline = deadline
        self.requestsPerWorker = requestsPerWorker
    }
}

/// A fixed number of warm engine worker processes, each running one request at a time.
///
/// A request waits for an idle worker, runs under the wall-clock deadline, and returns its reply. When a worker
/// dies (a crash, the kernel's memory or CPU limit) or passes the deadline, that request alone fails with
/// `EngineError.invalidInput` ("the file could not be processed safely: ...") and the worker is replaced by a
/// fresh one; other requests are untouched. A worker that has served ``EngineWorkerLimits/requestsPerWorker``
/// requests is retired after its last reply and replaced the same way.
actor EngineWorkerPool {
    /// How a worker is started.
    let executable: String
    let arguments: [String]
    let limits: EngineWorkerLimits
    let size: Int
    private let logger: Logger
    private var idle: [EngineWorkerProcess] = []
    /// Process ids of the workers running a request.
    private var running: Set<pid_t> = []
    /// Requests waiting for a worker, first come first served: a freed worker is handed to the oldest.
    private var waiters: [CheckedContinuation<EngineWorkerProcess, Never>] = []
    private var replacements = 0
    /// Requests each live worker has answered.
    private var served: [pid_t: Int] = [:]
    private var retirements = 0

    /// Starts `size` workers.
    /// - Throws: `EngineWorkerPipeError` when the first worker cannot be started.
    init(size: Int, executable: String, arguments: [String], limits: EngineWorkerLimits, logger: Logger) throws {
        self.size = size
        self.executable = executable
        self.arguments = arguments
        self.limits = limits
        self.logger = logger
        idle = try (0..<max(1, size)).map { _ in try EngineWorkerProcess(executable: executable, arguments: arguments) }
    }

    /// Workers running a request now.
    var busyCount: Int { running.count }

    /// Process ids of the workers running a request now.
    var busyProcessIDs: [pid_t] { Array(running) }

    /// Workers replaced after a crash, a limit or the deadline since the pool started.
    var replacedCount: Int { replacements }

    /// Workers retired after serving ``EngineWorkerLimits/requestsPerWorker`` requests since the pool started.
    var retiredCount: Int { retirements }

    /// Process ids of every live worker, idle or running a request.
    var processIDs: Set<pid_t> { Set(idle.map(\.pid)).union(running) }

    /// Runs `request` on an idle worker with `payload`; returns the reply and its payload.
    /// - Throws: the engine's own error (as the reply carries it), `EngineError.invalidInput` when the worker died
    ///   or passed the deadline, `CancellationError` (the worker is killed and replaced).
    func perform(_ request: EngineWorkerRequest, payload: Data) async throws -> (EngineWorkerReply, Data) {
        let worker = await checkOut()
        var request = request
        request.cpuSeconds = Int(limits.deadline.rounded(.up))
        let frame = EngineWorkerFrame(header: try JSONEncoder().encode(request), payload: payload)
        let outcome = await Self.exchange(frame, with: worker, deadline: limits.deadline)
        switch outcome {
        case .reply(let reply):
            let answered = served[worker.pid, default: 0] + 1
            if limits.requestsPerWorker > 0, answered >= limits.requestsPerWorker {
                await retire(worker)
            } else {
                served[worker.pid] = answered
                checkIn(worker)
            }
            let header = try JSONDecoder().decode(EngineWorkerReply.self, from: reply.header)
            if let error = header.error { throw error }
            return (header, reply.payload)
        case .cancelled:
            await replace(worker, because: "the request was cancelled")
            throw CancellationError()
        case .deadline:
            await replace(worker, because: "deadline")
            throw pastDeadline
        case .died(let reason):
            let ending = await replace(worker, because: reason)
            // The CPU allowance equals the deadline, so on a loaded machine the kernel can stop a spinning
            // worker just before the wall clock does: the same failure, said the same way.
            if ending == EngineWorkerProcess.endingAtCPULimit { throw pastDeadline }
            throw EngineError.invalidInput(
                "the file could not be processed safely: the engine worker stopped (\(ending))")
        }
    }

    /// The error of a call that ran past the deadline (or the CPU allowance, which equals it).
    private var pastDeadline: EngineError {
        .invalidInput("the file could not be processed safely: it took longer than \(Self.seconds(limits.deadline))")
    }

    /// Ends every worker (server shutdown).
    func shutdown() async {
        let workers = idle
        idle.removeAll()
        for worker in workers { _ = await worker.terminate() }
    }

    private enum Outcome: Sendable {
        case reply(EngineWorkerFrame)
        case died(String)
        case deadline
        case cancelled
    }

    /// One exchange raced against the deadline. Unless it ends in a reply, the worker is killed here (a late or
    /// cancelled exchange is blocked in a read until then); the caller replaces it.
    private static func exchange(_ frame: EngineWorkerFrame, with worker: EngineWorkerProcess, deadline: TimeInterval)
        async -> Outcome
    {
        await withTaskGroup(of: Outcome.self) { group in
            group.addTask {
                do {
                    return .reply(try await worker.exchange(frame))
                } catch {
                    return .died(String(describing: error))
                }
            }
            group.addTask {
                do {
                    try await Task.sleep(for: .seconds(deadline))
                    return .deadline
                } catch {
                    return .cancelled
                }
            }
            let first = await group.next() ?? .cancelled
            // The exchange is blocked in a read until its worker is killed; kill it here so the group can end.
            if case .reply = first {} else { worker.kill() }
            group.cancelAll()
            while await group.next() != nil {}
            return first
        }
    }

    private func checkOut() async -> EngineWorkerProcess {
        // A worker that could not be restarted earlier is tried again when one is needed.
        if idle.isEmpty, running.count + waiters.count < size,
            let worker = try? EngineWorkerProcess(executable: executable, arguments: arguments)
        {
            release(worker)
        }
        if waiters.isEmpty, let worker = idle.popLast() {
            running.insert(worker.pid)
            return worker
        }
        // Handed over by `release`, already marked running: a request arriving later cannot take it first.
        return await withCheckedContinuation { waiters.append($0) }
    }

    private func checkIn(_ worker: EngineWorkerProcess) {
        running.remove(worker.pid)
        release(worker)
    }

    /// Gives an idle worker to the oldest waiting request, or keeps it idle.
    private func release(_ worker: EngineWorkerProcess) {
        if waiters.isEmpty {
            idle.append(worker)
        } else {
            running.insert(worker.pid)
            waiters.removeFirst().resume(returning: worker)
        }
    }

    /// Starts a fresh worker in place of one that has served its share of requests and hands it on, then ends
    /// the old one (idle, so its input closing ends it).
    private func retire(_ worker: EngineWorkerProcess) async {
        running.remove(worker.pid)
        served[worker.pid] = nil
        retirements += 1
        do {
            release(try EngineWorkerProcess(executable: executable, arguments: arguments))
        } catch {
            // `checkOut` starts one when a request needs it.
            logger.error("cannot start an engine worker", metadata: ["error": "\(error)"])
        }
        let ending = await worker.terminate()
        logger.info(
            "engine worker retired",
            metadata: ["pid": "\(worker.pid)", "requests": "\(limits.requestsPerWorker)", "ended": "\(ending)"])
    }

    /// Reaps a failed worker, starts its replacement and hands that to the next waiting request; returns how the
    /// old one ended.
    @discardableResult
    private func replace(_ worker: EngineWorkerProcess, because reason: String) async -> String {
        let ending = await worker.terminate()
        replacements += 1
        served[worker.pid] = nil
        logger.warning(
            "engine worker replaced", metadata: ["pid": "\(worker.pid)", "reason": "\(reason)", "ended": "\(ending)"])
        running.remove(worker.pid)
        do {
            release(try EngineWorkerProcess(executable: executable, arguments: arguments))
        } catch {
            logger.error("cannot start an engine worker", metadata: ["error": "\(error)"])
        }
        return ending
    }

    private static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
