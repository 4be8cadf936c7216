import Foundation
import LegibleImaging

/// Finds field-like shapes on a page raster: boxes and table cells with room to write, rulings to write on,
/// rows of comb cells, and small squares or circles to tick. Works the same on born-digital renders and scans.
struct VisualDetector {
    let raster: InkRaster
    /// Boxes of the page's text-layer words that are letters (not box glyphs), in pixels; empty for scans.
    var letterBoxes: [Box] = []
    /// True when the page has a text layer, so `letterBoxes` tells letters apart and the ink test is not needed.
    var hasTextLayer = false
    /// Boxes of text-layer words that are date formats printed as hints inside fields (`dd.mm.yyyy`), in
    /// pixels: a box holding only such a hint is empty for writing.
    var hintBoxes: [Box] = []
    /// Fill-in lines typed as underscores or dots in the text layer (``TextLeaders``), in pixels.
    var leaderBoxes: [Box] = []
    /// Boxes of text-layer words that end a caption naming a value (`Name:`, `ID #`), in pixels.
    var captionEndBoxes: [Box] = []
    /// Boxes of text-layer words that are line numbers (`3`, `16b`, `(6)`), in pixels.
    var lineNumberBoxes: [Box] = []

    func detect() throws -> [VisualCandidate] {
        let r = raster
        var horizontal = r.segments(horizontal: true, minLength: r.px(14), maxThickness: r.px(3.5))
        var vertical = r.segments(horizontal: false, minLength: r.px(9), maxThickness: r.px(3.5))
        // Rulings printed in a light grey tint (comb dividers, box outlines at 20-30% black) come out lighter
        // than the ink threshold, the more so where anti-aliasing or a scanner's blur spreads a hairline over
        // two pixels: thin straight runs are looked for again at a pale threshold. Paper noise and text do
        // not make long straight runs, and a tinted panel is too thick to pass for a ruling.
        let paleRulings = r.thresholded(
            hasTextLayer ? Self.paleRulingThreshold.render : Self.paleRulingThreshold.scan)
        func beside(_ line: Segment, _ known: [Segment]) -> Bool {
            let around = Box(x0: line.box.x0 - 2, y0: line.box.y0 - 2, x1: line.box.x1 + 2, y1: line.box.y1 + 2)
            return known.contains { $0.box.intersectionArea(around) > 0 }
        }
        let paleHorizontal = paleRulings.segments(horizontal: true, minLength: r.px(14), maxThickness: r.px(2))
        let paleVertical = paleRulings.segments(horizontal: false, minLength: r.px(9), maxThickness: r.px(2))
        horizontal += paleHorizontal.filter { !beside($0, horizontal) && isOnPaper($0) }
        vertical += paleVertical.filter { !beside($0, vertical) && isOnPaper($0) }
        var lineMask = [UInt8](repeating: 0, count: r.width * r.height)
        for segment in horizontal + vertical {
            let b = segment.box
            for y in max(0, b.y0 - 1)..<min(r.height, b.y1 + 1) {
                for x in max(0, b.x0 - 1)..<min(r.width, b.x1 + 1) { lineMask[y * r.width + x] = 1 }
            }
        }
        // A blocked-out (shaded) cell bounds the cells beside it as a ruling does.
        for block in try solidBlocks(lineMask: lineMask) {
            for x in block.x0..<block.x1 {
                lineMask[block.y0 * r.width + x] = 1
                lineMask[(block.y1 - 1) * r.width + x] = 1
            }
            for y in block.y0..<block.y1 {
                lineMask[y * r.width + block.x0] = 1
                lineMask[y * r.width + block.x1 - 1] = 1
            }
        }
        let (closedMask, roundedCorners) = closingCorners(
            closingOpenSides(lineMask, horizontal: horizontal, vertical: vertical), horizontal: horizontal,
            vertical: vertical)
        var (cells, openCells) = try enclosedCells(lineMask: lineMask, closedMask: closedMask)
        let roundEnded = try roundedBoxes(lineMask: lineMask, cells: cells)
        cells += roundEnded
        let rounded = Set(roundEnded)
        let blobs = try inkBlobs(lineMask: lineMask)
        var checkboxes = try findCheckboxes(in: r)
        // Check boxes and radio rings drawn in pale grey fall apart at the ink threshold: look again with a
        // lenient one, keeping only shapes whose outline is pale (a dark glyph looks rounder there too).
        let pale = r.thresholded(max(r.threshold, 220))
        for box in try findCheckboxes(in: pale) where !checkboxes.contains(where: { $0.intersectionArea(box) > 0 }) {
            if hasPaleOutline(box, faint: pale) { checkboxes.append(box) }
        }

        var candidates: [VisualCandidate] = []
        // Combs first: rows of equal, touching, small cells. A comb's cells each take a character: a cell holding
        // a check box, or left blank among such cells, is a table's.
        let blankChoices = Set(cells.filter { isBlankChoice($0, cells: cells, checkboxes: checkboxes) })
        let (combs, combMembers) = findCombs(
            cells.filter { cell in
                !checkboxes.contains { cell.contains($0, slack: r.px(1)) } && !blankChoices.contains(cell)
            })
        candidates += combs
        var inCells: [VisualCandidate] = []
        var emptyCells = Set<Box>()
        for cell in cells where !combMembers.contains(cell) {
            // A cell inside a check box is its inner border (a double-ruled box), not a field of its own.
            if checkboxes.contains(where: { $0.iou(cell) > 0.5 || $0.contains(cell, slack: r.px(1)) }) { continue }
            // Ink crossing the edge of a box with round ends is its outline, not print inside it.
            let contents = blobs.filter { blob in
                !isCornerPiece(blob, of: cell, roundedCorners: roundedCorners)
                    && (!rounded.contains(cell) || cell.contains(blob))
                    && !hintBoxes.contains { $0.contains(blob, slack: 2) }
            }
            if isHeadingBand(cell, blobs: contents) { continue }
            // An empty cell split by dotted uprights holds one entry in each part.
            let dividers = dottedDividers(in: cell)
            if !dividers.isEmpty {
                let bounds = [cell.x0] + dividers + [cell.x1]
                let parts = zip(bounds, bounds.dropFirst()).map { Box(x0: $0 + 1, y0: cell.y0, x1: $1, y1: cell.y1) }
                let print = contents.filter { blob in
                    cell.containsCenter(of: blob) && !dividers.contains { abs(blob.midX - $0) <= r.px(1.5) }
                }
                let widest = parts.map(\.width).max() ?? 0, narrowest = parts.map(\.width).min() ?? 0
                let isComb = parts.count >= 3 && widest <= r.px(30) && 5 * (widest - narrowest) <= narrowest
                if print.isEmpty, isComb {
                    // Character-sized parts of one width are the cells of a comb, one entry.
                    emptyCells.insert(cell)
                    inCells.append(
                        VisualCandidate(box: cell, shape: .comb, confidence: 0.75, maxLength: parts.count, cell: cell))
                    continue
                }
                if print.isEmpty, parts.allSatisfy({ $0.width >= r.px(10) }) {
                    for part in parts {
                        emptyCells.insert(part)
                        inCells.append(
                            VisualCandidate(box: writingBand(of: part), shape: .box, confidence: 0.75, cell: part))
                    }
                    continue
                }
            }
            if !contents.contains(where: { cell.containsCenter(of: $0) }) { emptyCells.insert(cell) }
            if let field = writableArea(of: cell, isOpen: openCells.contains(cell), blobs: contents) {
                inCells.append(field)
            }
        }
        candidates += withoutListEntries(inCells, cells: cells, blobs: blobs).filter { field in
            guard let cell = field.cell else { return true }
            guard emptyCells.contains(cell) else { return !isColumnHeader(cell, emptyCells: emptyCells) }
            return !blankChoices.contains(cell)
        }
        for box in checkboxes where !combMembers.contains(where: { $0.iou(box) > 0.5 }) {
            candidates.append(VisualCandidate(box: box, shape: .checkbox, confidence: 0.85))
        }
        // A small white square on a tint is a check box; larger white shapes are boxes to write in.
        let (whiteSquares, whiteFills) = try whiteOnTint().reduce(into: ([Box](), [Box]())) { split, box in
            let isSquare = box.width <= r.px(16) && box.height <= r.px(16)
                && 4 * box.width >= 3 * box.height && 4 * box.height >= 3 * box.width
            if isSquare {
                split.0.append(box)
            } else if box.width >= r.px(12), box.height >= r.px(8) {
                split.1.append(box)
            }
        }
        for square in whiteSquares
        where !checkboxes.contains(where: { $0.intersectionArea(square) > 0 })
            && !cells.contains(where: { $0.iou(square) > 0.5 || square.contains($0, slack: 2) })
        {
            candidates.append(VisualCandidate(box: square, shape: .checkbox, confidence: 0.75))
        }
        for fill in try paleFills() + whiteFills
        where !cells.contains(where: { $0.iou(fill) > 0.5 || fill.contains($0, slack: 2) }) {
            if checkboxes.contains(where: { $0.iou(fill) > 0.3 }) { continue }
            if var field = writableArea(of: fill, isOpen: false, blobs: blobs) {
                field.confidence -= 0.1
                candidates.append(field)
            }
        }
        // A box holding a typed fill-in line that is not its only line is a frame round a section of the form:
        // the lines in it are the fields, not the room left beside them.
        candidates.removeAll { candidate in
            guard candidate.shape == .box, let cell = candidate.cell else { return false }
            return leaderBoxes.contains { cell.contains($0, slack: r.px(2)) && 2 * cell.height > 5 * $0.height }
        }
        candidates += typedLeaders(cells: cells, taken: candidates)
        // On a page with a text layer, its leaders and full stops are the text layer's to judge (TextLeaders). A
        // line of dots the dash finder sees too is a dotted line.
        let dots = hasTextLayer ? [] : dottedRulings(blobs: blobs)
        let dashed = dashedRulings().filter { dashes in !dots.contains { $0.box.intersectionArea(dashes.box) > 0 } }
        let lines = horizontal.map(\.box).map { Box(x0: $0.x0, y0: $0.y0 - r.px(4), x1: $0.x1, y1: $0.y1 + r.px(4)) }
        let targets = cells + candidates.map(\.box) + lines
        let dotted = dots.filter { !leadsToBox($0.box, boxes: targets) }
        candidates += underlines(
            horizontal + dashed, dotted: dotted, posts: vertical, cells: cells, blobs: blobs, taken: candidates)
        return candidates
    }

