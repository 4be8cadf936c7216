internal import CImagingKernels
internal import CLeptonica

/// Sauvola's local threshold computed with running integer window sums.
///
/// The output is bit for bit that of Leptonica's `pixSauvolaBinarize` with a mirrored border, whose rules it
/// follows: the window is `2 * half + 1` pixels square and centred, the image is mirrored at its edges (the
/// edge pixel repeated), the window's mean is truncated to an integer and its mean square rounded, the standard
/// deviation is the single-precision square root of their difference, and a pixel is ink when darker than
/// `t = m * (1 - k * (1 - s / 128))` truncated. Leptonica accumulates the squares in a double-precision
/// integral image as large as the bordered image and reads it back; sums of 8-bit values fit integers exactly,
/// and sliding window sums touch each pixel a few times: on a 1200 x 675 photo it took 0.68x Leptonica's time.
/// The thresholds and ink bits are computed in passes the compiler vectorises (no range-checked conversions,
/// bits packed eight at a time): 0.75x that again on a screen photo's working copy (`swift package benchmark
/// --target ImagingBenchmarks --filter "Sauvola.*"`, 7.5 -> 5.6 ms). Rows and columns are reached through
/// pointer offsets, not checked index sums, so the column sums vectorise too: p50 12 -> 6.0 ms back to back
/// on a busy machine (2026-11-27). The thresholds and ink bytes of each row are `CImagingKernels`'
/// `legible_sauvola_ink_row`, eight pixels at a time with AVX2 where the processor has it.
extension Image {
    /// The largest window half-width ``sauvolaInk(half:factor:)`` takes; wider windows go to Leptonica.
    static let largestSauvolaHalf = 90

