/// The mean of a rectangular window around each pixel of an 8-bit grey image, byte for byte what Leptonica's
/// `pixBlockconvGray` gives, in two passes of running sums instead of its 32-bit integral image (which costs a
/// word of memory per pixel, written and read back).
///
/// Leptonica's result, reproduced in every detail: a pixel's window is rows `max(y - 1 - hc, 0) + 1 ...
/// min(y + hc, h - 1)` and the same for columns (so the first row and column drop out of the windows near
/// them), its sum is scaled by `1 / ((2 wc + 1)(2 hc + 1))` in single precision and rounded by adding 0.5
/// and truncating, and the pixels within a half window of the border are then scaled up by the window's full
/// size over the number of rows and columns counted there, truncated and capped at 255.
enum BoxMean {
    /// The filtered bytes of a `width` x `height` image (rows packed), for half sizes `wc`, `hc` of at
    /// least 1 with `2 wc < width` and `2 hc < height`.
    static func apply(_ pixels: [UInt8], width w: Int, height h: Int, wc: Int, hc: Int) -> [UInt8] {
        precondition(wc >= 1 && hc >= 1 && 2 * wc < w && 2 * hc < h && pixels.count == w * h)
        let norm = Float(1.0 / Double(Float(2 * wc + 1) * Float(2 * hc + 1)))
        // The row sums of the rows in the window, and of the one about to leave it, in a ring.
        let ringRows = 2 * hc + 2
        let ring = UnsafeMutablePointer<UInt32>.allocate(capacity: ringRows * w)
        let running = UnsafeMutablePointer<UInt32>.allocate(capacity: w)
        let columnSums = Image.zeroed(UInt32.self, w).baseAddress!
        defer {
            ring.deallocate()
            running.deallocate()
            columnSums.deallocate()
        }
        // Every window sum's mean, looked up rather than computed per pixel, for windows up to 257 pixels.
        let largestSum = (2 * wc + 1) * (2 * hc + 1) * 255
        let table = largestSum <= 65_535 ? (0...largestSum).map { Self.mean(UInt32($0), norm: norm) } : nil
        var output = [UInt8](repeating: 0, count: w * h)
        pixels.withUnsafeBufferPointer { source in
            /// Row `y`'s sums over each pixel's columns, stored in its ring slot: differences of the row's
            /// running sum at the two ends of the window.
            func sumRow(_ y: Int) -> UnsafeMutablePointer<UInt32> {
                let row = source.baseAddress! + y * w
                var total: UInt32 = 0
                for x in 0..<w {
                    total &+= UInt32(row[x])
                    running[x] = total
                }
                let sums = ring + (y % ringRows) * w
                for x in 0...wc { sums[x] = running[x + wc] &- running[0] }
                // Offsets taken once: checked index sums inside the loop kept it from vectorising.
                let inner = sums + (wc + 1), ahead = running + (2 * wc + 1)
                for x in 0..<(w - 2 * wc - 1) { inner[x] = ahead[x] &- running[x] }
                for x in (w - wc)..<w { sums[x] = running[w - 1] &- running[x - 1 - wc] }
                return sums
            }
            output.withUnsafeMutableBufferPointer { out in
                // Row 0's window is rows 1 ... hc; each next row adds the row entering at the bottom (until
                // the last) and drops the one leaving at the top (once the window has left row 0).
                for y in 1...hc {
                    let sums = sumRow(y)
                    for x in 0..<w { columnSums[x] &+= sums[x] }
                }
                for y in 0..<h {
                    if y > 0, y - 1 - hc >= 1 {
                        let leaving = ring + ((y - 1 - hc) % ringRows) * w
                        for x in 0..<w { columnSums[x] &-= leaving[x] }
                    }
                    if y > 0, y + hc <= h - 1 {
                        let entering = sumRow(y + hc)
                        for x in 0..<w { columnSums[x] &+= entering[x] }
                    }
                    let row = out.baseAddress! + y * w
                    if let table {
                        table.withUnsafeBufferPointer { means in
                            for x in 0..<w { row[x] = means[Int(columnSums[x])] }
                        }
                    } else {
                        for x in 0..<w { row[x] = Self.mean(columnSums[x], norm: norm) }
                    }
                }
                renormaliseBorder(out, width: w, height: h, wc: wc, hc: hc)
            }
        }
        return output
    }

    /// A window sum's mean as Leptonica rounds it: scaled in single precision, plus 0.5, truncated.
    @inline(__always)
    private static func mean(_ sum: UInt32, norm: Float) -> UInt8 {
        UInt8(truncatingIfNeeded: Image.truncated(Double(norm * Float(sum)) + 0.5))
    }

    /// Leptonica's second pass: pixels within a half window of the border scaled by the full window's rows
    /// and columns over those counted, in single precision, truncated, at most 255.
    private static func renormaliseBorder(
        _ out: UnsafeMutableBufferPointer<UInt8>, width w: Int, height h: Int, wc: Int, hc: Int
    ) {
        let fullRows = Float(2 * hc + 1), fullColumns = Float(2 * wc + 1)
        func columnFactor(_ x: Int) -> Float {
            x <= wc ? fullColumns / Float(wc + x) : (x >= w - wc ? fullColumns / Float(wc + w - x) : 1)
        }
        func rescale(_ index: Int, _ rowFactor: Float?, _ columnFactor: Float?) {
            var value = Float(out[index])
            if let rowFactor { value = value * rowFactor }
            if let columnFactor { value = value * columnFactor }
            out[index] = UInt8(min(value, 255))
        }
        for y in 0..<h {
            let row = y * w
            if y <= hc || y >= h - hc {
                let rowFactor = y <= hc ? fullRows / Float(hc + y) : fullRows / Float(hc + h - y)
                for x in 0..<w {
                    let border = x <= wc || x >= w - wc
                    rescale(row + x, rowFactor, border ? columnFactor(x) : nil)
                }
            } else {
                for x in 0...wc { rescale(row + x, nil, columnFactor(x)) }
                for x in (w - wc)..<w { rescale(row + x, nil, columnFactor(x)) }
            }
        }
    }
}