    /// True when the paper two pixels past each side of `line` is light (mean grey level 230 or more): a pale
    /// ruling is drawn on paper, whereas the speckle of a scanned tint near the pale threshold lies on tint.
    private func isOnPaper(_ line: Segment) -> Bool {
        let r = raster
        let b = line.box
        func meanGray(_ points: [(Int, Int)]) -> Double {
            let inside = points.filter { $0.0 >= 0 && $0.1 >= 0 && $0.0 < r.width && $0.1 < r.height }
            guard !inside.isEmpty else { return 0 }
            return Double(inside.reduce(0) { $0 + Int(r.gray[$1.1 * r.width + $1.0]) }) / Double(inside.count)
        }
        let sides: [[(Int, Int)]] = line.horizontal
            ? [(b.x0..<b.x1).map { ($0, b.y0 - 2) }, (b.x0..<b.x1).map { ($0, b.y1 + 1) }]
            : [(b.y0..<b.y1).map { (b.x0 - 2, $0) }, (b.y0..<b.y1).map { (b.x1 + 1, $0) }]
        return sides.allSatisfy { meanGray($0) >= 230 }
    }

    /// Grey levels under which a pixel of a thin straight ruling counts as ink: on scans, above the paper's
    /// noise and JPEG ringing; on born-digital renders, which have none, just under paper white, as
    /// anti-aliasing spreads a light grey hairline over two pixels of half its darkness each.
    static let paleRulingThreshold = (scan: UInt8(215), render: UInt8(235))

    // MARK: Boxes

    /// `lineMask` with the open left and right ends of tables closed: where two rulings start (or end) at the
    /// same x and a real vertical ruling joins them further in, a virtual vertical ruling joins their ends, as
    /// the page margin closes a table drawn without outer verticals.
    private func closingOpenSides(_ lineMask: [UInt8], horizontal: [Segment], vertical: [Segment]) -> [UInt8] {
        let r = raster
        var closed = lineMask
        let slack = r.px(2), minGap = r.px(6), maxGap = r.px(300)
        let rulings = horizontal.map(\.box).filter { $0.width >= r.px(30) }.sorted { $0.y0 < $1.y0 }
        let posts = vertical.map(\.box)
        // Stacked separate boxes have aligned edges too, but no ruling joins one box to the next.
        func joined(_ upper: Box, _ lower: Box, awayFrom x: Int) -> Bool {
            posts.contains { v in
                v.y0 <= upper.y1 + slack && v.y1 >= lower.y0 - slack && abs(v.midX - x) > slack
                    && v.x0 >= max(upper.x0, lower.x0) - slack && v.x1 <= min(upper.x1, lower.x1) + slack
            }
        }
        func draw(x: Int, from y0: Int, to y1: Int) {
            guard x >= 0, x < r.width else { return }
            for y in max(0, y0)..<min(r.height, y1) { closed[y * r.width + x] = 1 }
        }
        for (index, upper) in rulings.enumerated() {
            var leftDone = false, rightDone = false
            for lower in rulings[(index + 1)...] where lower.y0 - upper.y1 >= minGap {
                if lower.y0 - upper.y1 > maxGap || (leftDone && rightDone) { break }
                let alignedLeft = !leftDone && abs(lower.x0 - upper.x0) <= slack
                let alignedRight = !rightDone && abs(lower.x1 - upper.x1) <= slack
                guard alignedLeft || alignedRight else { continue }
                // Only the nearest aligned ruling below counts, whether or not it closes a cell.
                if alignedLeft {
                    let x = min(lower.x0, upper.x0)
                    if joined(upper, lower, awayFrom: x) { draw(x: x, from: upper.y0, to: lower.y1) }
                    leftDone = true
                }
                if alignedRight {
                    let x = max(lower.x1, upper.x1) - 1
                    if joined(upper, lower, awayFrom: x) { draw(x: x, from: upper.y0, to: lower.y1) }
                    rightDone = true
                }
            }
        }
        return closed
    }

    /// `mask` with the rounded or cut corners of boxes closed: where a horizontal ruling ends just short of a
    /// vertical one's end, around a corner (within 12 points each way), a straight stroke joins the two ends.
    /// Only straight rulings are in the mask, so without it the paper inside a box with rounded corners leaks
    /// out through its corners and the box is never found.
    /// - Returns: the closed mask, and the corners closed (each the box spanning the two ends).
    private func closingCorners(_ mask: [UInt8], horizontal: [Segment], vertical: [Segment]) -> ([UInt8], [Box]) {
        let r = raster
        var closed = mask
        var corners: [Box] = []
        let reach = r.px(12), minLength = r.px(20)
        // Rulings on paper: runs of ink between lines of light text inside a dark panel have no paper beside them.
        let rulings = horizontal.map(\.box).filter { b in
            b.width >= minLength && r.inkFraction(Box(x0: b.x0, y0: b.y0 - 2, x1: b.x1, y1: b.y0)) < 0.5
                && r.inkFraction(Box(x0: b.x0, y0: b.y1, x1: b.x1, y1: b.y1 + 2)) < 0.5
        }
        let posts = vertical.map(\.box).filter { b in
            b.height >= minLength && r.inkFraction(Box(x0: b.x0 - 2, y0: b.y0, x1: b.x0, y1: b.y1)) < 0.5
                && r.inkFraction(Box(x0: b.x1, y0: b.y0, x1: b.x1 + 2, y1: b.y1)) < 0.5
        }
        func stroke(_ from: (x: Int, y: Int), _ to: (x: Int, y: Int)) {
            let steps = max(abs(to.x - from.x), abs(to.y - from.y))
            for step in 0...steps {
                let x = from.x + (to.x - from.x) * step / max(1, steps)
                let y = from.y + (to.y - from.y) * step / max(1, steps)
                for (dx, dy) in [(0, 0), (1, 0), (0, 1)] {
                    let px = x + dx, py = y + dy
                    if px >= 0, py >= 0, px < r.width, py < r.height { closed[py * r.width + px] = 1 }
                }
            }
        }
        for h in rulings {
            for v in posts {
                // The post's end nearer the ruling, and the ruling's end nearer the post.
                let postEnd = v.y0 > h.midY ? (x: v.midX, y: v.y0) : (x: v.midX, y: v.y1 - 1)
                let rulingEnd = v.midX < h.x0 ? (x: h.x0, y: h.midY) : (x: h.x1 - 1, y: h.midY)
                let dx = abs(postEnd.x - rulingEnd.x), dy = abs(postEnd.y - rulingEnd.y)
                // Beyond the ruling's end, beyond the post's end, and close.
                guard v.midX < h.x0 || v.midX >= h.x1, v.y0 > h.y1 || v.y1 < h.y0 else { continue }
                guard dx <= reach, dy <= reach else { continue }
                // The corner is drawn (a curve or a cut joins the ends), on paper: not the inside of a dark panel.
                let corner = Box(
                    x0: min(postEnd.x, rulingEnd.x), y0: min(postEnd.y, rulingEnd.y),
                    x1: max(postEnd.x, rulingEnd.x) + 1, y1: max(postEnd.y, rulingEnd.y) + 1)
                let inked = r.inkFraction(corner) * Double(corner.area)
                guard inked >= Double(max(dx, dy)) * 0.8, inked <= 0.5 * Double(corner.area) + 2 else { continue }
                stroke(rulingEnd, postEnd)
                corners.append(corner)
            }
        }
        return (closed, corners)
    }

