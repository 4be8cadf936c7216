import FormFields
import Foundation
import LegibleImaging
import LegiblePDF
import Testing
import TestSupport

@Suite("Field overlay")
struct FieldOverlayTests {
    @Test func outlinesLandOnTheRegionsInTheirTypesColour() throws {
        let url = Fixtures.sharedForms.appendingPathComponent(
            "interactive/Hopding__pdf-lib__assets__pdfs__sample_form.pdf")
        let document = try PDFDocument(contentsOf: url.path)
        let regions = try FormFieldDetector().detect(document).filter { $0.pageIndex == 0 }
        let page = try document.page(at: 0)
        let dpi = 100.0
        let overlay = try FieldOverlay.draw(regions, on: page, dpi: dpi)
        let plain = try page.render(dpi: dpi)
        #expect(overlay.width == plain.width && overlay.height == plain.height)

        let scale = dpi / 72
        for region in regions where region.source == .acroform && region.width * scale > 20 {
            let colour = FieldOverlay.color(for: region.fieldType)
            let word = UInt32(colour.red) << 24 | UInt32(colour.green) << 16 | UInt32(colour.blue) << 8
            // Along the bottom edge of the region's rectangle most pixels carry the type's colour.
            let y = Int(region.y * scale) + max(1, Int(region.height * scale)) - 1
            let xs = Array(Int(region.x * scale)..<Int((region.x + region.width) * scale))
            let hits = xs.filter { overlay.pixel(x: $0, y: y) == word }.count
            #expect(hits * 2 > xs.count, "\(region.label): \(hits) of \(xs.count) edge pixels coloured")
        }
    }
}

@Suite("Preview pages")
struct PreviewPagesTests {
    @Test func writesOnePNGPerPageAtThePagesSize() throws {
        let url = Fixtures.sharedForms.appendingPathComponent(
            "interactive/pdfcpu__pdfcpu__pkg__samples__form__demo__english.pdf")
        let document = try PDFDocument(contentsOf: url.path)
        let regions = try FormFieldDetector().detect(document)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("legible-previews-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let files = try FieldOverlay.writePreviews(regions, of: document, to: directory, dpi: 72)
        #expect(files.map(\.lastPathComponent) == (1...document.pageCount).map { "page-\($0).png" })
        for (index, file) in files.enumerated() {
            let image = try Image(contentsOf: file.path)
            let page = try document.page(at: index)
            #expect(abs(image.width - Int(page.width.rounded())) <= 1)
            #expect(abs(image.height - Int(page.height.rounded())) <= 1)
        }
    }
}
