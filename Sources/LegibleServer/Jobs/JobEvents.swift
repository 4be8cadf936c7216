import Foundation

/// Tells interested parties (tests, the live client) when a job has reached a final state.
actor JobEvents {
    private var finished: [String] = []
    private var finishedSet: Set<String> = []
    private var waiters: [String: [CheckedContinuation<Void, Never>]] = [:]

    /// Records that `jobID` finished (completed, failed or cancelled) and wakes its waiters.
    func jobFinished(_ jobID: String) {
        if finishedSet.insert(jobID).inserted {
            finished.append(jobID)
            if finished.count > 10_000 {
                finishedSet.remove(finished.removeFirst())
            }
        }
        for continuation in waiters.removeValue(forKey: jobID) ?? [] { continuation.resume() }
    }

    /// Returns once `jobID` has finished in this process.
    func waitUntilFinished(_ jobID: String) async {
        if finishedSet.contains(jobID) { return }
        await withCheckedContinuation { waiters[jobID, default: []].append($0) }
    }
}
