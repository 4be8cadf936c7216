import Foundation

/// The process's resident memory, read from `/proc/self/status` (Linux).
public enum ProcessMemory {
    /// Resident set size now (`VmRSS`), in bytes; nil where `/proc` is not available.
    public static var residentBytes: Int? { value(of: "VmRSS", inStatus: status) }

    /// The peak resident set size of the process so far (`VmHWM`, the high-water mark), in bytes; nil where
    /// `/proc` is not available.
    public static var peakResidentBytes: Int? { value(of: "VmHWM", inStatus: status) }

    private static var status: String {
        (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    }

    /// The value of a `/proc/<pid>/status` line such as `VmHWM:	  123456 kB`, in bytes; nil when the key is
    /// missing or its value is not a number of kB.
    static func value(of key: String, inStatus text: String) -> Int? {
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0] == key else { continue }
            let fields = parts[1].split(whereSeparator: \.isWhitespace)
            guard fields.count == 2, fields[1] == "kB", let kilobytes = Int(fields[0]) else { return nil }
            return kilobytes * 1024
        }
        return nil
    }
}
