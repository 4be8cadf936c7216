internal import CLeptonica

/// The memory layout of raw pixel bytes handed to or taken from an ``Image``.
public enum RawPixelFormat: Sendable, Hashable {
    /// One byte per pixel, 0 = black, 255 = white.
    case gray8
    /// Four bytes per pixel in the order red, green, blue, alpha (alpha is ignored).
    case rgba8
    /// One native-endian 32-bit word per pixel, `0xAARRGGBB`, alpha premultiplied: Cairo's
    /// `CAIRO_FORMAT_ARGB32` and `RGB24`. Alpha is ignored, so draw on an opaque background first.
    case argb32

    var bytesPerPixel: Int { self == .gray8 ? 1 : 4 }
}

extension Image {
    /// Creates an image from raw pixel rows.
    ///
    /// - Parameters:
    ///   - width: Width in pixels, at least 1.
    ///   - height: Height in pixels, at least 1.
    ///   - format: The layout of `pixels`.
    ///   - bytesPerRow: Row stride in bytes; at least `width` times the bytes per pixel.
    ///   - pixels: At least `bytesPerRow * height` bytes.
    /// - Throws: `ImagingError.invalidArgument` when the sizes do not fit the buffer.
    public convenience init(
        width: Int, height: Int, format: RawPixelFormat, bytesPerRow: Int, pixels: UnsafeRawBufferPointer
    ) throws(ImagingError) {
        self.init(
            owning: try Image.makePix(
                width: width, height: height, format: format, bytesPerRow: bytesPerRow, pixels: pixels))
    }

    /// Creates an image from raw bytes held in an array, rows packed with no padding;
    /// see ``init(width:height:format:bytesPerRow:pixels:)``.
    public convenience init(width: Int, height: Int, format: RawPixelFormat, pixels: [UInt8]) throws(ImagingError) {
        let made = pixels.withUnsafeBytes { raw in
            Result { () throws(ImagingError) in
                try Image.makePix(
                    width: width, height: height, format: format, bytesPerRow: width * format.bytesPerPixel,
                    pixels: raw)
            }
        }
        self.init(owning: try made.get())
    }

    private static func makePix(
        width: Int, height: Int, format: RawPixelFormat, bytesPerRow: Int, pixels: UnsafeRawBufferPointer
    ) throws(ImagingError) -> UnsafeMutablePointer<PIX> {
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20 else {
            throw ImagingError.invalidArgument(operation: "raw image", reason: "size \(width)x\(height) is not valid")
        }
        guard bytesPerRow >= width * format.bytesPerPixel, pixels.count >= bytesPerRow * height else {
            throw ImagingError.invalidArgument(
                operation: "raw image",
                reason: "\(pixels.count) bytes with stride \(bytesPerRow) do not hold \(width)x\(height) pixels")
        }
        let depth: l_int32 = format == .gray8 ? 8 : 32
        guard let pix = pixCreate(l_int32(width), l_int32(height), depth), let data = pixGetData(pix) else {
            throw ImagingError.operationFailed(operation: "raw image")
        }
        let wordsPerLine = Int(pixGetWpl(pix))
        for row in 0..<height {
            let source = pixels.baseAddress! + row * bytesPerRow
            let line = data + row * wordsPerLine
            switch format {
            case .gray8:
                // Leptonica packs 8-bit pixels big-endian within each 32-bit word: four bytes at a time, a
                // loop the compiler vectorises.
                let fullWords = width / 4
                for word in 0..<fullWords {
                    line[word] = UInt32(bigEndian: source.loadUnaligned(fromByteOffset: word * 4, as: UInt32.self))
                }
                if width % 4 != 0 {
                    var last: UInt32 = 0
                    for index in 0..<(width % 4) {
                        last |= UInt32(source.load(fromByteOffset: fullWords * 4 + index, as: UInt8.self))
                            << (24 - 8 * index)
                    }
                    line[fullWords] = last
                }
            case .rgba8:
                for x in 0..<width {
                    let s = source + x * 4
                    line[x] =
                        UInt32(s.load(as: UInt8.self)) << 24 | UInt32(s.load(fromByteOffset: 1, as: UInt8.self)) << 16
                        | UInt32(s.load(fromByteOffset: 2, as: UInt8.self)) << 8
                }
            case .argb32:
                for x in 0..<width {
                    line[x] = source.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) << 8
                }
            }
        }
        return pix
    }

    /// A blank image of one grey level (0 black ... 255 white), 8 bits per pixel.
    public static func blank(width: Int, height: Int, gray: UInt8 = 255) throws(ImagingError) -> Image {
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20 else {
            throw ImagingError.invalidArgument(operation: "blank image", reason: "size \(width)x\(height) is not valid")
        }
        guard let pix = pixCreate(l_int32(width), l_int32(height), 8) else {
            throw ImagingError.operationFailed(operation: "blank image")
        }
        pixSetAllArbitrary(pix, l_uint32(gray))
        return Image(owning: pix)
    }

    /// The image as 8-bit grey bytes, one per pixel, row after row with no padding
    /// (`width * height` bytes). Colour images are converted by luminance, binary ones to 0 and 255.
    public func grayBytes() throws(ImagingError) -> [UInt8] {
        try grayBytes(padding: 0)
    }

    /// ``grayBytes()`` followed by `padding` zero bytes (for C kernels whose vector loads read whole words
    /// past the last pixel).
    func grayBytes(padding: Int) throws(ImagingError) -> [UInt8] {
        let gray = try grayscale()
        return gray.withPix { pix in
            let w = Int(pixGetWidth(pix)), h = Int(pixGetHeight(pix)), wpl = Int(pixGetWpl(pix))
            guard let data = pixGetData(pix) else { return [] }
            var out = [UInt8](repeating: 0, count: w * h + max(0, padding))
            out.withUnsafeMutableBytes { dest in
                let fullWords = w / 4
                for y in 0..<h {
                    let line = data + y * wpl
                    let row = dest.baseAddress! + y * w
                    // Big-endian within each word (see makePix): four pixels at a time.
                    for word in 0..<fullWords {
                        row.storeBytes(of: line[word].bigEndian, toByteOffset: word * 4, as: UInt32.self)
                    }
                    for x in fullWords * 4..<w {
                        row.storeBytes(
                            of: UInt8(truncatingIfNeeded: line[x >> 2] >> (24 - 8 * UInt32(x & 3))), toByteOffset: x,
                            as: UInt8.self)
                    }
                }
            }
            return out
        }
    }
}