    /// Regions of paper enclosed by rulings: boxes and table cells. Three sides must be real rulings; the
    /// fourth may be the virtual closing of `closedMask` (a cell at the open edge of a table).
    /// - Returns: the cells, and those of them whose left side is virtual (the first column of an open table).
    private func enclosedCells(lineMask: [UInt8], closedMask: [UInt8]) throws -> (cells: [Box], open: Set<Box>) {
        let r = raster
        let paper = try Image(width: r.width, height: r.height, format: .gray8, pixels: closedMask.map { $0 != 0 ? 255 : 0 })
        let regions = try paper.thresholded(below: 128).connectedComponents(eightConnected: false)
        let minWidth = r.px(12), minHeight = r.px(6)
        var cells: [Box] = []
        var open = Set<Box>()
        for region in regions {
            let box = Box(x0: region.x, y0: region.y, x1: region.maxX, y1: region.maxY)
            guard box.x0 > 0, box.y0 > 0, box.x1 < r.width, box.y1 < r.height else { continue }
            guard box.width >= minWidth, box.height >= minHeight else { continue }
            guard Double(box.area) < 0.5 * Double(r.width * r.height) else { continue }
            // Paper enclosed by rulings but mostly ink inside is a button or a blocked-out (shaded) cell.
            if r.inkFraction(box) > 0.5 { continue }
            let real = ruledSides(box, mask: lineMask)
            guard real.count >= 3, real.count == 4 || ruledSides(box, mask: closedMask).count == 4 else { continue }
            cells.append(box)
            if !real.contains(2) { open.insert(box) }
        }
        // A region holding other cells is a frame around them, not a field.
        let kept = cells.filter { outer in
            let inner = cells.filter { $0 != outer && outer.contains($0, slack: 2) }.reduce(0) { $0 + $1.area }
            return Double(inner) < 0.2 * Double(outer.area)
        }
        return (kept, open)
    }

    /// Boxes whose corners are rounded wider than ``closingCorners`` reaches (a pill or stadium outline, its
    /// round ends as tall as the box): paper that the page's ink encloses, apart from the cells found already,
    /// with straight rulings along most of its top and bottom and little print inside.
    private func roundedBoxes(lineMask: [UInt8], cells: [Box]) throws -> [Box] {
        let r = raster
        let walls = (0..<r.ink.count).map { r.ink[$0] != 0 || lineMask[$0] != 0 ? UInt8(255) : 0 }
        let paper = try Image(width: r.width, height: r.height, format: .gray8, pixels: walls)
        func ruledAlong(_ y: Int, from x0: Int, to x1: Int) -> Bool {
            guard x1 > x0 else { return false }
            let ruled = (x0..<x1).count { x in
                (y - 2...y + 2).contains { yy in yy >= 0 && yy < r.height && lineMask[yy * r.width + x] != 0 }
            }
            return Double(ruled) >= 0.6 * Double(x1 - x0)
        }
        return try paper.thresholded(below: 128).connectedComponents(eightConnected: false).compactMap { region in
            let box = Box(x0: region.x, y0: region.y, x1: region.maxX, y1: region.maxY)
            guard box.x0 > 0, box.y0 > 0, box.x1 < r.width, box.y1 < r.height else { return nil }
            guard box.width >= r.px(40), box.height >= r.px(12), Double(box.area) < 0.25 * Double(r.width * r.height)
            else { return nil }
            guard !cells.contains(where: { $0.intersectionArea(box) > 0 }) else { return nil }
            guard ruledAlong(box.y0 - 1, from: box.x0, to: box.x1), ruledAlong(box.y1, from: box.x0, to: box.x1)
            else { return nil }
            return r.inkFraction(box) < 0.1 ? box : nil
        }
    }

    /// The sides of the box (0 top, 1 bottom, 2 left, 3 right) with ruling pixels of `mask` just outside it
    /// along at least 85% of their length.
    private func ruledSides(_ box: Box, mask lineMask: [UInt8]) -> [Int] {
        let r = raster
        func ruled(_ x: Int, _ y: Int) -> Bool {
            for d in -1...2 {
                for (dx, dy) in [(d, 0), (0, d)] {
                    let xx = x + dx, yy = y + dy
                    if xx >= 0, yy >= 0, xx < r.width, yy < r.height, lineMask[yy * r.width + xx] != 0 { return true }
                }
            }
            return false
        }
        func coverage(_ points: [(Int, Int)]) -> Double {
            guard !points.isEmpty else { return 0 }
            return Double(points.filter { ruled($0.0, $0.1) }.count) / Double(points.count)
        }
        let top = (box.x0..<box.x1).map { ($0, box.y0 - 1) }, bottom = (box.x0..<box.x1).map { ($0, box.y1) }
        let left = (box.y0..<box.y1).map { (box.x0 - 1, $0) }, right = (box.y0..<box.y1).map { (box.x1, $0) }
        return [top, bottom, left, right].indices.filter { coverage([top, bottom, left, right][$0]) >= 0.85 }
    }

    /// Solid rectangles of ink at least 6 points each way, apart from the rulings through and around them:
    /// the grey or black blocks that fill a cell where nothing is to be written (a tax form's shaded columns).
    private func solidBlocks(lineMask: [UInt8]) throws -> [Box] {
        let r = raster
        let solid = (0..<r.ink.count).map { r.ink[$0] != 0 && lineMask[$0] == 0 }
        return try filledRectangles(of: solid, minWidth: 6, minHeight: 6) { solid[$0] }
    }

    /// Rectangles filled with a pale tint and no ruled border: fields whose background was kept (light blue,
    /// yellow or grey boxes). The tint must fill its bounding box; anti-aliasing, shadows and gradients do not.
    private func paleFills() throws -> [Box] {
        let r = raster
        let tint = r.gray.map { $0 >= r.threshold && $0 < 246 }
        return try filledRectangles(of: tint) { r.gray[$0] < 246 }
    }

    /// The connected regions of `mask` (4-connected) sized like a field (`minWidth` points wide or more,
    /// `minHeight` to 300 points high, under 30% of the page) whose bounding box is at least 95% `covered` (pixel
    /// indexes).
    private func filledRectangles(
        of mask: [Bool], minWidth minWidthPoints: Double = 12, minHeight minHeightPoints: Double = 8,
        covered: (Int) -> Bool
    ) throws -> [Box] {
        let r = raster
        let image = try Image(width: r.width, height: r.height, format: .gray8, pixels: mask.map { $0 ? 0 : 255 })
        let minWidth = r.px(minWidthPoints), minHeight = r.px(minHeightPoints), maxHeight = r.px(300)
        var boxes: [Box] = []
        for c in try image.thresholded(below: 128).connectedComponents(eightConnected: false) {
            guard c.width >= minWidth, c.height >= minHeight, c.height <= maxHeight else { continue }
            let box = Box(x0: c.x, y0: c.y, x1: c.maxX, y1: c.maxY)
            guard Double(box.area) < 0.3 * Double(r.width * r.height) else { continue }
            var filled = 0
            for y in box.y0..<box.y1 {
                for x in box.x0..<box.x1 where covered(y * r.width + x) { filled += 1 }
            }
            if Double(filled) >= 0.95 * Double(box.area) { boxes.append(box) }
        }
        return boxes
    }

    /// True for a section heading's band: a tinted cell across half the page or more with print in it
    /// ("Section II: Claimant's information" on grey). The room after such a heading is the rest of the bar, not
    /// a field; a field's tinted background holds no caption and is rarely that wide.
    private func isHeadingBand(_ cell: Box, blobs: [Box]) -> Bool {
        let r = raster
        guard cell.width * 2 >= r.width, blobs.contains(where: { cell.containsCenter(of: $0) }) else { return false }
        var paper = 0, tinted = 0
        for y in stride(from: cell.y0, to: cell.y1, by: 2) {
            for x in stride(from: cell.x0, to: cell.x1, by: 2) where !r.isInk(x, y) {
                paper += 1
                if r.gray[y * r.width + x] < 246 { tinted += 1 }
            }
        }
        return paper > 0 && Double(tinted) >= 0.8 * Double(paper)
    }

    /// White rectangles on a tinted panel with no ruled border: forms printed on a coloured ground leave their
    /// fields white (passport and visa applications). The white must fill its bounding box and the tint must
    /// surround it: a ring just outside it is mostly tint, not ink (that would be a ruled box, found as a cell)
    /// and not paper (that would be the page itself). Squares from 5 points up are included: on such forms a
    /// check box is a small white square too.
    private func whiteOnTint() throws -> [Box] {
        let r = raster
        // White, with pale hairlines between white (a comb's partitions inside a white field) counted as white.
        let white = r.gray.map { $0 >= 246 }
        let hairline = max(1, r.px(1.5))
        var bridged = white
        for y in 0..<r.height {
            var x = 0
            while x < r.width {
                guard !white[y * r.width + x] else { x += 1; continue }
                var end = x
                while end < r.width, !white[y * r.width + end], r.gray[y * r.width + end] >= r.threshold { end += 1 }
                if x > 0, end < r.width, end - x <= hairline, white[y * r.width + end] {
                    for column in x..<end { bridged[y * r.width + column] = true }
                }
                x = max(end, x + 1)
            }
        }
        return try filledRectangles(of: bridged, minWidth: 5, minHeight: 5) { bridged[$0] }.filter { box in
            // The ground is tinted two pixels out and still three points further: a pale hairline between
            // white cells (a comb's partitions) is no ground.
            func tinted(at distance: Int) -> Bool {
                let x0 = box.x0 - distance, y0 = box.y0 - distance, x1 = box.x1 - 1 + distance, y1 = box.y1 - 1 + distance
                guard x0 >= 0, y0 >= 0, x1 < r.width, y1 < r.height else { return false }
                var ring: [Int] = []
                for x in box.x0..<box.x1 { ring += [y0 * r.width + x, y1 * r.width + x] }
                for y in box.y0..<box.y1 { ring += [y * r.width + x0, y * r.width + x1] }
                let tint = ring.count { r.gray[$0] >= r.threshold && r.gray[$0] < 246 }
                return Double(tint) >= 0.6 * Double(ring.count)
            }
            return tinted(at: 2) && tinted(at: 2 + r.px(3))
        }
    }

