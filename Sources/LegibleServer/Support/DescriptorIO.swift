#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole reads and writes on a file descriptor, retried on `EINTR`: what the file store and the engine worker
/// pipes both need from `read(2)` and `write(2)`.
enum DescriptorIO {
    /// Writes every byte of `buffer`; returns nil, or the `errno` of the write that failed.
    static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < buffer.count {
            let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// Reads up to `count` bytes into `pointer`: the number read (0 at the end of the stream), or the negated
    /// `errno` of the read that failed.
    static func read(_ descriptor: Int32, into pointer: UnsafeMutableRawPointer, count: Int) -> Int {
        while true {
            let received = systemRead(descriptor, pointer, count)
            if received >= 0 { return received }
            if errno != EINTR { return -Int(errno) }
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
