import Foundation
public import LegibleImaging
public import LegiblePDF

/// Draws field regions over a page render, to look at what the detector found.
public enum FieldOverlay {
    /// The colour each field type is drawn in.
    public static func color(for type: FieldType) -> RGBColor {
        switch type {
        case .text: .blue
        case .multiline: .teal
        case .checkbox: .green
        case .date: .orange
        case .number: .purple
        case .signature: .red
        case .unknown: .gray
        }
    }

    /// The page rendered at `dpi` in colour, with each region outlined in its type's colour (solid for AcroForm
    /// widgets, dashed for visually detected regions) and its label and confidence written above it.
    ///
    /// - Throws: `PDFError` when the page cannot be rendered or drawn on.
    public static func draw(_ regions: [FieldRegion], on page: PDFPage, dpi: Double = 100) throws(PDFError) -> Image {
        let image = try page.render(dpi: dpi)
        let scale = dpi / 72
        let annotations = regions.map { region in
            Annotation.box(
                PixelRect(
                    x: Int(region.x * scale), y: Int(region.y * scale), width: max(1, Int(region.width * scale)),
                    height: max(1, Int(region.height * scale))),
                color: color(for: region.fieldType), stroke: region.source == .acroform ? .solid : .dashed,
                lineWidth: 2, label: "\(region.label.isEmpty ? region.fieldType.rawValue : region.label) "
                    + String(format: "%.2f", region.confidence))
        }
        do {
            return try image.annotated(annotations)
        } catch {
            throw PDFError.image(reason: error.description)
        }
    }
}
