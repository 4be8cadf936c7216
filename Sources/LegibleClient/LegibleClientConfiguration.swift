public import Foundation
#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Where a ``LegibleAPI`` finds the server, how it authenticates and how patiently it waits.
public struct LegibleClientConfiguration: Sendable {
    /// The server's root, such as `https://ocr.example.com` (no trailing path needed).
    public var baseURL: URL
    /// The API key sent as `X-API-Key`; nil for a server run without keys.
    public var apiKey: String?
    /// The first wait between two polls of a job, in seconds; each later wait is 1.5 times longer, up to
    /// ``maxPollInterval``.
    public var pollInterval: TimeInterval
    /// The longest wait between two polls of a job, in seconds.
    public var maxPollInterval: TimeInterval
    /// How many times a request answered with 429 (rate limit, busy server, full queue) or 503 is sent again
    /// after waiting the `Retry-After` the server named; past it the 429 or 503 is thrown as
    /// ``LegibleClientError/api(_:)``.
    public var maxRetries: Int
    /// The longest `Retry-After`, in seconds, the client waits out by itself; a longer one is thrown at once so
    /// that the app can tell its user.
    public var maxRetryWait: TimeInterval
    /// How long a job may take, in seconds, before ``LegibleAPI`` stops polling and throws
    /// ``LegibleClientError/timedOut(jobID:seconds:)`` (the job itself is cancelled on the server).
    public var jobTimeout: TimeInterval
    /// The session requests go through; the shared session unless an app configures its own (for background
    /// settings, proxies or test stubs).
    public var session: URLSession

    /// A configuration for the server at `baseURL` with `apiKey`; the other settings have working defaults.
    public init(
        baseURL: URL, apiKey: String? = nil, pollInterval: TimeInterval = 0.25, maxPollInterval: TimeInterval = 2,
        maxRetries: Int = 3, maxRetryWait: TimeInterval = 60, jobTimeout: TimeInterval = 300,
        session: URLSession = .shared
    ) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.pollInterval = pollInterval
        self.maxPollInterval = maxPollInterval
        self.maxRetries = maxRetries
        self.maxRetryWait = maxRetryWait
        self.jobTimeout = jobTimeout
        self.session = session
    }
}
