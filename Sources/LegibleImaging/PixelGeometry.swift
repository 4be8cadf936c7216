/// An axis-aligned rectangle in image pixels, origin at the top-left corner, y growing downwards.
public struct PixelRect: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Left edge, in pixels from the image's left side.
    public var x: Int
    /// Top edge, in pixels from the image's top.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a rectangle from its top-left corner and size, all in pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// One past the right-most column.
    public var maxX: Int { x + width }
    /// One past the bottom-most row.
    public var maxY: Int { y + height }
    /// Area in square pixels (0 for an empty rectangle).
    public var area: Int { isEmpty ? 0 : width * height }
    /// True when the rectangle covers no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The overlap of two rectangles, or nil when they do not overlap.
    public func intersection(_ other: PixelRect) -> PixelRect? {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// This rectangle, given in the pixels of an image turned `quarterTurns` x 90 degrees clockwise (as
    /// ``Image/rotated(quarterTurns:)`` turns it), in the pixels of the image before the turn, which is
    /// `width` x `height` pixels.
    public func turnedBack(quarterTurns: Int, width originalWidth: Int, height originalHeight: Int) -> PixelRect {
        switch ((quarterTurns % 4) + 4) % 4 {
        case 1: PixelRect(x: y, y: originalHeight - (x + width), width: height, height: width)
        case 2: PixelRect(x: originalWidth - (x + width), y: originalHeight - (y + height), width: width, height: height)
        case 3: PixelRect(x: originalWidth - (y + height), y: x, width: height, height: width)
        default: self
        }
    }

    /// The smallest rectangle holding both.
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let left = min(x, other.x)
        let top = min(y, other.y)
        return PixelRect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// The rectangle grown by `dx` pixels on the left and right and `dy` on the top and bottom
    /// (negative values shrink it).
    public func insetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// Intersection over union in 0...1: 0 when disjoint, 1 when equal.
    public func intersectionOverUnion(_ other: PixelRect) -> Double {
        guard let overlap = intersection(other) else { return 0 }
        let union = area + other.area - overlap.area
        return union > 0 ? Double(overlap.area) / Double(union) : 0
    }

    public var description: String { "(\(x), \(y), \(width)x\(height))" }
}
