import Foundation
import HTTPTypes

/// The key's rate-limit window as the server last reported it (`X-RateLimit-Remaining`, `X-RateLimit-Reset`),
/// so that polling waits for the next window instead of spending a request on a 429.
actor RateLimitWindow {
    private var remaining: Int?
    private var reset: Date?

    static let remainingName = HTTPField.Name("X-RateLimit-Remaining")!
    static let resetName = HTTPField.Name("X-RateLimit-Reset")!

    /// Keeps the window of an answer that reports one.
    func record(_ fields: HTTPFields) {
        guard let remaining = fields[Self.remainingName].flatMap({ Int($0) }) else { return }
        self.remaining = remaining
        reset = fields[Self.resetName].flatMap { Double($0) }.map { Date(timeIntervalSince1970: $0) }
    }

    /// Sleeps until the window resets when no request is left in it and the reset is at most `maxWait`
    /// seconds away; returns at once otherwise. Throws `CancellationError` when the task is cancelled.
    func waitIfExhausted(maxWait: TimeInterval) async throws {
        guard remaining == 0, let reset else { return }
        let wait = reset.timeIntervalSinceNow
        guard wait > 0, wait <= maxWait else { return }
        remaining = nil
        try await Task.sleep(nanoseconds: UInt64((wait + 0.05) * 1e9))
    }
}
