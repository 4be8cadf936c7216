/// An axis-aligned rectangle on a PDF page in points (1/72 inch), origin at the top-left corner of the page as
/// a viewer shows it (the crop box, after the page's rotation), y growing downwards.
public struct PDFRect: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Left edge, points from the left of the page.
    public var x: Double
    /// Top edge, points from the top of the page.
    public var y: Double
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// Creates a rectangle from its top-left corner and size, in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle spanning two corners given in any order, in points.
    public init(x0: Double, y0: Double, x1: Double, y1: Double) {
        self.init(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
    }

    /// Right edge in points.
    public var maxX: Double { x + width }
    /// Bottom edge in points.
    public var maxY: Double { y + height }
    /// Centre, in points.
    public var midX: Double { x + width / 2 }
    /// Centre, in points.
    public var midY: Double { y + height / 2 }
    /// Area in square points (0 when empty).
    public var area: Double { width > 0 && height > 0 ? width * height : 0 }

    /// The overlap of two rectangles, or nil when they do not overlap.
    public func intersection(_ other: PDFRect) -> PDFRect? {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return PDFRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest rectangle holding both.
    public func union(_ other: PDFRect) -> PDFRect {
        let left = min(x, other.x), top = min(y, other.y)
        return PDFRect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// Intersection over union in 0...1.
    public func intersectionOverUnion(_ other: PDFRect) -> Double {
        guard let overlap = intersection(other) else { return 0 }
        let union = area + other.area - overlap.area
        return union > 0 ? overlap.area / union : 0
    }

    /// True when the point lies inside or on the edge.
    public func contains(x px: Double, y py: Double) -> Bool { px >= x && px <= maxX && py >= y && py <= maxY }

    public var description: String {
        func f(_ v: Double) -> String { String(format: "%.2f", v) }
        return "(\(f(x)), \(f(y)), \(f(width))x\(f(height)))"
    }
}
