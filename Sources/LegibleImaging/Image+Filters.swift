internal import CLeptonica

/// Tone and geometry operations. Each returns a new image and leaves the receiver untouched.
extension Image {
    /// 8-bit grey by luminance (colour maps removed, binary images to 0/255). Returns the receiver when it is
    /// already 8-bit grey without a colour map.
    public func grayscale() throws(ImagingError) -> Image {
        if depth == 8 && !hasColormap { return self }
        return try withPix { pix throws(ImagingError) in
            try Image.take(pixConvertTo8(pix, 0), operation: "grey conversion")
        }
    }

    /// 8-bit grey from the single colour channel (red, green or blue) with the highest standard deviation:
    /// the channel where text and background differ most, which beats luminance for coloured print and
    /// tinted metal. Grey images are returned as by ``grayscale()``.
    public func grayscaleFromMostContrastingChannel() throws(ImagingError) -> Image {
        guard depth == 32 else { return try grayscale() }
        // Deviations from every (w / 200)-th pixel of every (h / 200)-th row, as Leptonica's sampled statistics
        // take them from each extracted channel; only the chosen channel is extracted.
        let channel = withPix { pix -> l_int32 in
            let width = Int(pixGetWidth(pix)), height = Int(pixGetHeight(pix)), wordsPerLine = Int(pixGetWpl(pix))
            guard let data = pixGetData(pix) else { return l_int32(COLOR_RED) }
            let step = max(1, min(width, height) / 200)
            var sums = (0.0, 0.0, 0.0), squares = (0.0, 0.0, 0.0), count = 0.0
            for y in stride(from: 0, to: height, by: step) {
                let line = data + y * wordsPerLine
                for x in stride(from: 0, to: width, by: step) {
                    let word = line[x]
                    // Red in the most significant byte, then green and blue (Leptonica's RGBA words).
                    let red = Double(word >> 24), green = Double((word >> 16) & 0xff), blue = Double((word >> 8) & 0xff)
                    sums.0 += red; sums.1 += green; sums.2 += blue
                    squares.0 += red * red; squares.1 += green * green; squares.2 += blue * blue
                    count += 1
                }
            }
            func deviation(_ sum: Double, _ square: Double) -> Float {
                let mean = sum / count
                return Float(max(0, square / count - mean * mean).squareRoot())
            }
            let deviations = [
                deviation(sums.0, squares.0), deviation(sums.1, squares.1), deviation(sums.2, squares.2),
            ]
            // The first of equals wins.
            var best = 0
            for index in 1..<3 where deviations[index] > deviations[best] { best = index }
            return l_int32([COLOR_RED, COLOR_GREEN, COLOR_BLUE][best])
        }
        return try withPix { pix throws(ImagingError) in
            try Image.take(pixGetRGBComponent(pix, channel), operation: "channel extraction")
        }
    }

    /// Mean and standard deviation of the grey levels (0...255), sampled every `step` pixels in each direction.
    public func grayStatistics(step: Int = 1) throws(ImagingError) -> (mean: Double, standardDeviation: Double) {
        let gray = try grayscale()
        return try gray.withPix { pix throws(ImagingError) in
            var mean: Float = 0
            var deviation: Float = 0
            let factor = l_int32(max(1, step))
            guard pixGetAverageMasked(pix, nil, 0, 0, factor, l_int32(L_MEAN_ABSVAL), &mean) == 0,
                pixGetAverageMasked(pix, nil, 0, 0, factor, l_int32(L_STANDARD_DEVIATION), &deviation) == 0
            else { throw ImagingError.operationFailed(operation: "grey statistics") }
            return (Double(mean), Double(deviation))
        }
    }

    /// The image scaled by `factor` in both directions (area-averaged when shrinking, interpolated when
    /// growing). Binary images stay binary.
    ///
    /// - Throws: `ImagingError.invalidArgument` when the factor is not positive or the result would be
    ///   empty or larger than 2^20 pixels on a side.
    public func scaled(by factor: Double) throws(ImagingError) -> Image {
        try scaled(x: factor, y: factor)
    }

