import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One engine worker child process and the two pipes to it. The pool owns it; `exchange` is called by one
/// request at a time, and `terminate` ends the child and reaps it.
final class EngineWorkerProcess: Sendable {
    /// The child's process id.
    let pid: pid_t
    private let requests: Int32
    private let replies: Int32
    /// Blocking pipe I/O runs here, off Swift's cooperative threads.
    private let queue: DispatchQueue
    /// Set by `kill`: an exchange waiting on the pipes gives up, even when the killed child's ends of them live
    /// on in another process (a descriptor inherited before it was marked close-on-exec), so that no end of
    /// file ever comes.
    private let killed = Mutex(false)

    /// Starts `executable` with `arguments`; its standard input and output are the pipes and standard error is
    /// the server's. No other descriptor of the server's reaches it.
    /// - Throws: `EngineWorkerPipeError.closed` naming the system call that failed.
    init(executable: String, arguments: [String]) throws {
        // A write to a worker that has just died must fail with EPIPE, not kill the server with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let (child, requests, replies) = try Self.spawning.withLock { _ in
            try Self.spawn(executable: executable, arguments: arguments)
        }
        // The server's end writes without blocking, so a write to a child that stopped reading can be given up.
        _ = fcntl(requests, F_SETFL, fcntl(requests, F_GETFL) | O_NONBLOCK)
        pid = child
        self.requests = requests
        self.replies = replies
        queue = DispatchQueue(label: "legible.engine-worker.\(child)")
    }

    /// Held from creating a worker's pipes until it is started. Their ends are marked close-on-exec only after
    /// `pipe` returns (Glibc as Swift imports it has no `pipe2`), so a worker started by another pool in that
    /// moment would inherit them and keep them from ever reporting the end of the stream.
    private static let spawning = Mutex(())

    private static func spawn(executable: String, arguments: [String]) throws -> (pid_t, Int32, Int32) {
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0 else { throw Self.failure("pipe") }
        guard pipe(&fromChild) == 0 else {
            close(toChild[0]); close(toChild[1])
            throw Self.failure("pipe")
        }
        for descriptor in toChild + fromChild { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], STDOUT_FILENO)
        // A worker lives long; holding the writing end of some other pipe (a library's, or one Foundation made
        // for another child's output) would keep its reader from ever seeing that pipe end.
        for descriptor in inheritableDescriptors() {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard status == 0 else {
            close(toChild[1]); close(fromChild[0])
            throw EngineWorkerPipeError.closed("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        return (child, toChild[1], fromChild[0])
    }

    /// This process's open descriptors above standard error that a started program would inherit (not marked
    /// close-on-exec). One closed before the spawn is harmless: glibc ignores a close action on a descriptor that
    /// is not open.
    private static func inheritableDescriptors() -> [Int32] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return [] }
        return names.compactMap(Int32.init).filter { descriptor in
            guard descriptor > STDERR_FILENO else { return false }
            let flags = fcntl(descriptor, F_GETFD)
            return flags >= 0 && flags & FD_CLOEXEC == 0
        }
    }

    private static func failure(_ call: String) -> EngineWorkerPipeError {
        .closed("\(call) failed: \(String(cString: strerror(errno)))")
    }

    /// Sends `frame` and waits for the reply frame.
    /// - Throws: `EngineWorkerPipeError` when the child closed its end (it died), was killed, or sent garbage.
    func exchange(_ frame: EngineWorkerFrame) async throws -> EngineWorkerFrame {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(
                    with: Result {
                        let stop = { self.killed.withLock { $0 } }
                        try frame.write(to: self.requests, unless: stop)
                        guard let reply = try EngineWorkerFrame.read(from: self.replies, unless: stop) else {
                            throw EngineWorkerPipeError.closed("the worker closed its output")
                        }
                        return reply
                    })
            }
        }
    }

    /// Kills the child at once (SIGKILL); a blocked `exchange` then ends with a closed pipe, or at the latest
    /// within `DescriptorIO.stopCheckInterval`.
    func kill() {
        killed.withLock { $0 = true }
        _ = Glibc.kill(pid, SIGKILL)
    }

    /// Closes the pipes (a healthy worker exits when its input ends), kills the child, waits for it, and says
    /// how it ended: `"exited with status N"` or `"killed by signal N (NAME)"`.
    func terminate() async -> String {
        let pid = pid, requests = requests, replies = replies
        return await withCheckedContinuation { continuation in
            // After any exchange in flight has returned: the queue is serial.
            queue.async {
                close(requests)
                var status: Int32 = 0
                // Give a worker whose input just closed a moment to exit by itself, then kill it.
                var waited = waitpid(pid, &status, WNOHANG)
                if waited == 0 {
                    _ = Glibc.kill(pid, SIGKILL)
                    waited = waitpid(pid, &status, 0)
                }
                close(replies)
                continuation.resume(returning: waited == pid ? Self.describe(status) : "not reaped")
            }
        }
    }

    /// What `terminate` says of a worker the kernel stopped at its CPU-time limit (SIGXCPU).
    static let endingAtCPULimit = describe(SIGXCPU)

    private static func describe(_ status: Int32) -> String {
        let signal = status & 0x7F
        if signal == 0 { return "exited with status \((status >> 8) & 0xFF)" }
        let name = strsignal(signal).map { String(cString: $0) } ?? "signal"
        return "killed by signal \(signal) (\(name))"
    }
}
