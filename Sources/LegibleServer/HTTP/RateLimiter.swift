import Foundation

/// Counts requests per caller in fixed windows: ``RateLimiter`` in this process, ``PostgresRateLimiter`` across
/// the instances sharing a database.
protocol RequestCounter: Sendable {
    /// Requests allowed per window.
    var limit: Int { get }
    /// Counts one request for `key` and says whether it is allowed.
    func consume(_ key: String) async -> RateLimiter.Decision
    /// What a request for `key` would be allowed now, without counting it.
    func peek(_ key: String) async -> RateLimiter.Decision
}

/// Fixed-window request counting per caller, in this process.
actor RateLimiter: RequestCounter {
    /// What one request was allowed.
    struct Decision: Sendable, Equatable {
        var allowed: Bool
        var limit: Int
        var remaining: Int
        /// Unix time (seconds) when the window resets.
        var resetAt: Int
        /// Seconds until the reset, at least 1.
        var retryAfter: Int
    }

    private struct Window {
        var start: Date
        var count: Int
    }

    let limit: Int
    let window: TimeInterval
    private let now: @Sendable () -> Date
    private var windows: [String: Window] = [:]

    init(limit: Int, window: TimeInterval, now: @escaping @Sendable () -> Date = { Date() }) {
        self.limit = limit
        self.window = window
        self.now = now
    }

    /// Counts one request for `key`.
    func consume(_ key: String) -> Decision {
        decide(key, counting: true)
    }

    /// What a request for `key` would be allowed now, without counting it.
    func peek(_ key: String) -> Decision {
        decide(key, counting: false)
    }

    private func decide(_ key: String, counting: Bool) -> Decision {
        let time = now()
        var current = windows[key] ?? Window(start: time, count: 0)
        if time.timeIntervalSince(current.start) >= window {
            current = Window(start: time, count: 0)
        }
        let allowed = current.count < limit
        if allowed && counting {
            current.count += 1
            windows[key] = current
        }
        if windows.count > 10_000 { windows = windows.filter { time.timeIntervalSince($0.value.start) < window } }
        let reset = current.start.addingTimeInterval(window)
        return Decision(
            allowed: allowed, limit: limit, remaining: max(0, limit - current.count),
            resetAt: Int(reset.timeIntervalSince1970.rounded(.up)),
            retryAfter: max(1, Int(reset.timeIntervalSince(time).rounded(.up))))
    }
}
