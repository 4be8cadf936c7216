public import Foundation
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

extension FieldOverlay {
    /// Renders one preview per page of `document`, one page at a time, and hands each to `body` with its
    /// 0-based page index: each page with its regions drawn as by ``draw(_:on:dpi:)``, or plain when `regions`
    /// is nil. A page's image is released as soon as `body` returns (unless `body` keeps it) and before the next
    /// page is rendered, so a long document never holds more than one page image in memory.
    ///
    /// - Throws: `PDFError` when a page cannot be rendered, or what `body` throws.
    public static func forEachPreview(
        _ regions: [FieldRegion]?, of document: PDFDocument, dpi: Double = 100, _ body: (Int, Image) throws -> Void
    ) throws {
        for index in 0..<document.pageCount {
            // The image is a local of this iteration: its last reference goes when `body` returns.
            let page = try document.page(at: index)
            let image =
                if let regions {
                    try draw(regions.filter { $0.pageIndex == index }, on: page, dpi: dpi)
                } else {
                    try page.render(dpi: dpi)
                }
            try body(index, image)
        }
    }

    /// Writes one PNG per page of `document` into `directory` (`page-1.png`, `page-2.png`, ...), rendered by
    /// ``forEachPreview(_:of:dpi:_:)``: each page is rendered, encoded, written and released before the next.
    ///
    /// - Returns: The files written, in page order.
    /// - Throws: `PDFError` when a page cannot be rendered or a file cannot be written.
    public static func writePreviews(
        _ regions: [FieldRegion]?, of document: PDFDocument, to directory: URL, dpi: Double = 100
    ) throws(PDFError) -> [URL] {
        var written: [URL] = []
        do {
            try forEachPreview(regions, of: document, dpi: dpi) { index, image in
                let url = directory.appendingPathComponent("page-\(index + 1).png")
                do { try image.pngData().write(to: url) } catch {
                    throw PDFError.image(reason: "cannot write \(url.path): \(error)")
                }
                written.append(url)
            }
        } catch let error as PDFError {
            throw error
        } catch {
            throw PDFError.image(reason: "\(error)")
        }
        return written
    }
}
