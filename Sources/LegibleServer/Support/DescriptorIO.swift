#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole reads and writes on a file descriptor, retried on `EINTR`: what the file store and the engine worker
/// pipes both need from `read(2)` and `write(2)`.
enum DescriptorIO {
    /// Writes every byte of `buffer`; returns nil, or the `errno` of the write that failed.
    ///
    /// On a non-blocking descriptor a full pipe is waited out with `poll`, asking `stop` every
    /// ``stopCheckInterval`` milliseconds; when it answers true the write gives up with `ECANCELED`.
    static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer, unless stop: () -> Bool = { false })
        -> Int32?
    {
        var offset = 0
        while offset < buffer.count {
            let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    guard waitUntilReady(descriptor, for: Int16(POLLOUT), unless: stop) else { return ECANCELED }
                    continue
                }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// Reads up to `count` bytes into `pointer`: the number read (0 at the end of the stream), or the negated
    /// `errno` of the read that failed.
    ///
    /// With `stop`, waits with `poll` until there is something to read, asking `stop` every
    /// ``stopCheckInterval`` milliseconds; when it answers true the read gives up with `-ECANCELED`. A peer that
    /// was killed ends the stream by itself only if no other process holds its end of the pipe; `stop` is what
    /// ends the wait when one does. Without it the read blocks.
    static func read(
        _ descriptor: Int32, into pointer: UnsafeMutableRawPointer, count: Int, unless stop: (() -> Bool)? = nil
    ) -> Int {
        if let stop, !waitUntilReady(descriptor, for: Int16(POLLIN), unless: stop) { return -Int(ECANCELED) }
        while true {
            let received = systemRead(descriptor, pointer, count)
            if received >= 0 { return received }
            if errno != EINTR { return -Int(errno) }
        }
    }

    /// How often, in milliseconds, a wait in `read(_:into:count:unless:)` or `writeAll` asks whether to stop.
    static let stopCheckInterval: Int32 = 200

    /// Waits until `descriptor` is ready for `events` (or has hung up or failed, which the next call reports);
    /// false when `stop` answered true first.
    private static func waitUntilReady(_ descriptor: Int32, for events: Int16, unless stop: () -> Bool) -> Bool {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        while true {
            if stop() { return false }
            let ready = poll(&entry, 1, stopCheckInterval)
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return true }
        }
    }

    /// The system's text for an `errno` value.
    static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
    #else
        Darwin.write(descriptor, bytes, count)
    #endif
}

private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, bytes, count)
    #else
        Darwin.read(descriptor, bytes, count)
    #endif
}
