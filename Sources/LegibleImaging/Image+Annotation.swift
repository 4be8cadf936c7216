internal import CLeptonica

/// A colour given as 8-bit red, green and blue.
public struct RGBColor: Sendable, Hashable, Codable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    /// Creates a colour.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let black = RGBColor(red: 0, green: 0, blue: 0)
    public static let white = RGBColor(red: 255, green: 255, blue: 255)
    public static let red = RGBColor(red: 220, green: 30, blue: 30)
    public static let green = RGBColor(red: 20, green: 160, blue: 60)
    public static let blue = RGBColor(red: 30, green: 90, blue: 220)
    public static let orange = RGBColor(red: 240, green: 140, blue: 0)
    public static let purple = RGBColor(red: 140, green: 50, blue: 190)
    public static let teal = RGBColor(red: 0, green: 150, blue: 150)
    public static let gray = RGBColor(red: 120, green: 120, blue: 120)

    var word: UInt32 { UInt32(red) << 24 | UInt32(green) << 16 | UInt32(blue) << 8 }
}

/// Something drawn over an image by ``Image/annotated(_:)``: a rectangle outline with an optional label, or a
/// filled panel of text lines.
public struct Annotation: Sendable, Hashable {
    /// How a rectangle's outline is drawn.
    public enum Stroke: Sendable, Hashable {
        case solid
        case dashed
    }

    /// The rectangle, in pixels of the image.
    public var rect: PixelRect
    /// Outline and label colour.
    public var color: RGBColor
    /// Outline style.
    public var stroke: Stroke
    /// Outline width in pixels.
    public var lineWidth: Int
    /// Text written just above the rectangle (inside it when there is no room above). Drawn in printable
    /// ASCII: other scripts are transliterated to Latin letters and accents dropped (see `AnnotationText`).
    public var label: String?
    /// When set, the rectangle is filled with this colour before its outline and text are drawn, and
    /// `lines` are written inside it; the rectangle then grows or shrinks from its top-left corner to fit the
    /// text.
    public var fill: RGBColor?
    /// Text lines written inside a filled rectangle, top to bottom.
    public var lines: [String]

    /// An outlined rectangle with an optional label.
    public static func box(
        _ rect: PixelRect, color: RGBColor, stroke: Stroke = .solid, lineWidth: Int = 2, label: String? = nil
    ) -> Annotation {
        Annotation(rect: rect, color: color, stroke: stroke, lineWidth: lineWidth, label: label, fill: nil, lines: [])
    }

    /// A filled panel with text lines in `color`.
    public static func panel(_ rect: PixelRect, background: RGBColor, color: RGBColor, lines: [String]) -> Annotation {
        Annotation(rect: rect, color: color, stroke: .solid, lineWidth: 1, label: nil, fill: background, lines: lines)
    }
}

extension Image {
    /// A colour copy of the image with the annotations drawn over it, in order.
    ///
    /// - Parameter textSize: Leptonica bitmap-font size: 6, 8, 10, 12, 14, 16, 18 or 20 (others are rounded
    ///   to the nearest of these); glyphs are about 2.5 times that many pixels high.
    /// - Throws: `ImagingError.operationFailed` when memory runs out.
    public func annotated(_ annotations: [Annotation], textSize: Int = 6) throws(ImagingError) -> Image {
        guard let canvas = withPix({ pixConvertTo32($0) }) else {
            throw ImagingError.operationFailed(operation: "annotation")
        }
        let size = [6, 8, 10, 12, 14, 16, 18, 20].min { abs($0 - textSize) < abs($1 - textSize) } ?? 12
        var font = bmfCreate(nil, l_int32(size))
        defer { bmfDestroy(&font) }
        let bounds = self.bounds
        let lineHeight = Int(font?.pointee.lineheight ?? l_int32(size))
        for annotation in annotations {
            var requested = annotation.rect
            if annotation.fill != nil {
                let widest = annotation.lines.map { textWidth($0, font: font) }.max() ?? 0
                requested.width = widest + 8
                requested.height = annotation.lines.count * (lineHeight + 2) + 6
            }
            guard let rect = requested.intersection(bounds) else { continue }
            if let fill = annotation.fill {
                withBox(rect) { box in _ = pixSetInRectArbitrary(canvas, box, fill.word) }
                var baseline = rect.y + 3 + lineHeight * 3 / 4
                for line in annotation.lines {
                    write(line, on: canvas, font: font, x: rect.x + 4, baseline: baseline, color: annotation.color)
                    baseline += lineHeight + 2
                }
            }
            let color = annotation.color
            let width = l_int32(max(1, annotation.lineWidth))
            switch annotation.stroke {
            case .solid:
                withBox(rect) { box in
                    _ = pixRenderBoxArb(canvas, box, width, color.red, color.green, color.blue)
                }
            case .dashed:
                let dash = max(4, annotation.lineWidth * 3)
                for (x1, y1, x2, y2) in [
                    (rect.x, rect.y, rect.maxX - 1, rect.y), (rect.x, rect.maxY - 1, rect.maxX - 1, rect.maxY - 1),
                    (rect.x, rect.y, rect.x, rect.maxY - 1), (rect.maxX - 1, rect.y, rect.maxX - 1, rect.maxY - 1),
                ] {
                    let length = max(abs(x2 - x1), abs(y2 - y1))
                    var start = 0
                    while start < length {
                        let end = min(length, start + dash)
                        let horizontal = y1 == y2
                        _ = pixRenderLineArb(
                            canvas, l_int32(horizontal ? x1 + start : x1), l_int32(horizontal ? y1 : y1 + start),
                            l_int32(horizontal ? x1 + end : x1), l_int32(horizontal ? y1 : y1 + end), width,
                            color.red, color.green, color.blue)
                        start += 2 * dash
                    }
                }
            }
            if let label = annotation.label, !label.isEmpty {
                let baseline = rect.y - 3 >= lineHeight ? rect.y - 3 : rect.y + lineHeight
                write(label, on: canvas, font: font, x: rect.x, baseline: baseline, color: color)
            }
        }
        return Image(owning: canvas)
    }

    private func withBox(_ rect: PixelRect, _ body: (UnsafeMutablePointer<BOX>) -> Void) {
        guard let box = boxCreate(l_int32(rect.x), l_int32(rect.y), l_int32(rect.width), l_int32(rect.height)) else {
            return
        }
        var handle: UnsafeMutablePointer<BOX>? = box
        body(box)
        boxDestroy(&handle)
    }

    private func textWidth(_ text: String, font: UnsafeMutablePointer<L_BMF>?) -> Int {
        guard let font else { return 0 }
        var width: l_int32 = 0
        _ = bmfGetStringWidth(font, AnnotationText.printable(text), &width)
        return Int(width)
    }

    private func write(
        _ text: String, on canvas: UnsafeMutablePointer<PIX>, font: UnsafeMutablePointer<L_BMF>?, x: Int,
        baseline: Int, color: RGBColor
    ) {
        guard let font else { return }
        let ascii = AnnotationText.printable(text)
        var width: l_int32 = 0
        var overflow: l_int32 = 0
        _ = pixSetTextline(canvas, font, ascii, color.word, l_int32(x), l_int32(baseline), &width, &overflow)
    }
}
