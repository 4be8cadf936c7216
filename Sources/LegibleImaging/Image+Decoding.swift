internal import CLeptonica
public import Foundation

extension Image {
    /// Decodes PNG, JPEG, HEIC, TIFF, WebP, BMP, PNM or GIF bytes.
    ///
    /// The format is recognised from the bytes themselves. The header is read first and an image declaring
    /// more than `options.maxPixels` is refused before any pixel is decoded (for a GIF, every frame's declared size
    /// too; only its first frame is decoded). JPEGs are turned upright by their EXIF orientation unless
    /// `options.appliesOrientation` is false.
    ///
    /// - Throws: `ImagingError.empty`, `.tooManyBytes`, `.unsupportedFormat` (naming PDF, AVIF... when
    ///   recognised), `.tooManyPixels`, `.zeroSize`, `.damaged` for truncated or corrupt files.
    public convenience init(data: Data, options: DecodeOptions = .default) throws(ImagingError) {
        self.init(owning: try Image.decode(contiguous: data, options: options).pix)
    }

    /// Decodes image bytes as ``init(data:options:)`` does, and says how much smaller than the encoded
    /// image the result is: 1, or 2, 4 or 8 for a JPEG reduced by `options.jpegMinimumLongerSide`. A pixel
    /// at (x, y) of the image stands for the encoded image's pixels from (x, y) times `reduction`.
    ///
    /// - Throws: as ``init(data:options:)``.
    public static func decoded(_ data: Data, options: DecodeOptions) throws(ImagingError)
        -> (image: Image, reduction: Int)
    {
        let (pix, reduction) = try decode(contiguous: data, options: options)
        return (Image(owning: pix), reduction)
    }

    /// Decodes image bytes; see ``init(data:options:)``.
    public convenience init(bytes: [UInt8], options: DecodeOptions = .default) throws(ImagingError) {
        self.init(owning: try Image.decode(contiguous: bytes, options: options).pix)
    }

    /// Reads and decodes an image file; see ``init(data:options:)``.
    ///
    /// - Throws: `ImagingError.unreadableFile` when the file cannot be read, or any decoding error. A file
    ///   larger than `options.maxBytes` is refused without reading it whole.
    public convenience init(contentsOf path: String, options: DecodeOptions = .default) throws(ImagingError) {
        let url = URL(fileURLWithPath: path)
        let size: Int
        do {
            let values = try url.resourceValues(forKeys: [.fileSizeKey, .isDirectoryKey])
            if values.isDirectory == true { throw ImagingError.unreadableFile(path: path, reason: "it is a directory") }
            size = values.fileSize ?? 0
        } catch let error as ImagingError {
            throw error
        } catch {
            throw ImagingError.unreadableFile(path: path, reason: Image.reason(error))
        }
        if size > options.maxBytes { throw ImagingError.tooManyBytes(byteCount: size, limit: options.maxBytes) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ImagingError.unreadableFile(path: path, reason: Image.reason(error))
        }
        try self.init(data: data, options: options)
    }

    private static func reason(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError, let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError {
            return underlying.localizedDescription
        }
        return (error as NSError).localizedDescription
    }

    /// ``decode(_:options:)`` over the bytes of `data` (`withUnsafeBytes` cannot throw a typed error itself).
    private static func decode(contiguous data: some ContiguousBytes, options: DecodeOptions) throws(ImagingError)
        -> (pix: UnsafeMutablePointer<PIX>, reduction: Int)
    {
        let decoded = data.withUnsafeBytes { buffer in
            Result { () throws(ImagingError) in try Image.decode(buffer, options: options) }
        }
        return try decoded.get()
    }