    /// Bounding boxes of ink that is not a ruling: glyphs, marks, pictures.
    private func inkBlobs(lineMask: [UInt8]) throws -> [Box] {
        let r = raster
        var pixels = [UInt8](repeating: 255, count: r.width * r.height)
        for index in 0..<pixels.count where r.ink[index] != 0 && lineMask[index] == 0 { pixels[index] = 0 }
        let image = try Image(width: r.width, height: r.height, format: .gray8, pixels: pixels)
        return try image.thresholded(below: 128).connectedComponents(eightConnected: true).compactMap { c in
            // Single specks of scan noise are not writing.
            c.width * c.height <= 2 ? nil : Box(x0: c.x, y0: c.y, x1: c.maxX, y1: c.maxY)
        }
    }

    /// True when empty `cell` is a slot of a grid of choices: no wider than twice its height (too narrow for an
    /// entry) and beside a like cell, touching it in the same row, that holds a check box. A choice not offered
    /// there is left blank; it is no field to write in.
    private func isBlankChoice(_ cell: Box, cells: [Box], checkboxes: [Box]) -> Bool {
        let slack = raster.px(2), ruling = raster.px(4)
        guard cell.width <= 2 * cell.height else { return false }
        return cells.contains { other in
            ((0...ruling).contains(other.x0 - cell.x1) || (0...ruling).contains(cell.x0 - other.x1))
                && abs(other.y0 - cell.y0) <= slack && abs(other.y1 - cell.y1) <= slack
                && 5 * abs(other.width - cell.width) <= cell.width
                && checkboxes.contains { other.contains($0, slack: slack) }
        }
    }

    /// True when `cell` holds print and heads a column of at least two empty cells of its width stacked right
    /// under it: the caption of a table's column, whose rows below are the fields, not a box to write in.
    private func isColumnHeader(_ cell: Box, emptyCells: Set<Box>) -> Bool {
        let slack = raster.px(2)
        var above = cell, rows = 0
        while rows < 2, let next = emptyCells.first(where: { below in
            abs(below.x0 - above.x0) <= slack && abs(below.x1 - above.x1) <= slack && below.y0 >= above.y1
                && below.y0 - above.y1 <= 2 * slack
        }) {
            rows += 1
            above = next
        }
        return rows == 2
    }

    /// `candidates` without the entries of a printed list laid out as a table: four or more cells of one column,
    /// each a caption with room after it, whose right-hand neighbours in the same row hold printed text and no
    /// room to write ("Form 1120-PC | 21" in a table of form codes). Such a room is the gap before a printed
    /// code, not a field; a neighbour that is itself a caption with room (`$ ____ | $ ____`) is a field too.
    private func withoutListEntries(_ candidates: [VisualCandidate], cells: [Box], blobs: [Box]) -> [VisualCandidate] {
        let r = raster
        func rightNeighbour(_ cell: Box) -> Box? {
            cells.first { other in
                abs(other.x0 - cell.x1) <= r.px(3) && min(other.y1, cell.y1) - max(other.y0, cell.y0) >= cell.height * 8 / 10
            }
        }
        // Candidates that are the room after a caption, in a cell whose neighbour to the right holds print.
        let entries = candidates.filter { candidate in
            guard let cell = candidate.cell, candidate.box.x0 > cell.x0 + r.px(2), let next = rightNeighbour(cell) else { return false }
            return blobs.contains { next.containsCenter(of: $0) } && !candidates.contains { $0.cell == next }
        }
        var listed = Set<Box>()
        for entry in entries {
            guard let cell = entry.cell else { continue }
            let column = entries.filter { other in
                guard let otherCell = other.cell else { return false }
                return abs(otherCell.x0 - cell.x0) <= r.px(2) && abs(otherCell.x1 - cell.x1) <= r.px(2)
            }
            if column.count >= 4 { listed.insert(entry.box) }
        }
        return candidates.filter { !listed.contains($0.box) }
    }

    /// The part of a cell meant for writing: the whole cell when empty, the room below (or after) a caption,
    /// nothing when the cell is full of printed text.
    /// A cell of the open first column of a table with a caption of several lines is a row heading, not a field;
    /// there only the room below a caption is.
    private func writableArea(of cell: Box, isOpen: Bool, blobs: [Box]) -> VisualCandidate? {
        let r = raster
        let inside = blobs.filter { cell.containsCenter(of: $0) }
        let minHeight = r.px(8)
        if inside.isEmpty {
            return VisualCandidate(box: writingBand(of: cell), shape: .box, confidence: isOpen ? 0.7 : 0.8, cell: cell)
        }
        let ink = inside.dropFirst().reduce(inside[0]) { $0.union($1) }
        if isOpen, ink.height > r.px(12) { return nil }
        let below = cell.y1 - ink.y1
        if below >= minHeight, Double(below) >= 0.35 * Double(cell.height) {
            // Writing keeps clear of the caption above it.
            let top = min(ink.y1 + r.px(3), cell.y1 - minHeight)
            return VisualCandidate(
                box: Box(x0: cell.x0, y0: top, x1: cell.x1, y1: cell.y1), shape: .box, confidence: 0.7, cell: cell)
        }
        // In the open first column of a table a caption with room after it is an entry of a list ("Form 1120 |
        // code"), not a field.
        if isOpen { return nil }
        // A caption along the bottom of a tall panel ("CHARACTER BACKSTORY", "Signature of applicant") names the
        // room above it.
        let above = ink.y0 - cell.y0
        // A sign alone ("$" on the bottom line of an amount column) is not such a caption.
        if cell.height >= r.px(40), ink.height <= r.px(14), ink.width >= r.px(24),
            Double(above) >= 0.6 * Double(cell.height)
        {
            let bottom = max(cell.y0 + minHeight, ink.y0 - r.px(3))
            return VisualCandidate(
                box: Box(x0: cell.x0, y0: cell.y0, x1: cell.x1, y1: bottom), shape: .box, confidence: 0.6, cell: cell)
        }
        let after = cell.x1 - ink.x1
        if after >= r.px(30), Double(after) >= 0.3 * Double(cell.width), cell.height >= minHeight {
            // A one-line caption against the top or bottom of a tall cell ("$" on the bottom line of an amount
            // column): the writing goes on the caption's line, not over the whole cell.
            var y0 = cell.y0, y1 = cell.y1
            let line = max(ink.height + r.px(4), r.px(12))
            let lopsided = abs((ink.y0 - cell.y0) - (cell.y1 - ink.y1)) > cell.height * 3 / 10
            if ink.height <= r.px(12), lopsided, Double(cell.height) > 1.3 * Double(line) {
                y0 = max(cell.y0, ink.midY - line / 2)
                y1 = min(cell.y1, y0 + line)
            }
            return VisualCandidate(
                box: Box(x0: ink.x1 + r.px(2), y0: y0, x1: cell.x1, y1: y1), shape: .box, confidence: 0.6, cell: cell)
        }
        return nil
    }

    /// The columns where a dotted or dashed upright divides `cell` (the parts of an ID number in a table's
    /// cell, `123 ⋮ 45 ⋮ 6789`): down the column, at least three separate runs of ink spread over two fifths of the
    /// cell's height or more and inking at most four fifths of it, and bare paper two pixels to each side, as no
    /// letter's stroke has.
    private func dottedDividers(in cell: Box) -> [Int] {
        let r = raster
        let y0 = cell.y0 + 1, y1 = cell.y1 - 1
        guard y1 - y0 >= r.px(6), cell.width >= r.px(24) else { return [] }
        // Dots are small: anti-aliasing or a scanner's blur leaves them paler than strokes.
        let threshold = hasTextLayer ? Self.paleRulingThreshold.render : Self.paleRulingThreshold.scan
        func isInk(_ x: Int, _ y: Int) -> Bool { x >= 0 && x < r.width && r.gray[y * r.width + x] < threshold }
        func inked(_ x: Int) -> Int { (y0..<y1).count { isInk(x, $0) } }
        var columns: [Int] = []
        for x in (cell.x0 + r.px(4))..<max(cell.x0 + r.px(4), cell.x1 - r.px(4)) {
            let count = inked(x)
            guard count >= 3, 5 * count <= 4 * (y1 - y0) else { continue }
            var runs = 0, inside = false, first = y1, last = y0
            for y in y0..<y1 {
                let ink = isInk(x, y)
                if ink && !inside { runs += 1 }
                if ink { first = min(first, y); last = y }
                inside = ink
            }
            guard runs >= 3, 5 * (last + 1 - first) >= 2 * (y1 - y0) else { continue }
            let side = r.px(1) + 1
            guard 10 * inked(x - side) < y1 - y0, 10 * inked(x + side) < y1 - y0 else { continue }
            if let last = columns.last, x - last <= side { continue }
            columns.append(x)
        }
        return columns
    }

