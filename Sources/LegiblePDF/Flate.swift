internal import CPoppler

/// zlib's Flate for PDF streams (ISO 32000-1, 7.4.4), through the zlib Poppler links.
enum Flate {
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

    /// Compresses `bytes` as a zlib stream (level 6); nil when zlib fails.
    static func deflate(_ bytes: [UInt8]) -> [UInt8]? {
        var input = bytes
        var stream = z_stream()
        guard CPoppler_deflateInit(&stream, Z_DEFAULT_COMPRESSION) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))))
        let status: Int32 = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return CPoppler.deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Array(output[0..<Int(stream.total_out)])
    }
}
