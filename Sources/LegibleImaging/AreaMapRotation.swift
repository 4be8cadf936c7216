internal import CImagingKernels
internal import CLeptonica

/// Leptonica's area-mapped rotation of 8-bit grey (`pixRotateAMGray`), byte for byte, computed by the
/// `CImagingKernels` loop: eight pixels at a time with AVX2 where the processor has it (Leptonica's loop
/// takes one at a time; it was 9.5% of the serial scans' time on 2026-11-27).
package enum AreaMapRotation {
    /// Leptonica's `MIN_ANGLE_TO_ROTATE`, in radians: smaller angles give the image back unturned.
    static let smallestAngle: Float = 0.001

    /// `pixels` (`width` x `height`, rows packed) rotated by `radians` clockwise about pixel
    /// (`width / 2`, `height / 2`), uncovered pixels `fill`.
    static func apply(_ pixels: [UInt8], width: Int, height: Int, radians: Float, fill: UInt8) -> [UInt8] {
        precondition(width > 0 && height > 0 && pixels.count == width * height)
        // The kernel's gathers read whole words: a few bytes of padding past the last row.
        var source = pixels
        source.append(contentsOf: [0, 0, 0, 0])
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
    /// An 8-bit grey image without a colour map rotated as Leptonica's `pixRotate` with area mapping rotates
    /// it (see ``AreaMapRotation``), white brought in; its resolution kept.
    func rotatedByAreaMap(radians: Float) throws(ImagingError) -> Image {
        guard depth == 8, !hasColormap, width * height < Int(Int32.max) - 8 else {
            throw ImagingError.invalidArgument(operation: "rotate", reason: "needs 8-bit grey under 2^31 pixels")
        }
        if abs(radians) < AreaMapRotation.smallestAngle { return self }
        let turned = AreaMapRotation.apply(try grayBytes(), width: width, height: height, radians: radians, fill: 255)
        let image = try Image(width: width, height: height, format: .gray8, pixels: turned)
        withPix { source in image.withPix { target in _ = pixCopyResolution(target, source) } }
        return image
    }
}
