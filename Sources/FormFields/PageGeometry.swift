/// A rectangle in raster pixels, top-left origin, with inclusive-exclusive edges.
struct Box: Hashable {
    var x0: Int
    var y0: Int
    var x1: Int
    var y1: Int

    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }
    var area: Int { max(0, width) * max(0, height) }
    var midX: Int { (x0 + x1) / 2 }
    var midY: Int { (y0 + y1) / 2 }

    func union(_ other: Box) -> Box {
        Box(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    func intersectionArea(_ other: Box) -> Int {
        let w = min(x1, other.x1) - max(x0, other.x0), h = min(y1, other.y1) - max(y0, other.y0)
        return w > 0 && h > 0 ? w * h : 0
    }

    func iou(_ other: Box) -> Double {
        let overlap = intersectionArea(other)
        let union = area + other.area - overlap
        return union > 0 ? Double(overlap) / Double(union) : 0
    }

    func contains(_ other: Box, slack: Int = 0) -> Bool {
        other.x0 >= x0 - slack && other.y0 >= y0 - slack && other.x1 <= x1 + slack && other.y1 <= y1 + slack
    }

    func containsCenter(of other: Box) -> Bool {
        other.midX >= x0 && other.midX < x1 && other.midY >= y0 && other.midY < y1
    }
}

/// A straight ruling found on the raster: horizontal (`y0..<y1` is its thickness) or vertical.
struct Segment: Hashable {
    var box: Box
    var horizontal: Bool
    var length: Int { horizontal ? box.width : box.height }
}