    /// Where one line of writing goes in an empty cell: the whole cell, or, in a cell too tall for one line but
    /// not tall enough for several (an amount column's 24-point rows), its lower part, where the line is written.
    ///
    /// Forms place such a field either over the whole cell or as a one-line widget (about 12 points) on the
    /// cell's bottom; the band is the geometric mean of the two heights, so it overlaps either by more than
    /// half (a 24-point cell: 17 points, IoU 0.71 with both). On 2026-11-26 the IRS 7004 of the interactive
    /// forms went from 14 to 18 of 25 fields found, drawn and scanned; the derived forms kept every score.
    ///
    /// A taller cell whose bottom line a line number marks (`3` printed left of it, on its last line, as tax
    /// forms number the line an amount goes on) takes its one line of writing there.
    private func writingBand(of cell: Box) -> Box {
        let r = raster
        let height = Double(cell.height)
        if height > Self.tallestOneLineCell / r.scale, let number = lineNumber(onLastLineOf: cell) {
            let top = min(cell.y1 - r.px(Self.oneLineWidgetHeight), number.y0 - r.px(2))
            return Box(x0: cell.x0, y0: max(cell.y0, top), x1: cell.x1, y1: cell.y1)
        }
        guard height > Self.tallestOneLineCell / r.scale, height <= FieldTyper.multilineHeight / r.scale else {
            return cell
        }
        let band = Int((height * Self.oneLineWidgetHeight / r.scale).squareRoot().rounded())
        return Box(x0: cell.x0, y0: cell.y1 - band, x1: cell.x1, y1: cell.y1)
    }

    /// The line number printed left of `cell` (up to 100 points, the width of a dollars column before a cents
    /// cell) on its last line, when no other stands beside the cell's upper part: then the cell is one entry,
    /// on the line that number marks.
    private func lineNumber(onLastLineOf cell: Box) -> Box? {
        let r = raster
        let beside = lineNumberBoxes.filter { number in
            number.x1 <= cell.x0 + r.px(2) && number.x1 >= cell.x0 - r.px(100) && number.y1 > cell.y0
                && number.y0 < cell.y1
        }
        let lastLine = beside.filter { $0.y1 <= cell.y1 + r.px(2) && $0.y0 >= cell.y1 - r.px(16) }
        guard let number = lastLine.max(by: { $0.x1 < $1.x1 }), beside.count == lastLine.count else { return nil }
        return number
    }

    /// Height in points above which an empty cell holds more than one line's height of room.
    static let tallestOneLineCell = 19.0
    /// Height in points of a one-line text widget on a typical form.
    static let oneLineWidgetHeight = 12.0

    /// True for ink of a rounded or cut corner of `cell` (one `closingCorners` closed): within 12 points of
    /// that corner of the cell and touching the cell's side there. It is the box's outline, not its contents.
    private func isCornerPiece(_ blob: Box, of cell: Box, roundedCorners: [Box]) -> Bool {
        let reach = raster.px(12)
        for (x, y) in [(cell.x0, cell.y0), (cell.x1, cell.y0), (cell.x0, cell.y1), (cell.x1, cell.y1)] {
            let zone = Box(x0: x - reach, y0: y - reach, x1: x + reach, y1: y + reach)
            guard zone.contains(blob), roundedCorners.contains(where: { zone.intersectionArea($0) > 0 }) else {
                continue
            }
            if abs(blob.x0 - x) <= 1 || abs(blob.x1 - x) <= 1 { return true }
            if abs(blob.y0 - y) <= 1 || abs(blob.y1 - y) <= 1 { return true }
        }
        return false
    }

    // MARK: Combs

    /// Rows of equal, touching, small cells (one character each): a comb field. A divider too pale or fine to
    /// survive the ink threshold joins two or three cells into one twice or three times as wide, so a cell whose
    /// width is a whole multiple of its neighbour's continues the row and counts for that many characters; at
    /// least three cells must be of the row's pitch, as in a comb, unlike a table's row of unequal cells (a tax
    /// form's dollars and cents).
    private func findCombs(_ cells: [Box]) -> ([VisualCandidate], Set<Box>) {
        let r = raster
        let small = cells.filter { $0.height <= r.px(40) && $0.width <= 3 * r.px(30) }
        let slack = r.px(2)
        // Widths are compared with a divider added: two cells and the divider between them make one double cell.
        let divider = r.px(2)
        func multiple(_ a: Box, of b: Box) -> Int? {
            let ratio = Double(max(a.width, b.width) + divider) / Double(max(1, min(a.width, b.width) + divider))
            let whole = ratio.rounded()
            guard whole <= 3, abs(ratio - whole) <= (whole == 1 ? 0.25 : 0.15) else { return nil }
            if whole == 1 { return abs(a.width - b.width) <= max(slack, b.width / 5) ? 1 : nil }
            return Int(whole)
        }
        var rows: [[Box]] = []
        for cell in small.sorted(by: { ($0.y0, $0.x0) < ($1.y0, $1.x0) }) {
            if let index = rows.firstIndex(where: { row in
                guard let last = row.last else { return false }
                return abs(last.y0 - cell.y0) <= slack && abs(last.y1 - cell.y1) <= slack && cell.x0 - last.x1 <= r.px(3)
                    && cell.x0 >= last.x1 - slack && multiple(cell, of: last) != nil
            }) {
                rows[index].append(cell)
            } else {
                rows.append([cell])
            }
        }
        var combs: [VisualCandidate] = []
        var members = Set<Box>()
        // A pair of cells is too common in tables to be a comb alone; beside another comb part on the same line
        // (`MM-DD-YYYY`, `123-45-6789`: a date's or an ID's parts drawn as cells, split by dashes or slashes)
        // it is one part of it.
        let pairs = rows.filter { $0.count == 2 && multiple($0[0], of: $0[1]) == 1 }
        func isPart(_ row: [Box]) -> Bool { row.count >= 3 || pairs.contains(row) }
        func hasPartBeside(_ row: [Box]) -> Bool {
            guard let first = row.first, let last = row.last else { return false }
            let pitch = first.width
            return rows.contains { other in
                guard other != row, isPart(other), let otherFirst = other.first, let otherLast = other.last else {
                    return false
                }
                let sameLine = abs(otherFirst.y0 - first.y0) <= slack && abs(otherFirst.y1 - first.y1) <= slack
                let gap = max(otherFirst.x0 - last.x1, first.x0 - otherLast.x1)
                return sameLine && gap > r.px(3) && gap <= 3 * pitch
            }
        }
        for row in rows {
            guard let pitchCell = row.min(by: { $0.width < $1.width }) else { continue }
            let pitch = pitchCell.width
            guard pitch <= r.px(30), pitch <= pitchCell.height * 2 else { continue }
            let slots = row.map { Int((Double($0.width + divider) / Double(max(1, pitch + divider))).rounded()) }
            guard slots.count(where: { $0 == 1 }) >= 3 || (pairs.contains(row) && hasPartBeside(row)) else { continue }
            let box = row.dropFirst().reduce(row[0]) { $0.union($1) }
            combs.append(
                VisualCandidate(box: box, shape: .comb, confidence: 0.8, maxLength: slots.reduce(0, +), cell: box))
            members.formUnion(row)
        }
        return (combs, members)
    }

    // MARK: Check boxes

    /// Small squares (hollow, ticked or filled) and circles (hollow, dotted, or solid as large as a radio)
    /// standing on their own.
    private func findCheckboxes(in r: InkRaster) throws -> [Box] {
        let image = try Image(width: r.width, height: r.height, format: .gray8, pixels: r.ink.map { $0 != 0 ? 0 : 255 })
        let components = try image.thresholded(below: 128).connectedComponents(eightConnected: true)
        // Up to 20 points: 18-point boxes and rings (a common widget size) render a little larger.
        let minSide = r.px(6), maxSide = r.px(20)
        var found: [Box] = []
        var squares = Set<Box>()
        for c in components {
            guard c.width >= minSide, c.height >= minSide, c.width <= maxSide, c.height <= maxSide else { continue }
            // Tax forms draw their check boxes as flat rectangles; rings are round.
            let aspect = Double(c.width) / Double(c.height)
            guard aspect > 0.65, aspect < 1.6 else { continue }
            let box = Box(x0: c.x, y0: c.y, x1: c.maxX, y1: c.maxY)
            let round = aspect > 0.8 && aspect < 1.25
            if isSquareOutline(box, in: r) {
                squares.insert(box)
                found.append(box)
            } else if round && isCircleOutline(box, in: r) {
                found.append(box)
            }
        }
        // A solid square in a corner of the page (within an inch of two edges) is a registration mark printed
        // for scanners to align the page by, not a checked box.
        let inch = r.px(72)
        func isRegistrationMark(_ box: Box) -> Bool {
            let nearSide = box.x0 < inch || box.x1 > r.width - inch
            let nearEnd = box.y0 < inch || box.y1 > r.height - inch
            return nearSide && nearEnd && r.inkFraction(box) > 0.9
        }
        // Glyph-like neighbours close by at the same height mean a letter (an "O" inside a word); on born-digital
        // pages the text layer says outright where the letters are. Some PDFs give a word a box that reaches back
        // over the check box in front of it: paper between the word box's start and the shape gives that away.
        // Letters that are not in the text layer (text drawn as paths, or inside annotation appearances) are
        // letters all the same: ink right beside the shape that no text-layer word accounts for is a word's.
        return found.filter { box in
            if isRegistrationMark(box) { return false }
            if isInsideWord(box, isSquare: squares.contains(box), in: r) {
                let reach = max(2, box.height * 3 / 10) + 1
                let beside = Box(x0: box.x0 - reach, y0: box.y0, x1: box.x1 + reach, y1: box.y1)
                if !hasTextLayer || !letterBoxes.contains(where: { $0.intersectionArea(beside) > 0 }) { return false }
            }
            return !letterBoxes.contains { word in
                guard Double(word.intersectionArea(box)) > 0.3 * Double(box.area) else { return false }
                let lead = Box(x0: word.x0, y0: max(word.y0, box.y0), x1: box.x0 - 1, y1: min(word.y1, box.y1))
                return lead.width < r.px(3) || r.inkFraction(lead) > 0
            }
        }
    }

