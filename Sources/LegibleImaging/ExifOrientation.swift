/// The EXIF orientation tag (0x0112): how a stored image must be turned to be seen upright.
///
/// Raw values follow the EXIF 2.3 specification (CIPA DC-008), section 4.6.4 "Orientation".
public enum ExifOrientation: Int, Sendable, Codable {
    /// Stored upright.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Upside down.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored across the main diagonal (rotate 90 degrees clockwise, then mirror left to right).
    case leftMirrored = 5
    /// Needs a 90 degree clockwise turn (the usual portrait phone photo).
    case right = 6
    /// Mirrored across the anti-diagonal (rotate 90 degrees anticlockwise, then mirror left to right).
    case rightMirrored = 7
    /// Needs a 90 degree anticlockwise turn.
    case left = 8

    /// Reads the orientation from a JPEG's EXIF (APP1) segment; nil when there is none or it is malformed.
    ///
    /// Walks the JPEG marker segments up to the start of scan, so it reads only the header, and checks every
    /// offset against the buffer: hostile files cannot make it read out of bounds.
    public static func read(jpeg bytes: UnsafeRawBufferPointer) -> ExifOrientation? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }  // fill byte
            if marker == 0xDA || marker == 0xD9 { return nil }  // start of scan / end of image: no EXIF seen
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            let segment = offset + 4
            if marker == 0xE1, length >= 8,
                bytes[segment] == 0x45, bytes[segment + 1] == 0x78, bytes[segment + 2] == 0x69,
                bytes[segment + 3] == 0x66, bytes[segment + 4] == 0, bytes[segment + 5] == 0
            {
                let tiffStart = segment + 6
                let tiffEnd = offset + 2 + length
                return readTIFF(bytes, start: tiffStart, end: tiffEnd)
            }
            offset += 2 + length
        }
        return nil
    }

    /// Finds tag 0x0112 in IFD0 of the TIFF structure inside an EXIF segment.
    private static func readTIFF(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int) -> ExifOrientation? {
        guard end - start >= 8 else { return nil }
        let littleEndian: Bool
        switch (bytes[start], bytes[start + 1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= start, at + 2 <= end else { return nil }
            let a = Int(bytes[at]), b = Int(bytes[at + 1])
            return littleEndian ? a | b << 8 : a << 8 | b
        }
        func u32(_ at: Int) -> Int? {
            guard let low = u16(littleEndian ? at : at + 2), let high = u16(littleEndian ? at + 2 : at) else {
                return nil
            }
            return high << 16 | low
        }
        guard u16(start + 2) == 42, let ifdOffset = u32(start + 4), let count = u16(start + ifdOffset) else {
            return nil
        }
        for index in 0..<count {
            let entry = start + ifdOffset + 2 + index * 12
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112 {
                // Type SHORT (3), count 1: the value sits in the first two bytes of the value field.
                guard u16(entry + 2) == 3, let value = u16(entry + 8) else { return nil }
                return ExifOrientation(rawValue: value)
            }
        }
        return nil
    }
}
