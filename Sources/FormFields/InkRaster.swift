import LegibleImaging

/// A page raster reduced to ink (dark) and paper, with the rulings, boxes and glyph-like blobs found on it.
struct InkRaster {
    let width: Int
    let height: Int
    /// Points per pixel.
    let scale: Double
    /// 1 where the pixel is ink.
    var ink: [UInt8]
    /// The grey level of each pixel (0 black, 255 white).
    let gray: [UInt8]
    /// Grey levels below this are ink.
    let threshold: UInt8

    init(image: Image, pointsPerPixel: Double, threshold: UInt8) throws {
        let gray = try image.grayBytes()
        width = image.width
        height = image.height
        scale = pointsPerPixel
        self.gray = gray
        self.threshold = threshold
        ink = gray.map { $0 < threshold ? 1 : 0 }
    }

    private init(width: Int, height: Int, scale: Double, gray: [UInt8], threshold: UInt8) {
        self.width = width
        self.height = height
        self.scale = scale
        self.gray = gray
        self.threshold = threshold
        ink = gray.map { $0 < threshold ? 1 : 0 }
    }

    /// The same page with another ink threshold.
    func thresholded(_ threshold: UInt8) -> InkRaster {
        InkRaster(width: width, height: height, scale: scale, gray: gray, threshold: threshold)
    }

    func isInk(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height && ink[y * width + x] != 0 }

    /// Pixels for a length in points.
    func px(_ points: Double) -> Int { max(1, Int((points / scale).rounded())) }

    /// Horizontal or vertical runs of ink at least `minLength` pixels long, joined across neighbouring rows
    /// (columns) into rulings no thicker than `maxThickness` pixels.
    func segments(horizontal: Bool, minLength: Int, maxThickness: Int) -> [Segment] {
        let lines = horizontal ? height : width
        let along = horizontal ? width : height
        // Scan rows of a row-major grid: the ink itself, or its transpose for vertical rulings.
        var grid = ink
        if !horizontal {
            for y in 0..<height { for x in 0..<width { grid[x * height + y] = ink[y * width + x] } }
        }
        var open: [Box] = []  // in (along, across) coordinates: x = along, y = across
        var done: [Box] = []
        var runs: [(Int, Int)] = []
        for line in 0..<lines {
            runs.removeAll(keepingCapacity: true)
            let base = line * along
            var position = 0
            while position < along {
                guard grid[base + position] != 0 else {
                    position += 1
                    continue
                }
                let start = position
                while position < along, grid[base + position] != 0 { position += 1 }
                if position - start >= minLength { runs.append((start, position)) }
            }
            var nextOpen: [Box] = []
            var used = Set<Int>()
            for segment in open {
                // Continue a segment with the run on this line that overlaps it most.
                var best = -1, bestOverlap = 0
                for (index, run) in runs.enumerated() where !used.contains(index) {
                    let overlap = min(segment.x1, run.1) - max(segment.x0, run.0)
                    if overlap > bestOverlap { best = index; bestOverlap = overlap }
                }
                // A run continues a ruling only when it is about as long: a ruling drawn against a tinted
                // cell or a panel (a run several times longer or shorter on the next row) stays a ruling
                // rather than becoming the top of a thick block that is no ruling at all.
                let runWidth = best >= 0 ? runs[best].1 - runs[best].0 : 0
                if best >= 0, bestOverlap * 2 >= min(segment.width, runWidth),
                    min(segment.width, runWidth) * 2 >= max(segment.width, runWidth)
                {
                    used.insert(best)
                    var grown = segment
                    grown.x0 = min(grown.x0, runs[best].0)
                    grown.x1 = max(grown.x1, runs[best].1)
                    grown.y1 = line + 1
                    nextOpen.append(grown)
                } else {
                    done.append(segment)
                }
            }
            for (index, run) in runs.enumerated() where !used.contains(index) {
                nextOpen.append(Box(x0: run.0, y0: line, x1: run.1, y1: line + 1))
            }
            open = nextOpen
        }
        done += open
        return done.compactMap { box in
            guard box.height <= maxThickness else { return nil }
            let real = horizontal ? box : Box(x0: box.y0, y0: box.x0, x1: box.y1, y1: box.x1)
            return Segment(box: real, horizontal: horizontal)
        }
    }

    /// True when a horizontal ruling fades out on one side rather than ending sharply: on most of its columns
    /// at least two of the three rows just past its edge are grey but not ink. Shaded bars and drop shadows do
    /// that; drawn lines, even blurred by a scanner (one grey row), do not.
    func isShaded(_ ruling: Box) -> Bool {
        guard ruling.width > 0 else { return false }
        func shade(_ rows: [Int]) -> Bool {
            guard rows.allSatisfy({ $0 >= 0 && $0 < height }) else { return false }
            var shaded = 0
            for x in max(0, ruling.x0)..<min(width, ruling.x1) {
                let grey = rows.filter { let g = gray[$0 * width + x]; return g >= threshold && g < 235 }.count
                if grey >= 2 { shaded += 1 }
            }
            return Double(shaded) >= 0.6 * Double(ruling.width)
        }
        return shade([ruling.y1, ruling.y1 + 1, ruling.y1 + 2]) || shade([ruling.y0 - 1, ruling.y0 - 2, ruling.y0 - 3])
    }

    /// True when column `x` holds ink in any of the rows from `y0` up to (not including) `y1`, clipped to the
    /// raster.
    func columnHasInk(_ x: Int, from y0: Int, to y1: Int) -> Bool {
        guard x >= 0, x < width else { return false }
        return (max(0, y0)..<max(max(0, y0), min(height, y1))).contains { ink[$0 * width + x] != 0 }
    }

    /// Ink fraction inside a box (0 for an empty box).
    func inkFraction(_ box: Box) -> Double {
        let x0 = max(0, box.x0), y0 = max(0, box.y0), x1 = min(width, box.x1), y1 = min(height, box.y1)
        guard x1 > x0, y1 > y0 else { return 0 }
        var count = 0
        for y in y0..<y1 { for x in x0..<x1 where ink[y * width + x] != 0 { count += 1 } }
        return Double(count) / Double((x1 - x0) * (y1 - y0))
    }
}