    /// True when a good part (over 40%) of the ink of the shape's rim (its outer quarter) is ink only at the
    /// lenient threshold; dark glyphs have nearly all their rim dark.
    private func hasPaleOutline(_ b: Box, faint: InkRaster) -> Bool {
        let r = raster
        let rim = max(1, min(b.width, b.height) / 4)
        var faintInk = 0, darkInk = 0
        for y in b.y0..<b.y1 {
            for x in b.x0..<b.x1 where x - b.x0 < rim || b.x1 - 1 - x < rim || y - b.y0 < rim || b.y1 - 1 - y < rim {
                guard faint.isInk(x, y) else { continue }
                faintInk += 1
                if r.isInk(x, y) { darkInk += 1 }
            }
        }
        return faintInk > 0 && Double(darkInk) < 0.6 * Double(faintInk)
    }

    /// Four straight ink edges, each at least 90% inked within its first few pixels inwards (whatever is inside:
    /// paper, a tick, a fill).
    private func isSquareOutline(_ b: Box, in r: InkRaster) -> Bool {
        let t = max(1, b.width / 7)
        func covered(_ along: Range<Int>, _ inked: (Int) -> Bool) -> Bool {
            Double(along.filter(inked).count) >= 0.9 * Double(along.count)
        }
        let xs = (b.x0 + 1)..<(b.x1 - 1), ys = (b.y0 + 1)..<(b.y1 - 1)
        let top = covered(xs) { x in (0..<t).contains { r.isInk(x, b.y0 + $0) } }
        let bottom = covered(xs) { x in (0..<t).contains { r.isInk(x, b.y1 - 1 - $0) } }
        let left = covered(ys) { y in (0..<t).contains { r.isInk(b.x0 + $0, y) } }
        let right = covered(ys) { y in (0..<t).contains { r.isInk(b.x1 - 1 - $0, y) } }
        return top && bottom && left && right
    }

    private func isCircleOutline(_ b: Box, in r: InkRaster) -> Bool {
        let cx = Double(b.x0 + b.x1 - 1) / 2, cy = Double(b.y0 + b.y1 - 1) / 2
        let radius = Double(min(b.width, b.height) - 1) / 2
        guard radius >= 2.5 else { return false }
        var onRing = 0, samples = 0
        for step in 0..<32 {
            let angle = Double(step) * .pi / 16
            let x = Int((cx + radius * cos(angle)).rounded()), y = Int((cy + radius * sin(angle)).rounded())
            samples += 1
            if r.isInk(x, y) || r.isInk(x + 1, y) || r.isInk(x - 1, y) || r.isInk(x, y + 1) || r.isInk(x, y - 1) {
                onRing += 1
            }
        }
        // Corners of the bounding box are paper on a circle.
        let corners = [(b.x0, b.y0), (b.x1 - 1, b.y0), (b.x0, b.y1 - 1), (b.x1 - 1, b.y1 - 1)].filter { r.isInk($0.0, $0.1) }
        // Between ring and centre there is paper (hollow), except for a filled dot of a chosen radio.
        func inkAround(_ fraction: Double) -> Int {
            let inner = Int((radius * fraction).rounded())
            let probes = [(Int(cx) + inner, Int(cy)), (Int(cx) - inner, Int(cy)), (Int(cx), Int(cy) + inner), (Int(cx), Int(cy) - inner)]
            return probes.filter { r.isInk($0.0, $0.1) }.count
        }
        // The dot of a chosen radio (a disc round the centre) can reach past the first probe: then paper a
        // little further out will do.
        let dotted = r.isInk(Int(cx), Int(cy)) && inkAround(0.3) == 4
        let hollow = inkAround(0.55) <= 1 || (dotted && (inkAround(0.7) <= 1 || inkAround(0.8) <= 1))
        // A radio drawn with a dark background is a solid disc: as large as a radio, larger than a bullet.
        let solid = min(b.width, b.height) >= r.px(9) && dotted && inkAround(0.55) == 4 && inkAround(0.8) == 4
        return onRing >= 29 && corners.isEmpty && (hollow || solid)
    }

    /// Ink right next to the shape on either side, anywhere along its height (the arm of an "r" before an "o"
    /// touches only its top), as letters of a word have. Not a radio's caption set after it: text apart from
    /// the shape by a sixth of its height or more, smaller than it and centred on it (paper above and below
    /// the text within the shape's height). A letter's neighbours stand closer, share its baseline or reach
    /// past its top or bottom. A square's caption may stand closer, when its letters are at most three
    /// quarters of the square's height: a square among letters (a CJK 口) is as tall as they are.
    private func isInsideWord(_ b: Box, isSquare: Bool, in r: InkRaster) -> Bool {
        let reach = max(2, b.height * 3 / 10)
        let margin = max(2, b.height / 8), apart = max(2, b.height / 6)
        func hasLetter(from x0: Int, to x1: Int, close: Box) -> Bool {
            guard r.inkFraction(Box(x0: x0, y0: b.y0 + 1, x1: x1, y1: b.y1 - 1)) > 0.02 else { return false }
            guard b.height >= r.px(8) else { return true }
            let isClose = r.inkFraction(close) > 0
            if isClose && !isSquare { return true }
            let lower = max(0, x0), columns = lower..<max(lower, min(r.width, x1))
            // The extent of the strokes beside the shape: runs of ink down each column that reach into its rows
            // (a line of small print just under a caption is not part of it).
            var top = Int.max, bottom = Int.min
            let rows = max(0, b.y0 - b.height / 2)..<min(r.height, b.y1 + b.height / 2)
            for x in columns {
                var y = rows.lowerBound
                while y < rows.upperBound {
                    guard r.isInk(x, y) else {
                        y += 1
                        continue
                    }
                    var end = y
                    while end + 1 < rows.upperBound, r.isInk(x, end + 1) { end += 1 }
                    if end >= b.y0 && y < b.y1 {
                        top = min(top, y)
                        bottom = max(bottom, end)
                    }
                    y = end + 1
                }
            }
            let within = top >= b.y0 + margin && bottom <= b.y1 - 1 - margin
            return !within || (isClose && 4 * (bottom - top + 1) > 3 * b.height)
        }
        return hasLetter(
            from: b.x0 - reach - 1, to: b.x0 - 1, close: Box(x0: b.x0 - apart, y0: b.y0, x1: b.x0, y1: b.y1))
            || hasLetter(
                from: b.x1 + 1, to: b.x1 + reach + 1, close: Box(x0: b.x1, y0: b.y0, x1: b.x1 + apart, y1: b.y1))
    }

    // MARK: Underlines

    /// The fill-in lines of the text layer that no box already covers. A line that runs into a box or cell on
    /// its own line (within 24 points) leads the eye to that box, where the value goes; it is not a field.
    ///
    /// A cell covers a line only when the line is what it holds: a cell more than two and a half of the line's
    /// heights tall is a frame drawn round a group of captions and lines (a form's section), and each line in
    /// it is a field of its own.
    private func typedLeaders(cells: [Box], taken: [VisualCandidate]) -> [VisualCandidate] {
        let r = raster
        let boxes = cells + taken.map(\.box)
        return leaderBoxes.compactMap { leader in
            let covering = cells.filter { 2 * $0.height <= 5 * leader.height } + taken.map(\.box)
            if covering.contains(where: { $0.iou(leader) > 0.3 || $0.contains(leader, slack: r.px(2)) }) { return nil }
            let leadsToBox = boxes.contains { box in
                let sharedHeight = min(box.y1, leader.y1) - max(box.y0, leader.y0)
                return box.x0 >= leader.x1 - r.px(2) && box.x0 - leader.x1 <= r.px(24)
                    && sharedHeight * 2 >= min(box.height, leader.height)
            }
            if leadsToBox { return nil }
            // One writes on a typed line as on a drawn one: the room is all the paper above it, up to the
            // print of the line above, and at least the line's own height.
            let reach = 2 * leader.height
            var top = leader.y0
            while top > max(0, leader.y1 - reach),
                r.inkFraction(Box(x0: leader.x0, y0: top - 1, x1: leader.x1, y1: top)) == 0
            {
                top -= 1
            }
            let box = Box(x0: leader.x0, y0: top, x1: leader.x1, y1: leader.y1)
            return VisualCandidate(box: box, shape: .underline, confidence: 0.6)
        }
    }

