internal import CLeptonica
public import Foundation

extension Image {
    /// The image encoded as PNG (lossless, keeps the depth).
    public func pngData() throws(ImagingError) -> Data { try encoded(format: IFF_PNG, name: "PNG encoding") }

    /// The image encoded as JPEG at `quality` (1...100). Binary images are expanded to grey first.
    public func jpegData(quality: Int = 90) throws(ImagingError) -> Data {
        let source = depth == 8 || depth == 32 ? try withoutColormap(for: "JPEG encoding") : try grayscale()
        return try source.withPix { pix throws(ImagingError) in
            var bytes: UnsafeMutablePointer<l_uint8>?
            var size = 0
            guard pixWriteMemJpeg(&bytes, &size, pix, l_int32(max(1, min(100, quality))), 0) == 0, let bytes else {
                throw ImagingError.operationFailed(operation: "JPEG encoding")
            }
            defer { CLeptonica_free(bytes) }
            return Data(bytes: bytes, count: size)
        }
    }

    private func encoded(format: Int, name: String) throws(ImagingError) -> Data {
        try withPix { pix throws(ImagingError) in
            var bytes: UnsafeMutablePointer<l_uint8>?
            var size = 0
            guard pixWriteMem(&bytes, &size, pix, l_int32(format)) == 0, let bytes else {
                throw ImagingError.operationFailed(operation: name)
            }
            defer { CLeptonica_free(bytes) }
            return Data(bytes: bytes, count: size)
        }
    }
}
