import Foundation
import PostgresNIO

/// Fixed-window request counting in the shared database, so that a key's limit holds across every instance.
///
/// Windows are aligned to multiples of `window` seconds since 1970 (every instance agrees on them without talking);
/// each request is one upsert that returns the window's count. When the database does not answer (within the
/// store's time limits) the request is let through (its own store calls will answer 503), so that the limiter
/// never becomes the outage.
struct PostgresRateLimiter: RequestCounter {
    let store: PostgresStore
    /// Keeps separate counters (per-key requests, failed authentications) apart in one table.
    let prefix: String
    let limit: Int
    /// Seconds.
    let window: TimeInterval

    func consume(_ key: String) async -> RateLimiter.Decision {
        await decide(key, counting: true)
    }

    func peek(_ key: String) async -> RateLimiter.Decision {
        await decide(key, counting: false)
    }

    private func decide(_ key: String, counting: Bool) async -> RateLimiter.Decision {
        let now = Date()
        let start = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / window).rounded(.down) * window)
        let bucket = prefix + key
        let count: Int
        let store = store
        do {
            count = try await store.guarded {
                let rows =
                    counting
                    ? try await store.client.query(
                    """
                    INSERT INTO rate_windows (bucket, window_start, count) VALUES (\(bucket), \(start), 1)
                    ON CONFLICT (bucket, window_start) DO UPDATE SET count = rate_windows.count + 1
                    RETURNING count
                    """, logger: store.logger)
                : try await store.client.query(
                    "SELECT count FROM rate_windows WHERE bucket = \(bucket) AND window_start = \(start)",
                        logger: store.logger)
                return try await rows.records { try $0.decode(Int.self) }.first ?? 0
            }
        } catch {
            store.logger.warning("rate limit not counted: the database did not answer", metadata: ["error": "\(error)"])
            count = 0
        }
        // Counting includes this request; a peek asks whether one more would pass.
        let allowed = counting ? count <= limit : count < limit
        let reset = start.addingTimeInterval(window)
        return RateLimiter.Decision(
            allowed: allowed, limit: limit, remaining: max(0, limit - count),
            resetAt: Int(reset.timeIntervalSince1970.rounded(.up)),
            retryAfter: max(1, Int(reset.timeIntervalSince(now).rounded(.up))))
    }
}
