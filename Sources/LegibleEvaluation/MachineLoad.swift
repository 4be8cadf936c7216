import Foundation

/// The machine's load average (`/proc/loadavg`, Linux): how many runnable processes competed for the cores.
/// On a shared machine it tells how far to trust the parallel figures of a run.
public enum MachineLoad {
    /// The one-minute load average now; nil where `/proc` is not available.
    public static func oneMinute() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return parse(loadavg: text)
    }

    /// The first field of a `/proc/loadavg` line such as `3.33 3.28 3.11 2/412 31881`.
    static func parse(loadavg text: String) -> Double? {
        text.split(whereSeparator: \.isWhitespace).first.flatMap { Double($0) }
    }
}
