import Foundation
import Logging
import ServiceLifecycle

/// Deletes expired scan jobs and documents with their files, files no row refers to, and stale temporaries.
struct Janitor: Service {
    let store: any StateStore
    let files: FileStore
    let interval: TimeInterval
    let logger: Logger
    /// Files younger than this are never treated as orphans (an upload may be between file and row).
    static let orphanGrace: TimeInterval = 600

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown {
                while !Task.isCancelled {
                    do {
                        try await sweep(now: Date())
                    } catch is CancellationError {
                        return
                    } catch {
                        logger.error("expiry sweep failed", metadata: ["error": "\(error)"])
                    }
                    try await Task.sleep(for: .seconds(interval))
                }
            }
        } catch is CancellationError {
            // Graceful shutdown: nothing to finish.
        }
    }

    /// One sweep at time `now`; returns how many jobs and documents were deleted.
    @discardableResult
    func sweep(now: Date) async throws -> (jobs: Int, documents: Int) {
        let expired = try await store.deleteExpired(now: now)
        for id in expired.jobIDs { files.remove(files.scanImage(jobID: id)) }
        for id in expired.documentIDs { files.remove(files.documentFolder(id)) }
        let live = try await store.liveIDs()
        let stored = files.storedIDs()
        func isOld(_ url: URL) -> Bool {
            let modified = (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate]) as? Date
            return modified.map { now.timeIntervalSince($0) > Self.orphanGrace } ?? false
        }
        for id in stored.scans where !live.jobIDs.contains(id) && isOld(files.scanImage(jobID: id)) {
            files.remove(files.scanImage(jobID: id))
        }
        for id in stored.documents where !live.documentIDs.contains(id) && isOld(files.documentFolder(id)) {
            files.remove(files.documentFolder(id))
        }
        // A temporary is renamed within moments of its creation; an old one was left by a process that died.
        for temporary in files.temporaryFiles() where isOld(temporary) {
            files.remove(temporary)
        }
        if !expired.jobIDs.isEmpty || !expired.documentIDs.isEmpty {
            logger.info(
                "deleted expired items",
                metadata: ["jobs": "\(expired.jobIDs.count)", "documents": "\(expired.documentIDs.count)"])
        }
        return (expired.jobIDs.count, expired.documentIDs.count)
    }
}
