internal import CLeptonica

/// Smoothing and grey-level mappings on 8-bit grey images.
extension Image {
    /// Box-filtered (mean) grey image: each pixel becomes the mean of the `(2 * halfWidth + 1)` x
    /// `(2 * halfHeight + 1)` pixels around it. Colour images are converted to grey first.
    public func smoothed(halfWidth: Int, halfHeight: Int) throws(ImagingError) -> Image {
        guard halfWidth >= 0, halfHeight >= 0 else {
            throw ImagingError.invalidArgument(operation: "smoothing", reason: "negative window \(halfWidth)x\(halfHeight)")
        }
        let gray = try grayscale()
        if halfWidth == 0 && halfHeight == 0 { return gray }
        // Leptonica needs the image to be larger than the window; shrink the window for small images.
        let wc = min(halfWidth, (gray.width - 1) / 2), hc = min(halfHeight, (gray.height - 1) / 2)
        if wc <= 0 && hc <= 0 { return gray }
        guard wc >= 1, hc >= 1 else { return try gray.smoothedWithLeptonica(wc: wc, hc: hc) }
        let mean = BoxMean.apply(try gray.grayBytes(), width: gray.width, height: gray.height, wc: wc, hc: hc)
        return try Image(width: gray.width, height: gray.height, format: .gray8, pixels: mean)
    }

    /// Leptonica's block convolution of an 8-bit grey image, which ``smoothed(halfWidth:halfHeight:)``
    /// reproduces (kept for windows one pixel thin, and for tests that compare the two).
    package func smoothedWithLeptonica(wc: Int, hc: Int) throws(ImagingError) -> Image {
        try withPix { pix throws(ImagingError) in
            try Image.take(pixBlockconv(pix, l_int32(max(0, wc)), l_int32(max(0, hc))), operation: "smoothing")
        }
    }

    /// Linear contrast stretch on grey: `low` maps to 0, `high` to 255, values outside are clipped.
    ///
    /// - Throws: `ImagingError.invalidArgument` unless `0 <= low < high <= 255`.
    public func stretched(low: Int, high: Int) throws(ImagingError) -> Image {
        guard 0 <= low, low < high, high <= 255 else {
            throw ImagingError.invalidArgument(operation: "contrast stretch", reason: "range \(low)...\(high) is empty")
        }
        let gray = try grayscale()
        return try gray.withPix { pix throws(ImagingError) in
            try Image.take(pixGammaTRC(nil, pix, 1.0, l_int32(low), l_int32(high)), operation: "contrast stretch")
        }
    }

    /// The grey levels below which `fraction` (0...1) of the pixels lie, sampled every `step` pixels.
    public func grayPercentile(_ fraction: Double, step: Int = 2) throws(ImagingError) -> Int {
        let gray = try grayscale()
        return try gray.withPix { pix throws(ImagingError) in
            var value: l_uint32 = 0
            let f = Float(max(0, min(1, fraction)))
            guard pixGetRankValue(pix, l_int32(max(1, step)), f, &value) == 0 else {
                throw ImagingError.operationFailed(operation: "grey percentile")
            }
            return Int(value)
        }
    }
}
