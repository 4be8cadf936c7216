import LegibleImaging

/// A line image as an integer LSTM network's input, prepared as Tesseract 5.3 prepares it
/// (`Input::PrepareLSTMInputs`): scaled to the network's height by Leptonica's `pixScale`, its black and white
/// levels taken from the local minima and maxima along its middle row, and every pixel mapped so black is
/// -1 and white +1, as a signed byte of 128ths.
enum LSTMLineInput {
    /// The input activations for `line` (any depth; converted to grey), scaled to `height` rows.
    ///
    /// - Throws: `OCRError.imaging` when the line cannot be converted or scaled (an empty image, or one so
    ///   wide that scaling fails).
    static func activations(for line: Image, height: Int) throws(OCRError) -> LSTMActivations {
        let scaled: Image
        do {
            let gray = try line.grayscale()
            // Tesseract computes the factor in single precision; pixScale takes it as such.
            let factor = Float(height) / Float(gray.height)
            scaled = gray.height == height ? gray : try gray.scaled(by: Double(factor))
        } catch {
            throw .imaging("cannot scale a \(line.width) x \(line.height) line to \(height) rows: \(error)")
        }
        let pixels: [UInt8]
        do {
            pixels = try scaled.grayBytes()
        } catch {
            throw .imaging("cannot read the scaled line: \(error)")
        }
        let (w, h) = (scaled.width, scaled.height)
        guard h == height else { throw .imaging("the line scaled to \(h) rows, not \(height)") }
        let (black, white) = blackAndWhite(pixels, width: w, row: h / 2)
        let contrast: Float = (white - black) / 2 > 0 ? (white - black) / 2 : 1
        let values = pixels.map { pixel -> Int8 in
            let level = (Float(pixel) - black) / contrast - 1
            return Int8(clamping: min(127, max(-127, LSTMArithmetic.rounded(128 * level))))
        }
        return LSTMActivations(height: h, width: w, depth: 1, values: values)
    }

    /// Tesseract's `ComputeBlackWhite`: along row `row`, the histograms of local minima and maxima (a pixel
    /// below one neighbour and not above the other, or the reverse), black their 25th percentile and white
    /// their 75th, each interpolated within its bucket (`STATS::ile`).
    static func blackAndWhite(_ pixels: [UInt8], width: Int, row: Int) -> (black: Float, white: Float) {
        var minima = [Int](repeating: 0, count: 256), maxima = [Int](repeating: 0, count: 256)
        if width >= 3 {
            let line = pixels[(row * width)..<(row * width + width)].map(Int.init)
            for x in 1..<(width - 1) {
                let (previous, current, next) = (line[x - 1], line[x], line[x + 1])
                if (current < previous && current <= next) || (current <= previous && current < next) {
                    minima[current] += 1
                }
                if (current > previous && current >= next) || (current >= previous && current > next) {
                    maxima[current] += 1
                }
            }
        }
        if minima.allSatisfy({ $0 == 0 }) { minima[0] = 1 }
        if maxima.allSatisfy({ $0 == 0 }) { maxima[255] = 1 }
        return (Float(fractile(minima, 0.25)), Float(fractile(maxima, 0.75)))
    }

    /// `STATS::ile`: the value below which `fraction` of the counts lie, interpolated within its bucket.
    static func fractile(_ buckets: [Int], _ fraction: Double) -> Double {
        let total = buckets.reduce(0, +)
        let target = min(max(fraction * Double(total), 1), Double(total))
        var sum = 0, index = 0
        while index < buckets.count && Double(sum) < target {
            sum += buckets[index]
            index += 1
        }
        guard index > 0 else { return 0 }
        return Double(index) - (Double(sum) - target) / Double(buckets[index - 1])
    }
}
