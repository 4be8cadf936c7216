import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// Runs queued jobs on a fixed number of workers until graceful shutdown.
///
/// At start, jobs a previous process left running are put back in the queue. On graceful shutdown the workers
/// stop claiming, finish what they run for up to the grace period, and then are cancelled: a cancelled job goes
/// back to the queue and runs again at the next start.
final class JobRunner: Service, Sendable {
    let queue: any JobQueue
    let processor: JobProcessor
    let workerCount: Int
    let pollInterval: TimeInterval
    let gracePeriod: TimeInterval
    let signal: WakeSignal
    let events: JobEvents
    let logger: Logger
    let instanceID: String
    /// Which workers run a job now (for `/health`).
    let activity: WorkerActivity
    /// Jobs one key may have running at once.
    let maxRunningPerOwner: Int
    static let maxAttempts = 3
    private let stopping = Mutex(false)

    init(
        queue: any JobQueue, processor: JobProcessor, workerCount: Int, pollInterval: TimeInterval,
        gracePeriod: TimeInterval, signal: WakeSignal, events: JobEvents, logger: Logger,
        activity: WorkerActivity = WorkerActivity(), maxRunningPerOwner: Int = .max, instanceID: String = UUID.systemRandom().uuidString.lowercased().prefix(8).description
    ) {
        self.queue = queue
        self.processor = processor
        self.workerCount = workerCount
        self.pollInterval = pollInterval
        self.gracePeriod = gracePeriod
        self.signal = signal
        self.events = events
        self.logger = logger
        self.instanceID = instanceID
        self.activity = activity
        self.maxRunningPerOwner = maxRunningPerOwner
    }

    private struct GracePeriodOver: Error {}

    func run() async throws {
        let recovered = try await queue.recoverInterrupted(now: Date(), maxAttempts: Self.maxAttempts)
        if recovered > 0 { logger.notice("re-queued jobs interrupted by the last stop", metadata: ["jobs": "\(recovered)"]) }
        logger.info("job runner started", metadata: ["workers": "\(workerCount)", "instance": "\(instanceID)"])
        // A shared queue: keep this instance's claims alive, and take over jobs of instances that died. It runs
        // until the workers are done, through the grace period, so that no other instance takes a finishing job.
        let leases = queue.leaseDuration.map { lease in Task { await self.renewLeases(every: lease / 3) } }
        defer { leases?.cancel() }
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    await withTaskGroup(of: Void.self) { workers in
                        for index in 0..<self.workerCount {
                            workers.addTask { await self.workerLoop(index: index) }
                        }
                    }
                }
                group.addTask {
                    try? await gracefulShutdown()
                    self.stopping.withLock { $0 = true }
                    await self.signal.close()
                    try await Task.sleep(for: .seconds(self.gracePeriod))
                    throw GracePeriodOver()
                }
                try await group.next()
                group.cancelAll()
            }
        } catch is GracePeriodOver {
            logger.notice("grace period over; running jobs were re-queued")
        } catch is CancellationError {}
        logger.info("job runner stopped")
    }

    /// Every `interval` seconds: renews this instance's leases, and re-queues jobs whose lease ran out.
    private func renewLeases(every interval: TimeInterval) async {
        while !Task.isCancelled {
            do {
                try await queue.heartbeat(instanceID: instanceID, jobIDs: activity.jobIDs, now: Date())
                let recovered = try await queue.recoverExpiredLeases(now: Date(), maxAttempts: Self.maxAttempts)
                if recovered > 0 {
                    logger.notice("took over jobs of a stopped instance", metadata: ["jobs": "\(recovered)"])
                    await signal.notify()
                }
            } catch {
                if Task.isCancelled { return }
                logger.error("could not renew job leases", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: .seconds(interval))
        }
    }

    private func workerLoop(index: Int) async {
        let workerID = "\(instanceID):\(index)"
        while !stopping.withLock({ $0 }) && !Task.isCancelled {
            let job: JobRecord?
            do {
                job = try await queue.claimNext(workerID: workerID, now: Date(), maxRunningPerOwner: maxRunningPerOwner)
            } catch {
                if Task.isCancelled { return }
                logger.error("could not claim a job", metadata: ["error": "\(error)"])
                await signal.wait(timeout: pollInterval)
                continue
            }
            guard let job else {
                await signal.wait(timeout: pollInterval)
                continue
            }
            if await !execute(job, workerID: workerID), !Task.isCancelled {
                // The store failed mid-job: back off instead of re-claiming the same job in a tight loop.
                await signal.wait(timeout: pollInterval)
            }
        }
    }

    /// Runs one job; false when it stopped before finishing and went back to the queue.
    private func execute(_ job: JobRecord, workerID: String) async -> Bool {
        activity.began(worker: workerID, job: job.id, at: Date())
        processor.metrics.jobStarted(kind: job.kind)
        defer { activity.ended(worker: workerID) }
        do {
            try await processor.run(job)
            await events.jobFinished(job.id)
            return true
        } catch {
            // Cancelled by shutdown (or the store failed mid-way): put the job back, outside this cancelled task.
            let queue = self.queue
            let requeued = await Task.detached { () -> Bool in
                (try? await queue.requeue(jobID: job.id, now: Date())) != nil
            }.value
            logger.notice(
                "job stopped before finishing",
                metadata: ["job": "\(job.id)", "requeued": "\(requeued)", "error": "\(error)", "worker": "\(workerID)"])
            return false
        }
    }
}
