import Foundation

/// One message between the server and an engine worker process, over a pipe: a JSON header and a binary payload
/// (image, document or filled PDF bytes), each preceded by its length as a 32-bit big-endian number.
struct EngineWorkerFrame: Sendable {
    /// JSON of an `EngineWorkerRequest` or `EngineWorkerReply`.
    var header: Data
    /// The bytes the operation works on or produced; empty when there are none.
    var payload: Data

    /// Largest header accepted (a layout of thousands of regions is well under this).
    static let maxHeaderBytes = 64 << 20
    /// Largest payload accepted.
    static let maxPayloadBytes = 1 << 30

    /// The frame as bytes on the wire.
    var encoded: Data {
        var data = Data(capacity: 8 + header.count + payload.count)
        for length in [header.count, payload.count] {
            withUnsafeBytes(of: UInt32(length).bigEndian) { data.append(contentsOf: $0) }
        }
        data.append(header)
        data.append(payload)
        return data
    }

    /// Writes the frame to `descriptor`, blocking until all of it is written or `stop` answers true (asked
    /// while a non-blocking descriptor is full).
    /// - Throws: `EngineWorkerPipeError` when the other end is gone or `stop` ended the wait.
    func write(to descriptor: Int32, unless stop: () -> Bool = { false }) throws {
        if let failure = encoded.withUnsafeBytes({ DescriptorIO.writeAll(descriptor, $0, unless: stop) }) {
            throw EngineWorkerPipeError.closed("write failed: \(DescriptorIO.describe(failure))")
        }
    }

    /// Reads one frame from `descriptor`, blocking until it is whole or `stop`, when given, answers true (asked
    /// while no bytes arrive); nil when the other end closed before a frame began.
    /// - Throws: `EngineWorkerPipeError` when the stream ends inside a frame, declares an oversized part, or
    ///   `stop` ended the wait.
    static func read(from descriptor: Int32, unless stop: (() -> Bool)? = nil) throws -> EngineWorkerFrame? {
        guard let lengths = try readExactly(8, from: descriptor, endAllowed: true, unless: stop) else { return nil }
        let headerLength = lengths.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        let payloadLength = lengths.suffix(4).reduce(0) { $0 << 8 | Int($1) }
        guard headerLength <= maxHeaderBytes, payloadLength <= maxPayloadBytes else {
            throw EngineWorkerPipeError.malformed("a frame declares \(headerLength) + \(payloadLength) bytes")
        }
        guard let header = try readExactly(headerLength, from: descriptor, endAllowed: false, unless: stop),
            let payload = try readExactly(payloadLength, from: descriptor, endAllowed: false, unless: stop)
        else { throw EngineWorkerPipeError.closed("the stream ended inside a frame") }
        return EngineWorkerFrame(header: header, payload: payload)
    }

    private static func readExactly(
        _ count: Int, from descriptor: Int32, endAllowed: Bool, unless stop: (() -> Bool)?
    ) throws -> Data? {
        var data = Data(count: count)
        var offset = 0
        while offset < count {
            let received = data.withUnsafeMutableBytes { buffer in
                DescriptorIO.read(descriptor, into: buffer.baseAddress! + offset, count: count - offset, unless: stop)
            }
            if received < 0 {
                throw EngineWorkerPipeError.closed("read failed: \(DescriptorIO.describe(Int32(-received)))")
            }
            if received == 0 {
                if offset == 0 && endAllowed { return nil }
                throw EngineWorkerPipeError.closed("the stream ended inside a frame")
            }
            offset += received
        }
        return data
    }
}

/// The pipe to or from an engine worker failed.
enum EngineWorkerPipeError: Error, CustomStringConvertible {
    /// The other end closed, or the system refused the read or write.
    case closed(String)
    /// The bytes are not a frame.
    case malformed(String)

    var description: String {
        switch self {
        case .closed(let reason), .malformed(let reason): reason
        }
    }
}