    /// Header check, then decode, then orientation. Returns a PIX the caller owns and the factor a JPEG was
    /// reduced by while decoding (1 for full size).
    private static func decode(
        _ buffer: UnsafeRawBufferPointer, options: DecodeOptions
    ) throws(ImagingError) -> (pix: UnsafeMutablePointer<PIX>, reduction: Int) {
        LeptonicaRuntime.configureOnce()
        guard let base = buffer.baseAddress, buffer.count > 0 else { throw ImagingError.empty }
        if buffer.count > options.maxBytes {
            throw ImagingError.tooManyBytes(byteCount: buffer.count, limit: options.maxBytes)
        }
        guard let format = ImageFormat.sniff(buffer) else {
            throw ImagingError.unsupportedFormat(detected: ImageFormat.describeUnsupported(buffer))
        }
        if format == .heic { return (try decodeHEIC(buffer, options: options), 1) }
        let bytes = base.assumingMemoryBound(to: l_uint8.self)

        let declared: (width: Int, height: Int)
        if let parsed = ImageHeader.dimensions(of: buffer, format: format) {
            declared = parsed
        } else {
            var headerFormat: l_int32 = 0, w: l_int32 = 0, h: l_int32 = 0
            var bitsPerSample: l_int32 = 0, samplesPerPixel: l_int32 = 0, colormapped: l_int32 = 0
            guard pixReadHeaderMem(bytes, buffer.count, &headerFormat, &w, &h, &bitsPerSample, &samplesPerPixel,
                                   &colormapped) == 0
            else {
                throw ImagingError.damaged(format: format, reason: "the header cannot be read")
            }
            declared = (Int(w), Int(h))
        }
        let (width, height) = declared
        guard width > 0, height > 0 else { throw ImagingError.zeroSize(width: width, height: height) }
        if ImageHeader.pixelCount(width: width, height: height) > options.maxPixels {
            throw ImagingError.tooManyPixels(width: width, height: height, limit: options.maxPixels)
        }

        let decoded: UnsafeMutablePointer<PIX>?
        let reduction = format == .jpeg ? options.jpegReduction(width: width, height: height) : 1
        if format == .jpeg {
            // libjpeg-turbo straight into Leptonica's layout; Leptonica's reader for CMYK and YCCK.
            decoded = try decodeJPEG(buffer, reduction: reduction)
                ?? decodeJPEGWithLeptonica(buffer, reduction: reduction)
        } else if format == .gif {
            let firstFrame = try GIFFrames.firstFrameOnly(buffer, maxPixels: options.maxPixels)
            decoded = firstFrame.withUnsafeBufferPointer { pixReadMem($0.baseAddress, $0.count) }
        } else {
            decoded = pixReadMem(bytes, buffer.count)
        }
        guard var pix = decoded else {
            throw ImagingError.damaged(format: format, reason: "the pixel data cannot be decoded")
        }
        // libjpeg rounds reduced sides up.
        let expected = (width: (width + reduction - 1) / reduction, height: (height + reduction - 1) / reduction)
        if Int(pixGetWidth(pix)) != expected.width || Int(pixGetHeight(pix)) != expected.height {
            var handle: UnsafeMutablePointer<PIX>? = pix
            pixDestroy(&handle)
            throw ImagingError.damaged(format: format, reason: "decoded size differs from the header")
        }
        if format == .jpeg, options.appliesOrientation, let orientation = ExifOrientation.read(jpeg: buffer),
            orientation != .up
        {
            pix = try orient(pix, orientation)
        }
        return (pix, reduction)
    }

    /// Applies an EXIF orientation, consuming `pix` and returning its upright replacement.
    private static func orient(
        _ pix: UnsafeMutablePointer<PIX>, _ orientation: ExifOrientation
    ) throws(ImagingError) -> UnsafeMutablePointer<PIX> {
        var source: UnsafeMutablePointer<PIX>? = pix
        defer { pixDestroy(&source) }
        let turned: UnsafeMutablePointer<PIX>?
        switch orientation {
        case .up: turned = pixCopy(nil, pix)
        case .upMirrored: turned = pixFlipLR(nil, pix)
        case .down: turned = pixRotateOrth(pix, 2)
        case .downMirrored: turned = pixFlipTB(nil, pix)
        case .right: turned = pixRotateOrth(pix, 1)
        case .left: turned = pixRotateOrth(pix, 3)
        case .leftMirrored, .rightMirrored:
            guard let rotated = pixRotateOrth(pix, orientation == .leftMirrored ? 1 : 3) else {
                throw ImagingError.operationFailed(operation: "EXIF orientation")
            }
            turned = pixFlipLR(rotated, rotated)
        }
        guard let turned else { throw ImagingError.operationFailed(operation: "EXIF orientation") }
        return turned
    }
}
