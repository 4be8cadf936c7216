import Foundation

/// How a job ended.
enum JobOutcome: Sendable, Equatable {
    case completed(result: String?, message: String)
    case failed(String)
    case cancelled(String)
}

extension JobRecord {
    mutating func apply(_ outcome: JobOutcome, now: Date) {
        switch outcome {
        case .completed(let result, let message):
            status = .completed
            progress = 100
            self.result = result
            self.message = message
            error = nil
        case .failed(let message):
            status = .failed
            self.message = "Failed"
            error = message
        case .cancelled(let message):
            status = .cancelled
            self.message = message
        }
        updatedAt = now
        finishedAt = now
    }
}
