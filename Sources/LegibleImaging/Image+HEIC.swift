internal import CHeif
internal import CLeptonica

extension Image {
    /// Decodes HEIC bytes (the primary image of the file) with libheif into a 32-bit RGB PIX the caller owns.
    ///
    /// The declared size is checked against `options.maxPixels` before any pixel is decoded. A HEIC's primary
    /// image may be derived (a grid of tiles, an overlay) with its own output size, which a file can set far
    /// larger than its `ispe` property says; libheif is told that no side may exceed the declared image's
    /// longer side, so such a file is refused before the derived image is allocated. libheif turns the image
    /// upright itself (the file's rotation and mirroring properties), so no EXIF orientation is applied after
    /// it.
    ///
    /// Derived images whose references loop or nest too deep are refused first (``HEIFDerivations``): libheif
    /// 1.15 would recurse on them until the process fails.
    ///
    /// - Throws: `ImagingError.tooManyPixels`, `.zeroSize`, `.damaged` (naming libheif's reason).
    static func decodeHEIC(_ buffer: UnsafeRawBufferPointer, options: DecodeOptions) throws(ImagingError)
        -> UnsafeMutablePointer<PIX>
    {
        if let problem = HEIFDerivations.problem(in: buffer) {
            throw ImagingError.damaged(format: .heic, reason: problem)
        }
        guard let base = buffer.baseAddress, let context = heif_context_alloc() else {
            throw ImagingError.operationFailed(operation: "HEIC decoding")
        }
        defer { heif_context_free(context) }
        // Tiles are decoded on the calling thread: the server already decodes one image per core, and libheif's own
        // threads per grid multiply with every level of derivation (a loop exhausted the process's threads).
        heif_context_set_max_decoding_threads(context, 0)
        try check(heif_context_read_from_memory_without_copy(context, base, buffer.count, nil))
        var handle: OpaquePointer?
        try check(heif_context_get_primary_image_handle(context, &handle))
        guard let handle else { throw ImagingError.damaged(format: .heic, reason: "it has no primary image") }
        defer { heif_image_handle_release(handle) }

        let width = Int(heif_image_handle_get_width(handle)), height = Int(heif_image_handle_get_height(handle))
        guard width > 0, height > 0 else { throw ImagingError.zeroSize(width: width, height: height) }
        if ImageHeader.pixelCount(width: width, height: height) > options.maxPixels {
            throw ImagingError.tooManyPixels(width: width, height: height, limit: options.maxPixels)
        }
        // The longer side as declared before and after rotation and cropping, plus what HEVC may code beyond it:
        // pictures are coded in whole coding tree blocks (up to 64 x 64) and cropped to the declared size, so a
        // coded side may pass the declared one by up to 63 pixels (1341 is coded as 1344; libheif 1.15.1-1+deb12u3
        // checks coded sizes too). libheif refuses sides at or past the limit.
        let ispeSides = [heif_image_handle_get_ispe_width(handle), heif_image_handle_get_ispe_height(handle)]
        let longest = max(width, height, Int(ispeSides.max() ?? 0))
        heif_context_set_maximum_image_size_limit(context, Int32(min(longest + 64, Int(Int32.max))))
        var decoded: OpaquePointer?
        try check(heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil))
        guard let decoded else { throw ImagingError.damaged(format: .heic, reason: "no image was decoded") }
        defer { heif_image_release(decoded) }

        var stride: Int32 = 0
        let planeWidth = Int(heif_image_get_width(decoded, heif_channel_interleaved))
        let planeHeight = Int(heif_image_get_height(decoded, heif_channel_interleaved))
        guard let plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride),
            planeWidth > 0, planeHeight > 0, planeWidth * planeHeight <= options.maxPixels
        else {
            throw ImagingError.damaged(format: .heic, reason: "the decoded image has no RGB plane")
        }
        guard let pix = pixCreate(l_int32(planeWidth), l_int32(planeHeight), 32), let words = pixGetData(pix) else {
            throw ImagingError.operationFailed(operation: "HEIC decoding")
        }
        // Leptonica's 32-bit pixels are one word each, red in the most significant byte.
        let wordsPerLine = Int(pixGetWpl(pix))
        for y in 0..<planeHeight {
            let source = plane + y * Int(stride)
            let target = words + y * wordsPerLine
            for x in 0..<planeWidth {
                let red = UInt32(source[3 * x]), green = UInt32(source[3 * x + 1]), blue = UInt32(source[3 * x + 2])
                target[x] = red << 24 | green << 16 | blue << 8
            }
        }
        return pix
    }

    /// Throws libheif's error as a damaged-HEIC error carrying its message.
    private static func check(_ error: heif_error) throws(ImagingError) {
        guard error.code != heif_error_Ok else { return }
        let reason = error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)"
        throw ImagingError.damaged(format: .heic, reason: reason)
    }
}
