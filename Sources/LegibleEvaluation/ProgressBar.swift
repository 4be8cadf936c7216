import Foundation

/// A one-line progress bar on standard error, drawn only when standard error is a terminal.
public final class ProgressBar: @unchecked Sendable {
    // Unchecked: all mutable state is guarded by `lock`.
    private let total: Int
    private let label: String
    private let enabled: Bool
    private let lock = NSLock()
    private var done = 0

    /// Creates a bar for `total` steps; `label` is printed before it.
    public init(total: Int, label: String) {
        self.total = max(1, total)
        self.label = label
        self.enabled = isatty(STDERR_FILENO) == 1
    }

    /// Advances the bar by one step.
    public func advance() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        done += 1
        let width = 30
        let filled = width * done / total
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(done)/\(total)".utf8))
        if done >= total { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
