internal import CPoppler
import Foundation

/// Looks for PDF names in a document's raw bytes, including inside Flate-compressed object streams, for facts
/// Poppler-GLib does not expose (such as the presence of an XFA form).
struct RawPDFScanner {
    /// Object streams larger than this (compressed) are not inflated: a guard against decompression bombs.
    static let maxCompressedStream = 1 << 20
    /// At most this many object streams are inflated.
    static let maxStreams = 256

    let data: Data

    /// True when `/<name>` (followed by a delimiter) occurs in the file or in one of its object streams.
    func containsName(_ name: String) -> Bool {
        let bytes = [UInt8](data)
        let needle = Array("/\(name)".utf8)
        if Self.containsToken(needle, in: bytes[...]) { return true }
        var inflatedCount = 0
        for stream in objectStreams(bytes) {
            guard inflatedCount < Self.maxStreams else { break }
            inflatedCount += 1
            if let plain = Self.inflate(stream), Self.containsToken(needle, in: plain[...]) { return true }
        }
        return false
    }

    /// The compressed bodies of `/Type /ObjStm` streams.
    private func objectStreams(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        let marker = Array("/ObjStm".utf8), streamKeyword = Array("stream".utf8), end = Array("endstream".utf8)
        var result: [ArraySlice<UInt8>] = []
        var position = 0
        while let found = Self.find(marker, in: bytes, from: position) {
            position = found + marker.count
            guard let keyword = Self.find(streamKeyword, in: bytes, from: position), keyword - found < 4096 else { continue }
            var start = keyword + streamKeyword.count
            if start < bytes.count, bytes[start] == 0x0D { start += 1 }
            if start < bytes.count, bytes[start] == 0x0A { start += 1 }
            guard let stop = Self.find(end, in: bytes, from: start) else { break }
            if stop - start <= Self.maxCompressedStream { result.append(bytes[start..<stop]) }
            position = stop
        }
        return result
    }

    /// Inflates a zlib stream, stopping at `maxInflated` bytes or at the first error (hostile data).
    static func inflate(_ compressed: ArraySlice<UInt8>, maxInflated: Int = 8 << 20) -> [UInt8]? {
        var input = Array(compressed)
        guard input.count > 2 else { return nil }
        var stream = z_stream()
        guard CPoppler_inflateInit(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let status: Int32 = input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            var result = Z_OK
            while result == Z_OK, output.count < maxInflated {
                result = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    return CPoppler.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                output.append(contentsOf: chunk[0..<produced])
                if produced == 0, result == Z_OK { break }
            }
            return result
        }
        // A truncated or damaged stream still yields what was inflated before the damage.
        return status == Z_STREAM_END || !output.isEmpty ? output : nil
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        let first = needle[0]
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func containsToken(_ needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Bool {
        let array = Array(bytes)
        var position = 0
        while let found = find(needle, in: array, from: position) {
            let after = found + needle.count
            if after >= array.count { return true }
            let next = array[after]
            // PDF delimiters and white space end a name.
            if "/[]<>() \t\r\n%{}".utf8.contains(next) || next == 0 || next == 0x0C { return true }
            position = found + 1
        }
        return false
    }
}
