import Foundation
public import LegibleImaging

/// Draws what a scan saw over the photo: the lines it read, the chosen serial's box and the top candidates.
public enum SerialScanPreview {
    /// The photo (upright, scaled so its longer side is at most `maximumSize` pixels) with the recognised
    /// lines outlined in dashed blue, the best candidate's box in green, or in red when `expected` is given
    /// and differs, and a panel listing the top three candidates with their confidences.
    ///
    /// - Throws: `ImagingError` when the image cannot be scaled or drawn on.
    public static func render(
        _ image: Image, result: SerialScanResult, expected: String? = nil, maximumSize: Int = 1200
    ) throws(ImagingError) -> Image {
        let scale = min(1, Double(maximumSize) / Double(max(image.width, image.height)))
        let base = try image.scaled(by: scale)
        func scaled(_ rect: PixelRect) -> PixelRect {
            PixelRect(x: Int(Double(rect.x) * scale), y: Int(Double(rect.y) * scale),
                      width: max(1, Int(Double(rect.width) * scale)), height: max(1, Int(Double(rect.height) * scale)))
        }
        var annotations: [Annotation] = result.lines.map { .box(scaled($0.box), color: .blue, stroke: .dashed, lineWidth: 1) }
        let wrong = expected != nil && result.top?.serial != expected
        if let top = result.top, let box = top.box {
            annotations.append(.box(scaled(box).insetBy(dx: -3, dy: -3), color: wrong ? .red : .green, lineWidth: 3,
                                    label: top.serial))
        }
        var lines = result.candidates.prefix(3).enumerated().map { index, candidate in
            "\(index + 1). \(candidate.serial)  \(String(format: "%.2f", candidate.confidence))"
        }
        if result.candidates.isEmpty { lines.append("no serial: \(result.reason ?? "")") }
        if wrong, let expected { lines.append("WRONG, expected \(expected)") }
        lines.append("preset \(result.preset.rawValue), \(String(format: "%.0f", result.timings.total)) ms")
        // The panel goes first so that on small images the boxes stay visible over it.
        let panel = Annotation.panel(
            PixelRect(x: 0, y: 0, width: base.width, height: base.height),
            background: wrong ? RGBColor(red: 90, green: 0, blue: 0) : .black, color: .white, lines: lines)
        return try base.annotated([panel] + annotations, textSize: 8)
    }
}
