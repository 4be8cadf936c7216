internal import CImagingKernels
internal import CLeptonica

/// Leptonica's area-mapped rotation of 8-bit grey (`pixRotateAMGray`), byte for byte, computed by the
/// `CImagingKernels` loop: eight pixels at a time with AVX2 where the processor has it (Leptonica's loop
/// takes one at a time; it was 9.5% of the serial scans' time on 2026-11-27).
package enum AreaMapRotation {
    /// Leptonica's `MIN_ANGLE_TO_ROTATE`, in radians: smaller angles give the image back unturned.
    static let smallestAngle: Float = 0.001

    /// `source` (`width` x `height`, rows packed, then ``ImagingKernels/padding`` bytes) rotated by `radians`
    /// clockwise about pixel (`width / 2`, `height / 2`), uncovered pixels `fill`; `width * height` bytes.
    static func apply(_ source: [UInt8], width: Int, height: Int, radians: Float, fill: UInt8) -> [UInt8] {
        precondition(width > 0 && height > 0 && source.count >= width * height + ImagingKernels.padding)
        var output = [UInt8](repeating: 0, count: width * height)
        source.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                legible_rotate_area_map_gray(
                    source.baseAddress!, target.baseAddress!, Int32(width), Int32(height), radians, fill)
            }
        }
        return output
    }
}

extension Image {
    /// This image rotated as Leptonica's `pixRotate` with area mapping rotates it (see ``AreaMapRotation``),
    /// white brought in, its resolution kept; nil where the kernel does not apply (other depths than 8-bit
    /// grey, colour maps, 2^31 pixels or more).
    func rotatedByAreaMap(radians: Float) throws(ImagingError) -> Image? {
        guard depth == 8, !hasColormap, width * height < Int(Int32.max) - 8 else { return nil }
        if abs(radians) < AreaMapRotation.smallestAngle { return self }
        let source = try grayBytes(padding: ImagingKernels.padding)
        let turned = AreaMapRotation.apply(source, width: width, height: height, radians: radians, fill: 255)
        let image = try Image(width: width, height: height, format: .gray8, pixels: turned)
        withPix { source in image.withPix { target in _ = pixCopyResolution(target, source) } }
        return image
    }
}
