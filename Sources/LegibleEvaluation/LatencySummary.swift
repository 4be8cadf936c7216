/// Median, 90th percentile and mean of a set of timings.
public struct LatencySummary: Sendable, Hashable, Codable {
    /// Timings summarised.
    public var count: Int
    /// Median, in milliseconds (0 for no timings).
    public var p50Milliseconds: Double
    /// 90th percentile (linear interpolation), in milliseconds (0 for no timings).
    public var p90Milliseconds: Double
    /// Arithmetic mean, in milliseconds (0 for no timings).
    public var meanMilliseconds: Double

    /// Summarises `milliseconds`.
    public init(milliseconds: [Double]) {
        count = milliseconds.count
        p50Milliseconds = SerialMetrics.percentile(milliseconds, 0.5)
        p90Milliseconds = SerialMetrics.percentile(milliseconds, 0.9)
        meanMilliseconds = milliseconds.isEmpty ? 0 : milliseconds.reduce(0, +) / Double(milliseconds.count)
    }
}
