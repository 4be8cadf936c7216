internal import CJPEGDecode
internal import CLeptonica

extension Image {
    /// Decodes JPEG bytes with libjpeg-turbo straight into a PIX the caller owns (see `CJPEGDecode`): the same
    /// pixels as Leptonica's `pixReadMemJpeg`, without its pixel-by-pixel packing of RGB rows. Returns nil for
    /// the colour spaces only Leptonica's reader converts (CMYK, YCCK).
    ///
    /// - Parameter reduction: 1, 2, 4 or 8: libjpeg scales while it decodes.
    /// - Throws: `ImagingError.damaged` with libjpeg's message for a header or data it cannot decode, or a
    ///   warning about damaged data (a truncated file, a corrupt segment): as with Leptonica, a damaged photo
    ///   fails rather than coming back half grey.
    static func decodeJPEG(_ buffer: UnsafeRawBufferPointer, reduction: Int) throws(ImagingError)
        -> UnsafeMutablePointer<PIX>?
    {
        guard let base = buffer.baseAddress else { throw ImagingError.empty }
        guard let jpeg = legible_jpeg_open(base.assumingMemoryBound(to: UInt8.self), buffer.count, Int32(reduction))
        else {
            throw ImagingError.operationFailed(operation: "JPEG decoder set-up")
        }
        defer { legible_jpeg_close(jpeg) }
        func damaged() -> ImagingError {
            let reason = legible_jpeg_error(jpeg).map { String(cString: $0) }
            return .damaged(format: .jpeg, reason: reason ?? "the pixel data cannot be decoded")
        }
        if legible_jpeg_error(jpeg) != nil { throw damaged() }
        let layout = legible_jpeg_output_layout(jpeg)
        guard layout != LEGIBLE_JPEG_UNSUPPORTED else { return nil }
        let width = legible_jpeg_width(jpeg), height = legible_jpeg_height(jpeg)
        guard width > 0, height > 0 else { throw ImagingError.zeroSize(width: Int(width), height: Int(height)) }
        // Every word of a 32-bit row is written; 8-bit rows may end in padding, which Leptonica keeps zero.
        let created = layout == LEGIBLE_JPEG_RGB ? pixCreateNoInit(width, height, 32) : pixCreate(width, height, 8)
        guard let pix = created else { throw ImagingError.operationFailed(operation: "JPEG image allocation") }
        guard legible_jpeg_decode(jpeg, pixGetData(pix), pixGetWpl(pix)) == 0 else {
            var handle: UnsafeMutablePointer<PIX>? = pix
            pixDestroy(&handle)
            throw damaged()
        }
        pixSetInputFormat(pix, l_int32(IFF_JFIF_JPEG))
        if legible_jpeg_x_resolution(jpeg) > 0 || legible_jpeg_y_resolution(jpeg) > 0 {
            pixSetResolution(pix, legible_jpeg_x_resolution(jpeg), legible_jpeg_y_resolution(jpeg))
        }
        return pix
    }

    /// Decodes JPEG bytes with Leptonica's `pixReadMemJpeg` (any colour space it knows, CMYK and YCCK
    /// included); nil when it fails. Hint 0 (no `L_JPEG_CONTINUE_WITH_BAD_DATA`): a truncated or corrupt JPEG
    /// fails instead of being returned half grey.
    static func decodeJPEGWithLeptonica(_ buffer: UnsafeRawBufferPointer, reduction: Int)
        -> UnsafeMutablePointer<PIX>?
    {
        guard let base = buffer.baseAddress else { return nil }
        var warnings: l_int32 = 0
        let bytes = base.assumingMemoryBound(to: l_uint8.self)
        return pixReadMemJpeg(bytes, buffer.count, 0, l_int32(reduction), &warnings, 0)
    }
}