    /// The image scaled to exactly `width` x `height` pixels.
    public func scaled(toWidth newWidth: Int, height newHeight: Int) throws(ImagingError) -> Image {
        try scaled(x: Double(newWidth) / Double(width), y: Double(newHeight) / Double(height))
    }

    private func scaled(x sx: Double, y sy: Double) throws(ImagingError) -> Image {
        let newWidth = Double(width) * sx
        let newHeight = Double(height) * sy
        guard sx > 0, sy > 0, sx.isFinite, sy.isFinite, newWidth >= 1, newHeight >= 1,
            newWidth <= Double(1 << 20), newHeight <= Double(1 << 20)
        else {
            throw ImagingError.invalidArgument(operation: "scale", reason: "factor \(sx)x\(sy) gives no valid image")
        }
        if sx == 1 && sy == 1 { return self }
        if let scaled = try scaledLinearly(x: Float(sx), y: Float(sy)) { return scaled }
        return try scaledWithLeptonica(x: Float(sx), y: Float(sy))
    }

    /// The part of the image inside `rect`, clipped to the image.
    ///
    /// - Throws: `ImagingError.invalidArgument` when `rect` does not overlap the image.
    public func cropped(to rect: PixelRect) throws(ImagingError) -> Image {
        guard let clipped = rect.intersection(bounds) else {
            throw ImagingError.invalidArgument(
                operation: "crop", reason: "\(rect) lies outside the \(width)x\(height) image")
        }
        guard let box = boxCreate(l_int32(clipped.x), l_int32(clipped.y), l_int32(clipped.width), l_int32(clipped.height))
        else { throw ImagingError.operationFailed(operation: "crop") }
        var handle: UnsafeMutablePointer<BOX>? = box
        defer { boxDestroy(&handle) }
        return try withPix { pix throws(ImagingError) in
            try Image.take(pixClipRectangle(pix, box, nil), operation: "crop")
        }
    }

    /// The image turned by `quarterTurns` x 90 degrees clockwise (negative turns go anticlockwise).
    public func rotated(quarterTurns: Int) throws(ImagingError) -> Image {
        let turns = ((quarterTurns % 4) + 4) % 4
        if turns == 0 { return self }
        return try withPix { pix throws(ImagingError) in
            try Image.take(pixRotateOrth(pix, l_int32(turns)), operation: "rotate")
        }
    }

    /// The image rotated by `degrees` (clockwise positive) about its centre, keeping its size and filling
    /// uncovered corners with white.
    public func rotated(byDegrees degrees: Double) throws(ImagingError) -> Image {
        guard degrees.isFinite else {
            throw ImagingError.invalidArgument(operation: "rotate", reason: "angle \(degrees) is not finite")
        }
        if abs(degrees) < 0.01 { return self }
        let radians = Float(degrees * .pi / 180)
        if let turned = try rotatedByAreaMap(radians: radians) { return turned }
        return try rotatedWithLeptonica(radians: radians)
    }

    /// Leptonica's `pixRotate` by area mapping, white brought in: what ``rotated(byDegrees:)`` gives for
    /// images other than 8-bit grey (kept apart for tests that compare the two).
    package func rotatedWithLeptonica(radians: Float) throws(ImagingError) -> Image {
        try withPix { pix throws(ImagingError) in
            try Image.take(
                pixRotate(pix, radians, l_int32(L_ROTATE_AREA_MAP), l_int32(L_BRING_IN_WHITE), 0, 0),
                operation: "rotate")
        }
    }

    /// The image mirrored left to right.
    public func mirrored() throws(ImagingError) -> Image {
        try withPix { pix throws(ImagingError) in try Image.take(pixFlipLR(nil, pix), operation: "mirror") }
    }

