public import Foundation

/// Builds JPEG variants for orientation tests.
public enum JPEGFixtures {
    /// `jpeg` with an EXIF APP1 segment carrying `orientation` (1...8) inserted right after the SOI marker.
    ///
    /// The segment holds a minimal TIFF structure: one IFD with the single Orientation tag (0x0112),
    /// in the byte order given.
    public static func withOrientation(_ orientation: Int, jpeg: Data, bigEndian: Bool = false) -> Data {
        func u16(_ value: Int) -> [UInt8] {
            bigEndian ? [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] : [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]
        }
        func u32(_ value: Int) -> [UInt8] {
            bigEndian ? u16(value >> 16) + u16(value & 0xFFFF) : u16(value & 0xFFFF) + u16(value >> 16)
        }
        var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        tiff += u16(42) + u32(8)  // magic, offset of IFD0
        tiff += u16(1)  // one entry
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0)  // tag, SHORT, count 1, value
        tiff += u32(0)  // no next IFD
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        var out = Data(jpeg.prefix(2))
        out.append(contentsOf: segment)
        out.append(jpeg.dropFirst(2))
        return out
    }

    /// A PNG whose header declares `width` x `height` pixels, followed by no pixel data.
    public static func pngHeaderOnly(width: Int, height: Int) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let ihdr: [UInt8] =
            Array("IHDR".utf8) + bigEndian32(width) + bigEndian32(height) + [8, 2, 0, 0, 0]  // 8-bit RGB
        bytes += bigEndian32(13) + ihdr + bigEndian32(Int(crc32(ihdr)))
        return Data(bytes)
    }

    private static func bigEndian32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 as PNG chunks use it (ISO 3309, polynomial 0xEDB88320).
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