    /// Sauvola binarisation of an 8-bit grey image without a colour map (see the extension's note), 1 = ink.
    ///
    /// - Parameters:
    ///   - half: half the window side, in pixels; at least 2, at most ``largestSauvolaHalf`` and
    ///     `(min(width, height) - 3) / 2`.
    ///   - factor: Sauvola's k, taken at single precision as Leptonica takes it.
    func sauvolaInk(half: Int, factor: Float) throws(ImagingError) -> Image {
        // (Sums of a window's squares fit 32 bits up to this half-width: 181 x 181 x 255 x 255 < 2^31.)
        let w = width, h = height
        guard depth == 8, !hasColormap, half >= 2, half <= Self.largestSauvolaHalf, w >= 2 * half + 3,
            h >= 2 * half + 3
        else {
            throw ImagingError.invalidArgument(
                operation: "Sauvola binarisation", reason: "needs 8-bit grey at least \(2 * half + 3) pixels a side")
        }
        let gray = try grayBytes()
        // Filled here before anything else sees it, then handed to an Image, its one owner.
        guard let output = pixCreate(l_int32(w), l_int32(h), 1) else {
            throw ImagingError.operationFailed(operation: "Sauvola binarisation")
        }
        guard let target = pixGetData(output) else {
            var made: UnsafeMutablePointer<PIX>? = output
            pixDestroy(&made)
            throw ImagingError.operationFailed(operation: "Sauvola binarisation")
        }
        let targetWords = Int(pixGetWpl(output))
        let side = 2 * half + 1, span = w + 2 * half
        let meanNorm = Float(1.0 / Double(Float(side) * Float(side)))
        let squareNorm = 1.0 / Double(Float(side) * Float(side))
        let k = Double(factor)
        // Column sums over the window's rows (column i is image column i - half, mirrored), then per row: the
        // window sums along it (a running sum), the thresholds and ink bytes (the C kernel), the ink bits packed
        // eight bytes at a time. Sums stay below 2^24 and sums of squares below 2^31 (see largestSauvolaHalf).
        let sums = Self.zeroed(Int32.self, span), squares = Self.zeroed(Int32.self, span)
        let rowSums = Self.zeroed(Int32.self, w), rowSquares = Self.zeroed(Int32.self, w)
        // Whole words of ink bytes: the padding past the row's end stays 0.
        let ink = Self.zeroed(UInt8.self, targetWords * 32)
        defer {
            for buffer in [sums, squares, rowSums, rowSquares] { buffer.deallocate() }
            ink.deallocate()
        }
        gray.withUnsafeBufferPointer { grayBuffer in
            // Pointer offsets rather than index sums: Swift checks `a + b` of Ints for overflow, and the checks
            // kept the compiler from vectorising the column and ink loops (2026-11-27).
            let gray = grayBuffer.baseAddress!
            let columnSums = sums.baseAddress!, columnSquares = squares.baseAddress!
            let windowSums = rowSums.baseAddress!, windowSquares = rowSquares.baseAddress!
            let inkBytes = ink.baseAddress!
            func mirrored(_ y: Int) -> Int { (y < 0 ? -1 - y : (y >= h ? 2 * h - 1 - y : y)) * w }
            // Adds row `entering` (mirrored) to the column sums and takes row `leaving` away (nil: none).
            func slide(entering: Int, leaving: Int?) {
                let new = mirrored(entering), old = leaving.map(mirrored)
                // The mirrored pixel of an edge column (left of the image or right of it) in `row`, 0 for none.
                func value(_ row: Int?, _ column: Int) -> Int32 {
                    guard let row else { return 0 }
                    let x = column < half ? half - 1 - column : w - 1 - (column - half - w)
                    return Int32(gray[row + x])
                }
                func update(_ column: Int) {
                    let a = value(new, column), b = value(old, column)
                    columnSums[column] &+= a &- b
                    columnSquares[column] &+= a &* a &- b &* b
                }
                for column in 0..<half {
                    update(column)
                    update(half + w + column)
                }
                let entering = gray + new, leaving = gray + (old ?? new)
                let keep: Int32 = old == nil ? 0 : 1
                let inner = columnSums + half, innerSquares = columnSquares + half
                for x in 0..<w {
                    let a = Int32(entering[x]), b = Int32(leaving[x]) &* keep
                    inner[x] &+= a &- b
                    innerSquares[x] &+= a &* a &- b &* b
                }
            }
            for y in -half...half { slide(entering: y, leaving: nil) }
            let trailing = columnSums + (side - 1), trailingSquares = columnSquares + (side - 1)
            for y in 0..<h {
                if y > 0 { slide(entering: y + half, leaving: y - half - 1) }
                var sum: Int32 = 0, square: Int32 = 0
                for index in 0..<side {
                    sum &+= columnSums[index]
                    square &+= columnSquares[index]
                }
                windowSums[0] = sum
                windowSquares[0] = square
                for x in 1..<w {
                    sum &+= trailing[x] &- columnSums[x - 1]
                    square &+= trailingSquares[x] &- columnSquares[x - 1]
                    windowSums[x] = sum
                    windowSquares[x] = square
                }
                legible_sauvola_ink_row(
                    windowSums, windowSquares, gray + y * w, Int32(w), meanNorm, squareNorm, k, inkBytes)
                // Eight ink bytes (0 or 1, the first lowest in a little-endian load) to one byte, the first
                // pixel in the high bit; four to a word.
                let bytes = UnsafeRawPointer(inkBytes), line = target + y * targetWords
                for word in 0..<targetWords {
                    var bits: UInt32 = 0
                    for part in 0..<4 {
                        let eight = bytes.loadUnaligned(fromByteOffset: word * 32 + part * 8, as: UInt64.self)
                        bits = bits << 8 | UInt32(truncatingIfNeeded: (eight &* 0x8040_2010_0804_0201) >> 56)
                    }
                    line[word] = bits
                }
            }
        }
        return try Image.take(output, operation: "Sauvola binarisation")
    }

    /// A buffer of `count` zeros, which the caller deallocates (the working rows of the Swift filters).
    static func zeroed<T: FixedWidthInteger>(_ type: T.Type, _ count: Int) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: count)
        buffer.initialize(repeating: 0)
        return buffer
    }

    /// `Int32(value)` for a value in 0 ..< 2^31, without the range check Swift's conversion makes (which keeps
    /// the compiler from vectorising a loop): the nearest integer by the 1.5 x 2^52 rounding trick, less one
    /// where that rounded up.
    @inline(__always)
    static func truncated(_ value: Double) -> Int32 {
        let nearest = Int32(truncatingIfNeeded: (value + 6_755_399_441_055_744).bitPattern)
        return Double(nearest) > value ? nearest &- 1 : nearest
    }
}
