package import CLeptonica
import Foundation

/// A decoded raster image: the single owner of one Leptonica `PIX`.
///
/// An `Image` is immutable. Every operation returns a new image, so images can be shared freely between
/// tasks and threads. Pixel coordinates have their origin at the top-left corner.
///
/// Depths: 1 bit per pixel (binary, 1 = black ink), 8 (grey, 0 = black) or 32 (RGB). Most operations say
/// which depths they take and convert where that is lossless and expected.
public final class Image: @unchecked Sendable {
    // Sendable because the PIX is never written after `init(owning:)` and is never shared with
    // `pixClone` (whose reference count is not atomic in Leptonica 1.82): readers only, on any thread.
    private let pix: UnsafeMutablePointer<PIX>

    /// Takes ownership of `pix`; it is destroyed with this image.
    package init(owning pix: UnsafeMutablePointer<PIX>) {
        LeptonicaRuntime.configureOnce()
        self.pix = pix
    }

    deinit {
        var handle: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&handle)
    }

    /// Wraps the result of a Leptonica call that returns a new PIX, or throws when it returned NULL.
    package static func take(_ result: UnsafeMutablePointer<PIX>?, operation: String) throws(ImagingError) -> Image {
        guard let result else { throw ImagingError.operationFailed(operation: operation) }
        return Image(owning: result)
    }

    /// Gives `body` read access to the PIX. The PIX must not be modified or destroyed, and must not
    /// outlive the call; `pixClone` is forbidden (copy instead).
    package func withPix<R, E: Error>(_ body: (UnsafeMutablePointer<PIX>) throws(E) -> R) throws(E) -> R {
        try body(pix)
    }

    /// Width in pixels.
    public var width: Int { Int(pixGetWidth(pix)) }
    /// Height in pixels.
    public var height: Int { Int(pixGetHeight(pix)) }
    /// Bits per pixel: 1, 2, 4, 8, 16 or 32.
    public var depth: Int { Int(pixGetDepth(pix)) }
    /// Horizontal resolution in dots per inch as stored in the file, or 0 when unknown.
    public var resolution: Int { Int(pixGetXRes(pix)) }
    /// The full frame, `(0, 0, width, height)`.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
    /// True when the image has a colour map (palette), as GIFs and some PNGs do.
    public var hasColormap: Bool { pixGetColormap(pix) != nil }

    /// The value of one pixel: for 1-bit images 0 or 1, for 8-bit images 0...255, for 32-bit images
    /// `0xRRGGBB00`. Returns nil outside the image.
    public func pixel(x: Int, y: Int) -> UInt32? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        var value: l_uint32 = 0
        guard pixGetPixel(pix, l_int32(x), l_int32(y), &value) == 0 else { return nil }
        return value
    }

    /// True when both images have the same size and depth and every word of pixel data is the same, row
    /// padding included: the check that two decoders or two filters produce identical images.
    package func hasSameWords(as other: Image) -> Bool {
        guard width == other.width, height == other.height, depth == other.depth,
            pixGetWpl(pix) == pixGetWpl(other.pix), let mine = pixGetData(pix), let theirs = pixGetData(other.pix)
        else { return false }
        return memcmp(mine, theirs, Int(pixGetWpl(pix)) * height * 4) == 0
    }

    /// An independent copy of the pixels (the copy shares nothing with this image).
    package func copiedPix() throws(ImagingError) -> UnsafeMutablePointer<PIX> {
        guard let copy = pixCopy(nil, pix) else { throw ImagingError.operationFailed(operation: "copy") }
        return copy
    }
}

/// Process-wide Leptonica settings, applied once before the first image exists.
enum LeptonicaRuntime {
    private static let configured: Bool = {
        // Errors reach callers as thrown ImagingErrors; Leptonica's own stderr messages are noise in server logs.
        _ = setMsgSeverity(l_int32(L_SEVERITY_NONE))
        return true
    }()

    static func configureOnce() { _ = configured }
}
