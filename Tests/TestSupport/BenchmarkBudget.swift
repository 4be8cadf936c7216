import Foundation

/// How long benchmark suites run: a full measurement by default, or a smoke run for CI.
///
/// With `LEGIBLE_BENCHMARK_QUICK=1` in the environment each benchmark runs one iteration and no warm-up: the
/// point is to prove the suites build and run, never to judge times (CI machines are shared and noisy).
public enum BenchmarkBudget {
    /// True when `LEGIBLE_BENCHMARK_QUICK` is set to anything but empty or `0`.
    public static var isQuick: Bool {
        let value = ProcessInfo.processInfo.environment["LEGIBLE_BENCHMARK_QUICK"] ?? ""
        return !value.isEmpty && value != "0"
    }

    /// Most iterations per benchmark: 1 when quick, else `full`.
    public static func iterations(_ full: Int) -> Int { isQuick ? 1 : full }

    /// Warm-up iterations: 0 when quick, else `full`.
    public static func warmup(_ full: Int) -> Int { isQuick ? 0 : full }

    /// Longest time per benchmark: one millisecond (so one iteration) when quick, else `full` seconds.
    public static func duration(seconds full: Int) -> Duration { isQuick ? .milliseconds(1) : .seconds(full) }
}
