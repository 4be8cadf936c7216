internal import CLeptonica

/// Morphology with rectangular ("brick") structuring elements, on grey (8-bit) or binary (1-bit) images.
///
/// Sizes are in pixels. Grey morphology needs odd sizes; even sizes are rounded up by one.
extension Image {
    /// The operations ``morphology(_:width:height:)`` applies.
    public enum MorphologyOperation: Sendable, CaseIterable {
        /// Grows ink (binary) or bright areas (grey): maximum over the element.
        case dilate
        /// Shrinks ink (binary) or bright areas (grey): minimum over the element.
        case erode
        /// Erode then dilate: removes features smaller than the element.
        case open
        /// Dilate then erode: fills gaps smaller than the element.
        case close
    }

    /// Applies a morphological operation with a `width` x `height` brick.
    ///
    /// - Throws: `ImagingError.unsupportedDepth` for depths other than 1 and 8 (convert with
    ///   ``grayscale()`` first), `.invalidArgument` for sizes below 1.
    public func morphology(_ operation: MorphologyOperation, width: Int, height: Int) throws(ImagingError) -> Image {
        guard width >= 1, height >= 1 else {
            throw ImagingError.invalidArgument(operation: "morphology", reason: "element \(width)x\(height) is empty")
        }
        let name = "morphology (\(operation))"
        switch (depth, hasColormap) {
        case (1, _):
            let w = l_int32(width), h = l_int32(height)
            return try withPix { pix throws(ImagingError) in
                switch operation {
                case .dilate: try Image.take(pixDilateBrick(nil, pix, w, h), operation: name)
                case .erode: try Image.take(pixErodeBrick(nil, pix, w, h), operation: name)
                case .open: try Image.take(pixOpenBrick(nil, pix, w, h), operation: name)
                case .close: try Image.take(pixCloseSafeBrick(nil, pix, w, h), operation: name)
                }
            }
        case (8, false):
            return try rankMorphology(operation, width: width, height: height)
        default:
            throw ImagingError.unsupportedDepth(operation: name, depth: depth, expected: "1-bit or 8-bit grey")
        }
    }

    /// Top-hat transform on grey: keeps features smaller than the `width` x `height` element and removes the
    /// slowly varying background. `brightFeatures` true keeps bright strokes on a dark ground (white top-hat),
    /// false keeps dark strokes on a light ground (black top-hat). The result is bright where features are.
    /// Suited to engraved text on brushed metal. Colour images are converted to grey first.
    public func topHat(width: Int, height: Int, brightFeatures: Bool) throws(ImagingError) -> Image {
        guard width >= 1, height >= 1 else {
            throw ImagingError.invalidArgument(operation: "top-hat", reason: "element \(width)x\(height) is empty")
        }
        return try grayscale().rankTopHat(width: width, height: height, brightFeatures: brightFeatures)
    }
}