    /// The room above rulings that are not box edges: "Name ________" and signature lines.
    /// - Parameter dotted: Lines of dots (``dottedRulings(blobs:)``) that lead to no box: fill-in lines even across
    ///   the page.
    private func underlines(
        _ solid: [Segment], dotted: [Segment], posts: [Segment], cells: [Box], blobs: [Box], taken: [VisualCandidate]
    ) -> [VisualCandidate] {
        let r = raster
        let rulings = solid + dotted
        let dottedBoxes = Set(dotted.map(\.box))
        let entries = solid.map(\.box) + cells
        // Lines as short as 18 points take two-letter entries (a state code).
        let minUnderline = 18.0
        let edgeSlack = r.px(3)
        let maxHeight = r.px(15), minHeight = r.px(8)
        var fields: [VisualCandidate] = []
        // A field another rule found already (a box, a typed leader) is not found again on its ruling.
        func isTaken(_ field: Box) -> Bool {
            taken.contains { $0.box.iou(field) > 0.3 || $0.box.contains(field, slack: 2) }
        }
        for line in rulings {
            let b = line.box
            let isCents = b.width < r.px(60) && isCentsLine(b, blobs: blobs, entries: entries)
            guard b.width >= r.px(minUnderline) || (b.width >= r.px(10) && isCents), !r.isShaded(b) else { continue }
            // Printer's marks (crop marks, registration targets) stand in the bleed: a line reaching the page's
            // side or within 12 points of its top or bottom is not one to write on.
            if b.x0 <= r.px(2) || b.x1 >= r.width - r.px(2) || b.y0 < r.px(12) || b.y1 > r.height - r.px(12) {
                continue
            }
            // A line across most of the page is a separator, unless captions stand on it with room between them,
            // or it is dotted: a line of dots is drawn to write on ("Nom ou dénomination : ........"); rules that
            // part sections are solid or dashed.
            let isPageWide = Double(b.width) >= 0.8 * Double(r.width) && !dottedBoxes.contains(b)
            // A short stroke meeting an upright at one end is a corner (crop marks, brackets), not a line.
            if b.width < r.px(30), posts.contains(where: { v in
                v.box.y0 <= b.y1 + edgeSlack && v.box.y1 >= b.y0 - edgeSlack
                    && (abs(v.box.x0 - b.x0) <= edgeSlack || abs(v.box.x1 - b.x1) <= edgeSlack)
            }) {
                continue
            }
            // The top edge of a filled shape (a button, a dark panel) has ink, not paper, right below it.
            if r.inkFraction(Box(x0: b.x0, y0: b.y1, x1: b.x1, y1: b.y1 + r.px(2))) > 0.5 { continue }
            // A stroke inside a word of the text layer is part of its lettering (a heading's bar, a strike-through).
            if letterBoxes.contains(where: { $0.contains(b, slack: 1) }) { continue }
            // A short straight stretch of a curve (a banner's ribbon) is not a line to write on; the decimal point
            // before cents is no bend.
            if b.width < r.px(60), !isCents, continuesAsCurve(b) { continue }
            // Part of a box edge?
            let edgeOverlap = cells.reduce(0) { sum, cell in
                let nearTop = abs(cell.y0 - b.y1) <= edgeSlack, nearBottom = abs(cell.y1 - b.y0) <= edgeSlack
                guard nearTop || nearBottom else { return sum }
                return sum + max(0, min(cell.x1, b.x1) - max(cell.x0, b.x0))
            }
            if Double(edgeOverlap) > 0.3 * Double(b.width) { continue }
            // Room above: up to the next ruling or cell above, at most maxHeight.
            var top = b.y0 - maxHeight
            for other in rulings where other != line && other.box.y1 <= b.y0 {
                let overlap = min(other.box.x1, b.x1) - max(other.box.x0, b.x0)
                if Double(overlap) > 0.5 * Double(b.width), other.box.y1 > top { top = other.box.y1 + 1 }
            }
            guard b.y0 - top >= minHeight else { continue }
            if let comb = tickComb(on: b) {
                let field = Box(x0: comb.x0, y0: min(top, comb.top), x1: comb.x1, y1: b.y0)
                if !isTaken(field) {
                    fields.append(VisualCandidate(box: field, shape: .comb, confidence: 0.7, maxLength: comb.cells))
                }
                continue
            }
            // A ruling under a paragraph (text across most of the room) is a separator, not a field.
            let band = Box(x0: b.x0, y0: b.y0 - r.px(10), x1: b.x1, y1: b.y0 - 1)
            let covered = columnsWithInk(band)
            if covered > 0.6 { continue }
            // Several captions standing on one ruling ("Name: ____ Middle initial: ____ Last name: ____") hold
            // one field in each room after one of them. Only where the text layer shows the captions end in a
            // colon: text and rooms on one line are just as often a heading and a note over a section rule.
            let rooms = roomsBetweenCaptions(on: band).filter { room in
                captionEndBoxes.contains { word in
                    abs(word.x1 - room.x0) <= r.px(4) && word.y1 >= band.y0 && word.y0 <= band.y1
                }
            }
            if rooms.count >= 2 || (isPageWide && !rooms.isEmpty) {
                for room in rooms {
                    let field = Box(x0: room.x0, y0: top, x1: room.x1, y1: b.y0)
                    if isTaken(field) { continue }
                    fields.append(VisualCandidate(box: field, shape: .underline, confidence: 0.6))
                }
                continue
            }
            if isPageWide { continue }
            // A caption standing on the start of the line ("$", "Name") is not part of the room to write in; a
            // caption leaves room for an entry, so with less than 30 points left the ink is an entry on a short
            // line ("Jr") and the whole line is the field.
            var start = captionEnd(band)
            if b.x1 - start < r.px(30) { start = b.x0 }
            let field = Box(x0: start, y0: top, x1: b.x1, y1: b.y0)
            if isTaken(field) { continue }
            // One ruling with several captions under it ("AGE    HEIGHT    WEIGHT") holds one field per caption,
            // each from its caption's start to the next.
            let starts = captionStarts(under: b, from: start)
            for (index, x0) in starts.enumerated() {
                let x1 = index + 1 < starts.count ? starts[index + 1] - r.px(2) : b.x1
                fields.append(
                    VisualCandidate(box: Box(x0: x0, y0: top, x1: x1, y1: b.y0), shape: .underline, confidence: 0.6))
            }
        }
        return fields
    }

    /// True when `line`, too short for a word, is the cents of an amount (`[ dollars ] . __`, as tax and
    /// accounting forms draw it): a decimal point stands on the baseline right before it, and an entry (one of
    /// `entries`, the page's cells and rulings) ends right before the point.
    private func isCentsLine(_ line: Box, blobs: [Box], entries: [Box]) -> Bool {
        let r = raster
        let maxDot = r.px(3)
        guard let point = blobs.first(where: { dot in
            dot.width <= maxDot && dot.height <= maxDot && dot.x1 <= line.x0 + 1 && line.x0 - dot.x1 <= r.px(5)
                && dot.y1 <= line.y1 + 1 && line.y0 - dot.y1 <= r.px(3)
        }) else { return false }
        return entries.contains { entry in
            (0...r.px(6)).contains(point.x0 - entry.x1) && abs(entry.y1 - line.y1) <= r.px(4)
        }
    }

    /// A comb drawn as tick marks standing on a baseline (`|_|_|_|_|`, for ID numbers and dates): at least four
    /// upright ticks 3 to 20 points high, evenly spaced (each gap within a sixth of the median, 6 to 30 points),
    /// with bare paper between them, spanning at least 80% of the ruling. Letters standing on a line have strokes
    /// too, but never with empty paper between each pair.
    /// - Returns: the comb's left and right ticks, the top of the ticks, and its number of cells; nil otherwise.
    private func tickComb(on b: Box) -> (x0: Int, x1: Int, top: Int, cells: Int)? {
        let r = raster
        let above = b.y0 - 1
        guard above > 0 else { return nil }
        var ticks: [(x0: Int, x1: Int, top: Int)] = []
        // A tick at an end of the line may stand just past the end of the ruling's own ink.
        for x in max(0, b.x0 - r.px(2))..<min(r.width, b.x1 + r.px(2)) {
            var y = above
            while y >= 0, r.isInk(x, y), above - y < r.px(21) { y -= 1 }
            let height = above - y
            guard height >= r.px(3), height <= r.px(20) else { continue }
            if let last = ticks.last, x - last.x1 <= 1 {
                ticks[ticks.count - 1] = (last.x0, x + 1, min(last.top, y + 1))
            } else {
                ticks.append((x, x + 1, y + 1))
            }
        }
        guard ticks.count >= 4 else { return nil }
        let centres = ticks.map { ($0.x0 + $0.x1) / 2 }
        let gaps = zip(centres, centres.dropFirst()).map { $1 - $0 }.sorted()
        let median = gaps[gaps.count / 2]
        guard median >= r.px(6), median <= r.px(30),
            zip(centres, centres.dropFirst()).allSatisfy({ abs(($1 - $0) - median) * 6 <= median })
        else { return nil }
        let top = ticks.map(\.top).min() ?? above
        for (left, right) in zip(ticks, ticks.dropFirst()) {
            let inside = Box(x0: left.x1 + 1, y0: top, x1: right.x0 - 1, y1: above)
            if inside.width > 0, r.inkFraction(inside) > 0 { return nil }
        }
        guard let first = ticks.first, let last = ticks.last, 5 * (last.x1 - first.x0) >= 4 * b.width else {
            return nil
        }
        return (first.x0, last.x1, top, ticks.count - 1)
    }

    /// The rooms to write in on a ruling with captions standing on it, given the band just above the ruling: the
    /// stretches at least 30 points wide between runs of ink (words of one caption, gaps under 6 points, joined),
    /// each kept 2 points clear of the captions. Empty unless at least one caption stands on the ruling.
    private func roomsBetweenCaptions(on band: Box) -> [(x0: Int, x1: Int)] {
        let r = raster
        let groups = captionRuns(in: band)
        guard !groups.isEmpty else { return [] }
        let clear = r.px(2)
        let edges = [band.x0] + groups.flatMap { [$0.x0, $0.x1] } + [band.x1]
        var rooms: [(x0: Int, x1: Int)] = []
        for index in stride(from: 0, to: edges.count, by: 2) {
            let x0 = index == 0 ? edges[index] : edges[index] + clear
            let x1 = index + 2 == edges.count ? edges[index + 1] : edges[index + 1] - clear
            if x1 - x0 >= r.px(30) { rooms.append((x0, x1)) }
        }
        return rooms
    }