    /// The rotation in degrees that straightens the text lines (pass it to ``rotated(byDegrees:)``) and a
    /// confidence, or nil when the image has too little text to tell.
    ///
    /// Searches `range` degrees either way in steps of one degree, then refines to a few hundredths. The
    /// default, 12, finds the 8 to 10 degrees phone photos are often held askew (Leptonica's own default of
    /// 7 does not, and it gives up on a peak within a couple of degrees of the range's end). Grey and colour
    /// images are binarised with Otsu's threshold first.
    public func skewAngle(range: Double = 12) throws(ImagingError) -> (degrees: Double, confidence: Double)? {
        let binary = depth == 1 ? self : try binarizedOtsu()
        return binary.withPix { pix in
            var angle: Float = 0
            var confidence: Float = 0
            // Sweep at 4x reduction, binary search at 2x, as pixFindSkew does with its fixed range.
            guard pixFindSkewSweepAndSearch(pix, &angle, &confidence, 4, 2, Float(range), 1, 0.01) == 0,
                confidence > 0
            else { return nil }
            return (Double(angle), Double(confidence))
        }
    }

    /// Removes uneven lighting: each region's background is mapped to white, keeping the text dark.
    /// Takes 8-bit grey or 32-bit colour.
    public func backgroundNormalized() throws(ImagingError) -> Image {
        let source = try withoutColormap(for: "background normalisation")
        return try source.withPix { pix throws(ImagingError) in
            try Image.take(pixBackgroundNormSimple(pix, nil, nil), operation: "background normalisation")
        }
    }

    /// Removes uneven lighting under dark text: the background is estimated by a grey closing with an
    /// `elementSize`-pixel square (larger than the strokes, so they vanish from it) at half resolution, and
    /// each pixel is divided by it, so the ground becomes an even light grey whatever the shadow or gradient.
    /// Suited to one line of text; `elementSize` about the text height. Takes 8-bit grey (colour is
    /// converted first).
    ///
    /// - Throws: `ImagingError.invalidArgument` for an element under 3 pixels or an image under 8x8.
    public func backgroundFlattened(elementSize: Int) throws(ImagingError) -> Image {
        guard elementSize >= 3 else {
            throw ImagingError.invalidArgument(
                operation: "background flattening", reason: "element \(elementSize) is under 3 pixels")
        }
        let gray = try grayscale()
        guard gray.width >= 8, gray.height >= 8 else {
            throw ImagingError.invalidArgument(operation: "background flattening", reason: "image is smaller than 8x8")
        }
        // The element is given at the reduced resolution, where it must stay odd.
        let reduced = l_int32(max(3, elementSize / 2) | 1)
        return try gray.withPix { pix throws(ImagingError) in
            try Image.take(pixBackgroundNormMorph(pix, nil, 2, reduced, 200), operation: "background flattening")
        }
    }

    /// Local contrast stretch: within tiles of `tileSize` pixels the darkest and lightest levels are mapped to
    /// 0 and 255, smoothly across tiles. Tiles with less than `minimumDifference` levels of spread are left
    /// flat, so blank areas do not turn into noise. Returns 8-bit grey.
    public func contrastNormalized(tileSize: Int = 20, minimumDifference: Int = 50) throws(ImagingError) -> Image {
        let gray = try grayscale()
        let tile = max(5, min(tileSize, gray.width / 2, gray.height / 2))
        guard gray.width >= 10, gray.height >= 10 else {
            throw ImagingError.invalidArgument(operation: "contrast normalisation", reason: "image is smaller than 10x10")
        }
        return try gray.withPix { pix throws(ImagingError) in
            try Image.take(
                pixContrastNorm(nil, pix, l_int32(tile), l_int32(tile), l_int32(minimumDifference), 2, 2),
                operation: "contrast normalisation")
        }
    }

