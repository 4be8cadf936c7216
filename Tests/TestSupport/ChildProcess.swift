#if canImport(Glibc)
import Glibc
#endif

/// Runs a program as a child process and reports what the kernel accounted to that child alone.
///
/// Foundation's `Process` reaps its child itself, so its resource usage is lost; this spawns with
/// `posix_spawn` and collects the child with `wait4`, whose `rusage` belongs to that one process (not to the
/// test process, where other suites run at the same time, nor to other children).
public enum ChildProcess {
    /// How a child ended and its peak resident memory.
    public struct Outcome: Sendable {
        /// The exit status, or 128 + the signal number when a signal ended it.
        public var status: Int32
        /// Peak resident set size (`ru_maxrss`), in bytes.
        public var peakResidentBytes: Int
    }

    /// An error starting or waiting for the child, with the `errno` it failed with.
    public struct Failure: Error, CustomStringConvertible {
        public var operation: String
        public var code: Int32
        public var description: String { "\(operation) failed with errno \(code)" }
    }

    /// Runs `executable` with `arguments`, its standard output and error sent to /dev/null, and waits for it.
    ///
    /// - Throws: ``Failure`` when the child cannot be spawned or waited for.
    public static func run(_ executable: String, _ arguments: [String]) throws -> Outcome {
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_addopen(&fileActions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &fileActions, nil, argv, environ)
        guard spawned == 0 else { throw Failure(operation: "posix_spawn \(executable)", code: spawned) }

        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw Failure(operation: "wait4", code: errno) }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
        let signal = status & 0x7f
        let exitStatus = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        return Outcome(status: exitStatus, peakResidentBytes: Int(usage.ru_maxrss) * 1024)
    }
}
