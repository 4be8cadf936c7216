internal import CImagingKernels
internal import CLeptonica

/// Leptonica's `pixScale` of 8-bit grey at factors of 0.7 and above, byte for byte, computed by the
/// `CImagingKernels` loops: linear interpolation (`pixScaleGrayLI`), then below 1.4 its default sharpening
/// (`pixUnsharpMaskingGray2D`, half-width 2, fraction 0.4). Leptonica maps every pixel's column afresh and
/// keeps its sharpening's sums in a separate image; the kernels map each column once per image. Every word
/// an LSTM reads is scaled to the network's height this way (the two were 7.7% of the serial scans' time).
extension Image {
    /// The sharpening `pixScale` applies between 0.7 and 1.4: the half-width of its mean and the fraction of
    /// the difference added back.
    static let scaleSharpening = (half: 2, fraction: Float(0.4))

    /// This image (8-bit grey, no colour map) scaled by `x` and `y` as `pixScale` scales it, or nil where
    /// Leptonica takes another path: factors below 0.7 (area mapping), exactly 2 or 4 on both axes (its
    /// special cases), 1 on both (a copy), other depths.
    func scaledLinearly(x: Float, y: Float) throws(ImagingError) -> Image? {
        // Leptonica compares the single-precision factor with double-precision bounds: 0.7 as a Float is
        // below 0.7, and 1.4 below 1.4.
        let largest = Double(max(x, y))
        guard depth == 8, !hasColormap, largest >= 0.7, !(x == y && (x == 1 || x == 2 || x == 4)) else {
            return nil
        }
        // Leptonica's sizes: a single-precision product, then a double-precision half added and truncated.
        let newWidth = Int(Double(x * Float(width)) + 0.5), newHeight = Int(Double(y * Float(height)) + 0.5)
        guard newWidth >= 1, newHeight >= 1, newWidth <= 1 << 20, newHeight <= 1 << 20,
            newWidth * newHeight < Int(Int32.max)
        else { return nil }
        let source = try grayBytes(padding: ImagingKernels.padding)
        var scaled = [UInt8](repeating: 0, count: newWidth * newHeight)
        var columns = [Int32](repeating: 0, count: newWidth)
        source.withUnsafeBufferPointer { source in
            scaled.withUnsafeMutableBufferPointer { target in
                columns.withUnsafeMutableBufferPointer { columns in
                    legible_scale_gray_linear(
                        source.baseAddress!, Int32(width), Int32(height), target.baseAddress!, Int32(newWidth),
                        Int32(newHeight), columns.baseAddress!)
                }
            }
        }
        var pixels = scaled
        if largest < 1.4 {
            var sums = [Float](repeating: 0, count: newWidth * (newHeight + 1))
            var sharpened = [UInt8](repeating: 0, count: newWidth * newHeight)
            scaled.withUnsafeBufferPointer { source in
                sharpened.withUnsafeMutableBufferPointer { target in
                    sums.withUnsafeMutableBufferPointer { sums in
                        legible_unsharp_gray(
                            source.baseAddress!, Int32(newWidth), Int32(newHeight), Int32(Self.scaleSharpening.half),
                            Self.scaleSharpening.fraction, target.baseAddress!, sums.baseAddress!)
                    }
                }
            }
            pixels = sharpened
        }
        let image = try Image(width: newWidth, height: newHeight, format: .gray8, pixels: pixels)
        withPix { source in
            image.withPix { target in
                _ = pixCopyResolution(target, source)
                _ = pixScaleResolution(target, x, y)
            }
        }
        return image
    }

    /// Leptonica's `pixScale`: what ``scaled(by:)`` gives where ``scaledLinearly(x:y:)`` does not apply (kept
    /// apart for tests that compare the two).
    package func scaledWithLeptonica(x: Float, y: Float) throws(ImagingError) -> Image {
        try withPix { pix throws(ImagingError) in try Image.take(pixScale(pix, x, y), operation: "scale") }
    }
}