    /// The runs of ink columns across `band` (a strip beside a ruling), the words of one caption (gaps under 6
    /// points) joined into one run.
    private func captionRuns(in band: Box) -> [(x0: Int, x1: Int)] {
        let r = raster
        var runs: [(x0: Int, x1: Int)] = []
        let lower = max(0, band.x0), upper = min(r.width, band.x1)
        guard upper > lower else { return [] }
        for x in lower..<upper where r.columnHasInk(x, from: band.y0, to: band.y1) {
            if let last = runs.last, x - last.x1 < r.px(6) {
                runs[runs.count - 1].x1 = x + 1
            } else {
                runs.append((x, x + 1))
            }
        }
        return runs
    }

    /// Where the fields on a ruling start, by the captions printed just under it: `start` alone, unless two or
    /// more captions stand under the ruling, the first at its start and each at least 20 points after the
    /// previous one ends; then each caption's left edge after the first.
    private func captionStarts(under ruling: Box, from start: Int) -> [Int] {
        let r = raster
        let band = Box(x0: start, y0: ruling.y1 + 1, x1: ruling.x1, y1: min(r.height, ruling.y1 + r.px(10)))
        guard band.height >= r.px(4), band.width > 0 else { return [start] }
        let groups = captionRuns(in: band)
        guard groups.count >= 2, groups[0].x0 - start <= r.px(6),
            !zip(groups, groups.dropFirst()).contains(where: { $1.x0 - $0.x1 < r.px(20) })
        else { return [start] }
        // Each piece must leave room to write: at least 30 points.
        let starts = [start] + groups.dropFirst().map(\.x0)
        let ends = starts.dropFirst() + [ruling.x1]
        guard zip(starts, ends).allSatisfy({ $1 - $0 >= r.px(30) }) else { return [start] }
        return starts
    }

    /// True when ink carries on past an end of a ruling a little above or below it, as the straight stretch of
    /// a curve (a banner's ribbon, a flourish) does; a ruled line ends in paper or in an upright. A character of
    /// the text layer there (the arrow of `▶ ____`) is print beside the line, not a bend of it.
    private func continuesAsCurve(_ b: Box) -> Bool {
        let r = raster
        let reach = r.px(3), rise = max(2, b.height + r.px(2))
        for x in [b.x0 - reach - 1, b.x1 + 1] {
            let beyond = Box(x0: x, y0: b.y0 - rise, x1: x + reach, y1: b.y1 + rise)
            guard r.inkFraction(beyond) > 0 else { continue }
            if letterBoxes.contains(where: { $0.intersectionArea(beyond) > 0 }) { continue }
            // An upright through the end runs well past the ruling's thickness both ways.
            let above = Box(x0: x, y0: b.y0 - r.px(6), x1: x + reach, y1: b.y0 - rise)
            let below = Box(x0: x, y0: b.y1 + rise, x1: x + reach, y1: b.y1 + r.px(6))
            if r.inkFraction(above) > 0 && r.inkFraction(below) > 0 { continue }
            // Ink level with the ruling itself is a gap in a dashed or broken line, not a bend.
            let level = Box(x0: x, y0: b.y0, x1: x + reach, y1: b.y1)
            if r.inkFraction(level) > 0 { continue }
            return true
        }
        return false
    }

    /// Lines of short dashes or dots ("_ _ _ _", spaced underscores, IRS-style dotted lines to write on): at
    /// least four thin dashes on one baseline, evenly spaced with small gaps, 30 points long or more, joined into
    /// one ruling. Dashes may differ in length up to three times: rendered at 100 dpi a fine dotted line's dots
    /// run together here and there into longer pieces. A dash stands alone: paper just above and below it, where
    /// the horizontal strokes of letters join the rest of the glyph.
    private func dashedRulings() -> [Segment] {
        let r = raster
        func isolated(_ dash: Box) -> Bool {
            for y in [dash.y0 - 1, dash.y1] {
                let inked = (dash.x0..<dash.x1).filter { r.isInk($0, y) }.count
                if inked * 10 > dash.width { return false }
            }
            return true
        }
        // Dots from 1.4 points, and never under 3 pixels: at 100 dpi 2-pixel pieces are mostly the strokes of
        // letters, and took born-digital detection from 55 to 70 ms a page for nothing found.
        let dashes = r.segments(horizontal: true, minLength: max(3, r.px(1.4)), maxThickness: r.px(2))
            .map(\.box).filter { $0.width < r.px(14) && isolated($0) }.sorted { ($0.y0, $0.x0) < ($1.y0, $1.x0) }
        return evenlySpacedLines(
            of: dashes, slack: 1, minGap: max(1, r.px(0.8)), maxGap: r.px(5), minCount: 4,
            alike: { $0.width <= $1.width * 3 && $1.width <= $0.width * 3 })
    }

    /// Lines of dots to write on, found among the ink blobs: six or more dots no larger than 2.5 points either
    /// way, their bottoms on one baseline (within a pixel), evenly spaced (gaps of 0.5 to 5 points, each within half
    /// the first gap or two pixels), 30 points long or more. Taken as blobs, a scan's rounded dots count as well as
    /// a render's square ones, which the dash finder (``dashedRulings()``) splits into rows.
    private func dottedRulings(blobs: [Box]) -> [Segment] {
        let r = raster
        let largest = max(2, r.px(2.5))
        let dots = blobs.filter { $0.width <= largest && $0.height <= largest && $0.width >= 2 && $0.height >= 2 }
            .sorted { ($0.x0, $0.y1) < ($1.x0, $1.y1) }
        return evenlySpacedLines(of: dots, slack: 1, minGap: max(1, r.px(0.5)), maxGap: r.px(5), minCount: 6)
    }

    /// Lines made of pieces (dashes or dots) on one baseline: each next piece within `slack` pixels of the line's
    /// baseline, after a gap of `minGap` to `maxGap` pixels within half the line's first gap (or two pixels), and
    /// `alike` the piece before it; at least `minCount` pieces over 30 points or more. `pieces` come in reading
    /// order along each baseline.
    private func evenlySpacedLines(
        of pieces: [Box], slack: Int, minGap: Int, maxGap: Int, minCount: Int,
        alike: (Box, Box) -> Bool = { _, _ in true }
    ) -> [Segment] {
        var rows: [[Box]] = []
        var open: [Int: Int] = [:]  // baseline row (y1) -> index in rows of the line still growing
        for piece in pieces {
            var joined = false
            for y1 in (piece.y1 - slack)...(piece.y1 + slack) {
                guard let index = open[y1], let last = rows[index].last else { continue }
                let gap = piece.x0 - last.x1
                let firstGap = rows[index].count > 1 ? rows[index][1].x0 - rows[index][0].x1 : gap
                if gap >= minGap, gap <= maxGap, alike(piece, last), abs(gap - firstGap) <= max(2, firstGap / 2) {
                    rows[index].append(piece)
                    open[y1] = nil
                    open[piece.y1] = index
                    joined = true
                    break
                }
            }
            if !joined {
                rows.append([piece])
                open[piece.y1] = rows.count - 1
            }
        }
        return rows.compactMap { row in
            guard row.count >= minCount, let first = row.first, let last = row.last,
                last.x1 - first.x0 >= raster.px(30)
            else { return nil }
            return Segment(box: row.dropFirst().reduce(first) { $0.union($1) }, horizontal: true)
        }
    }

    /// True when a line of dots runs into one of `boxes` (boxes, cells, rulings) on its own line: it leads the eye
    /// to that box, where the value goes. Within 60 points, as leader dots often end at a line number printed
    /// before the box ("Total ........ 21. [    ]").
    private func leadsToBox(_ line: Box, boxes: [Box]) -> Bool {
        let r = raster
        return boxes.contains { box in
            box.x0 >= line.x1 - r.px(2) && box.x0 - line.x1 <= r.px(60) && box.y0 <= line.y1 && box.y1 >= line.y0
        }
    }

    /// The left edge of the room on a ruling: after ink that starts at its left end and is followed by a gap
    /// of at least 4 points; the ruling's start otherwise.
    private func captionEnd(_ band: Box) -> Int {
        let r = raster
        func columnHasInk(_ x: Int) -> Bool { r.columnHasInk(x, from: band.y0, to: band.y1) }
        let x0 = max(0, band.x0), x1 = min(r.width, band.x1)
        guard x1 > x0, (x0..<min(x1, x0 + r.px(3))).contains(where: columnHasInk) else { return band.x0 }
        var lastInk = x0, x = x0
        let gap = r.px(4)
        while x < x1 {
            if columnHasInk(x) { lastInk = x } else if x - lastInk >= gap { return lastInk + 1 }
            x += 1
        }
        return band.x0
    }

    private func columnsWithInk(_ band: Box) -> Double {
        let r = raster
        guard band.width > 0, band.height > 0 else { return 0 }
        let lower = max(0, band.x0)
        let columns = (lower..<max(lower, min(r.width, band.x1))).count(where: {
            r.columnHasInk($0, from: band.y0, to: band.y1)
        })
        return Double(columns) / Double(band.width)
    }
}
