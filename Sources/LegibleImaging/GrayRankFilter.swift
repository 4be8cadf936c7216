/// The maximum or minimum of 8-bit grey pixels over a centred rectangle, clipped at the image's edges: grey
/// dilation and erosion with a brick.
///
/// Each pass is van Herk / Gil-Werman: about three comparisons per pixel whatever the rectangle's size. The
/// pass down the columns works on whole rows at a time, so it runs over contiguous memory.
enum GrayRankFilter {
    /// `pixels` (row-major, `width` × `height`) with each pixel replaced by the maximum (or minimum) over the
    /// `windowWidth` × `windowHeight` rectangle centred on it, once per entry of `maxima` in turn (true for a
    /// maximum): `[false, true]` is an opening. Both sizes odd and at least 1.
    static func apply(
        _ pixels: [UInt8], width: Int, height: Int, windowWidth: Int, windowHeight: Int, maxima: [Bool]
    ) -> [UInt8] {
        precondition(windowWidth % 2 == 1 && windowHeight % 2 == 1 && pixels.count == width * height)
        precondition((1...2).contains(maxima.count))
        // A window reaching past both edges from every pixel gives what one just that wide gives.
        let windowWidth = min(windowWidth, 2 * width + 1), windowHeight = min(windowHeight, 2 * height + 1)
        var result = pixels
        // A brick's rank filter is the row filter then the column filter, in either order; so a pair of
        // filters runs column, rows, rows, column, and the two row filters share one transposition.
        if maxima.count == 2, windowHeight > 1 {
            result = downColumns(result, width: width, height: height, window: windowHeight, maximum: maxima[0])
        }
        if windowWidth > 1 {
            // Along the rows as down the columns of the transposed image: the column pass runs over whole rows.
            var turned = transposed(result, width: width, height: height)
            for maximum in maxima {
                turned = downColumns(turned, width: height, height: width, window: windowWidth, maximum: maximum)
            }
            result = transposed(turned, width: height, height: width)
        }
        if windowHeight > 1 {
            result = downColumns(result, width: width, height: height, window: windowHeight, maximum: maxima.last!)
        }
        return result
    }

    /// `pixels` (`width` × `height`, row-major) transposed, in tiles that stay in cache.
    private static func transposed(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: pixels.count)
        let tile = 32
        pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                let from = source.baseAddress!, into = target.baseAddress!
                for y0 in stride(from: 0, to: height, by: tile) {
                    let y1 = min(height, y0 + tile)
                    for x0 in stride(from: 0, to: width, by: tile) {
                        let x1 = min(width, x0 + tile)
                        for y in y0..<y1 {
                            for x in x0..<x1 { into[x * height + y] = from[y * width + x] }
                        }
                    }
                }
            }
        }
        return output
    }

    /// One pass down the columns: each pixel the maximum (or minimum) of the `window` pixels of its column
    /// centred on it, clipped at the top and bottom.
    private static func downColumns(_ pixels: [UInt8], width: Int, height: Int, window: Int, maximum: Bool)
        -> [UInt8]
    {
        let half = window / 2
        let neutral: UInt8 = maximum ? 0 : 255
        let rows = ((height + 2 * half + window - 1) / window) * window
        var prefix = [UInt8](repeating: 0, count: rows * width)
        var suffix = [UInt8](repeating: 0, count: rows * width)
        var output = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { source in
            prefix.withUnsafeMutableBufferPointer { g in
                suffix.withUnsafeMutableBufferPointer { s in
                    // Padded row r is source row r - half, or neutral outside the image.
                    let neutralRow = [UInt8](repeating: neutral, count: width)
                    neutralRow.withUnsafeBufferPointer { blank in
                        func row(_ r: Int) -> UnsafePointer<UInt8> {
                            let y = r - half
                            return y >= 0 && y < height ? source.baseAddress! + y * width : blank.baseAddress!
                        }
                        let gp = g.baseAddress!, sp = s.baseAddress!
                        var start = 0
                        while start < rows {
                            let end = start + window
                            (gp + start * width).update(from: row(start), count: width)
                            (sp + (end - 1) * width).update(from: row(end - 1), count: width)
                            for r in (start + 1)..<end {
                                let into = gp + r * width, previous = gp + (r - 1) * width, from = row(r)
                                if maximum {
                                    for x in 0..<width { into[x] = max(previous[x], from[x]) }
                                } else {
                                    for x in 0..<width { into[x] = min(previous[x], from[x]) }
                                }
                            }
                            for r in stride(from: end - 2, through: start, by: -1) {
                                let into = sp + r * width, next = sp + (r + 1) * width, from = row(r)
                                if maximum {
                                    for x in 0..<width { into[x] = max(next[x], from[x]) }
                                } else {
                                    for x in 0..<width { into[x] = min(next[x], from[x]) }
                                }
                            }
                            start = end
                        }
                    }
                    output.withUnsafeMutableBufferPointer { target in
                        let gp = g.baseAddress!, sp = s.baseAddress!, out = target.baseAddress!
                        for y in 0..<height {
                            let top = sp + y * width, bottom = gp + (y + window - 1) * width, into = out + y * width
                            if maximum {
                                for x in 0..<width { into[x] = max(top[x], bottom[x]) }
                            } else {
                                for x in 0..<width { into[x] = min(top[x], bottom[x]) }
                            }
                        }
                    }
                }
            }
        }
        return output
    }
}

extension Image {
    /// Grey morphology of an 8-bit image without a colour map, by ``GrayRankFilter``; sizes made odd.
    func rankMorphology(_ operation: MorphologyOperation, width: Int, height: Int) throws(ImagingError) -> Image {
        let maxima: [Bool]
        switch operation {
        case .dilate: maxima = [true]
        case .erode: maxima = [false]
        case .open: maxima = [false, true]
        case .close: maxima = [true, false]
        }
        let result = GrayRankFilter.apply(
            try grayBytes(), width: self.width, height: self.height, windowWidth: width | 1,
            windowHeight: height | 1, maxima: maxima)
        return try Image(width: self.width, height: self.height, format: .gray8, pixels: result)
    }

    /// Top-hat of an 8-bit grey image by ``GrayRankFilter``: the image less its opening (bright features) or
    /// its closing less the image (dark features).
    func rankTopHat(width: Int, height: Int, brightFeatures: Bool) throws(ImagingError) -> Image {
        let pixels = try grayBytes()
        var result = GrayRankFilter.apply(
            pixels, width: self.width, height: self.height, windowWidth: width | 1, windowHeight: height | 1,
            maxima: brightFeatures ? [false, true] : [true, false])
        // The opening is never above the image, nor the closing below it.
        pixels.withUnsafeBufferPointer { source in
            result.withUnsafeMutableBufferPointer { target in
                for index in 0..<target.count {
                    target[index] = brightFeatures ? source[index] &- target[index] : target[index] &- source[index]
                }
            }
        }
        return try Image(width: self.width, height: self.height, format: .gray8, pixels: result)
    }
}
