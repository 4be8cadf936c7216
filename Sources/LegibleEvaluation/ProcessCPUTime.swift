import Foundation

/// CPU time used by this process and by its waited-for children, read from `/proc/self/stat` (Linux).
public struct ProcessCPUTime: Sendable, Hashable {
    /// User plus system time of the process's own threads, in seconds.
    public var ownSeconds: Double
    /// User plus system time of child processes that have been waited for, in seconds.
    public var childrenSeconds: Double

    /// The times now; nil where `/proc` is not available.
    public static func now() -> ProcessCPUTime? {
        guard let text = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8) else { return nil }
        let ticks = sysconf(Int32(_SC_CLK_TCK))
        return parse(stat: text, ticksPerSecond: ticks > 0 ? Double(ticks) : 100)
    }

    /// Reads `utime`, `stime`, `cutime` and `cstime` (fields 14 to 17) from a `/proc/<pid>/stat` line. The
    /// command name (field 2) is in parentheses and may hold spaces and parentheses, so fields are counted
    /// from after its last `)`.
    static func parse(stat text: String, ticksPerSecond: Double) -> ProcessCPUTime? {
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(whereSeparator: \.isWhitespace)
        // After the name: field 3 (state) is fields[0], so field n is fields[n - 3].
        guard fields.count > 14, let utime = Double(fields[11]), let stime = Double(fields[12]),
            let cutime = Double(fields[13]), let cstime = Double(fields[14])
        else { return nil }
        return ProcessCPUTime(
            ownSeconds: (utime + stime) / ticksPerSecond, childrenSeconds: (cutime + cstime) / ticksPerSecond)
    }
}