    /// Binary image (1 = ink) by Otsu's threshold. With tile sizes smaller than the image the threshold is
    /// chosen per tile and smoothed between tiles; the default is one global threshold.
    public func binarizedOtsu(tileWidth: Int? = nil, tileHeight: Int? = nil) throws(ImagingError) -> Image {
        if depth == 1 { return self }
        let gray = try grayscale()
        let sx = max(16, min(tileWidth ?? gray.width, gray.width))
        let sy = max(16, min(tileHeight ?? gray.height, gray.height))
        return try gray.withPix { pix throws(ImagingError) in
            var result: UnsafeMutablePointer<PIX>?
            let smooth: l_int32 = (sx < gray.width || sy < gray.height) ? 1 : 0
            guard pixOtsuAdaptiveThreshold(pix, l_int32(sx), l_int32(sy), smooth, smooth, 0.1, nil, &result) == 0
            else {
                pixDestroy(&result)
                throw ImagingError.operationFailed(operation: "Otsu binarisation")
            }
            return try Image.take(result, operation: "Otsu binarisation")
        }
    }

    /// Binary image (1 = ink) by Sauvola's local threshold: `windowHalfSize` is the half-width of the window
    /// in pixels (about the stroke spacing of the text), `factor` (0.2...0.5 typical) how far below the local
    /// mean a pixel must be to count as ink.
    public func binarizedSauvola(windowHalfSize: Int = 15, factor: Double = 0.34) throws(ImagingError) -> Image {
        if depth == 1 { return self }
        let gray = try grayscale()
        let half = max(2, min(windowHalfSize, (min(gray.width, gray.height) - 3) / 2))
        guard half >= 2 else {
            throw ImagingError.invalidArgument(operation: "Sauvola binarisation", reason: "image is smaller than 7x7")
        }
        if half > Self.largestSauvolaHalf { return try gray.leptonicaSauvola(half: half, factor: Float(factor)) }
        return try gray.sauvolaInk(half: half, factor: Float(factor))
    }

    /// Leptonica's own `pixSauvolaBinarize` (mirrored border), which ``sauvolaInk(half:factor:)`` reproduces
    /// faster: for windows wider than that takes, and to test that the two agree.
    package func leptonicaSauvola(half: Int, factor: Float) throws(ImagingError) -> Image {
        try withPix { pix throws(ImagingError) in
            var result: UnsafeMutablePointer<PIX>?
            guard pixSauvolaBinarize(pix, l_int32(half), factor, 1, nil, nil, nil, &result) == 0 else {
                pixDestroy(&result)
                throw ImagingError.operationFailed(operation: "Sauvola binarisation")
            }
            return try Image.take(result, operation: "Sauvola binarisation")
        }
    }

    /// Binary image (1 = ink) with every grey level below `threshold` (0...255) counted as ink.
    public func thresholded(below threshold: Int) throws(ImagingError) -> Image {
        let gray = try grayscale()
        return try gray.withPix { pix throws(ImagingError) in
            try Image.take(pixThresholdToBinary(pix, l_int32(max(0, min(256, threshold)))), operation: "threshold")
        }
    }

    /// Dark for light: grey levels v become 255 - v, binary ink and paper swap.
    public func inverted() throws(ImagingError) -> Image {
        try withPix { pix throws(ImagingError) in try Image.take(pixInvert(nil, pix), operation: "invert") }
    }

    /// The image at 8 bits per pixel for display or recognition (binary ink becomes black on white).
    public func expandedToGray() throws(ImagingError) -> Image { try grayscale() }

    /// The receiver without a colour map, at 8 or 32 bits per pixel.
    func withoutColormap(for operation: String) throws(ImagingError) -> Image {
        if depth == 32 || (depth == 8 && !hasColormap) { return self }
        return try withPix { pix throws(ImagingError) in
            try Image.take(pixConvertTo8(pix, 0), operation: operation)
        }
    }
}
