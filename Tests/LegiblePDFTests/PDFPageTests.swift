import Foundation
import LegibleImaging
import LegiblePDF
import Testing
import TestSupport

@Suite("Pages: text, rendering, images")
struct PDFPageTests {
    @Test func wordsHaveTopLeftBoxesInPoints() throws {
        let page = try PDFDocument(contentsOf: membershipFlat.path).page(at: 0)
        let words = page.words()
        let title = try #require(words.first { $0.text == "Mitgliedschaft" })
        // The title sits in the top tenth of the A4 page, right of centre.
        #expect(title.rect.y > 50 && title.rect.maxY < 120)
        #expect(title.rect.x > 250 && title.rect.maxX < 560)
        #expect(title.rect.height > 8 && title.rect.height < 30)
        let footer = try #require(words.first { $0.text == "Bankverbindung:" })
        #expect(footer.rect.y > 700)
        #expect(footer.lineIndex > title.lineIndex)
    }

    @Test func rendersGreyAndColourAtTheRequestedDPI() throws {
        let page = try PDFDocument(contentsOf: membershipFlat.path).page(at: 0)
        let grey = try page.render(dpi: 72)
        #expect(grey.width == 596 && grey.height == 842)
        #expect(grey.depth == 8)
        #expect(grey.pixel(x: 5, y: 5) == 255)  // white margin, not transparent black
        let colour = try page.render(dpi: 36, color: true)
        #expect(colour.depth == 32)
        #expect(colour.width == 298)
        // The field box of "Vorname(n)" (x 60...299.5, y 309.5...329 from the top): its left border is dark,
        // the paper left of it is white.
        let clip = try page.render(dpi: 144, clip: PDFRect(x: 50, y: 305, width: 30, height: 30))
        #expect(clip.width == 60 && clip.height == 60)
        let border = (19...21).flatMap { x in (15..<40).compactMap { clip.pixel(x: x, y: $0) } }
        #expect(border.contains { $0 < 128 })
        let paper = (0..<60).compactMap { clip.pixel(x: 5, y: $0) }
        #expect(paper.allSatisfy { $0 > 200 })
        #expect(throws: PDFError.self) { try page.render(dpi: 0) }
        #expect(throws: PDFError.self) { try page.render(dpi: 72, clip: PDFRect(x: 900, y: 0, width: 10, height: 10)) }
        #expect {
            try page.render(dpi: 2400)
        } throws: { error in
            guard case .rasterTooLarge(_, _, let limit) = error as? PDFError else { return false }
            return limit == 60_000_000
        }
    }

    /// A page drawing a grey image that declares `side` x `side` pixels (its data: one run-length run of zeros,
    /// too short for the size, which does not matter when the size alone refuses it).
    static func pageWithImage(side: Int) -> Data {
        MinimalPDF.build([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R "
                + "/Resources << /XObject << /Im0 5 0 R >> >> >>",
            MinimalPDF.stream("q 200 0 0 200 0 0 cm /Im0 Do Q"),
            "<< /Type /XObject /Subtype /Image /Width \(side) /Height \(side) /ColorSpace /DeviceGray "
                + "/BitsPerComponent 8 /Filter /RunLengthDecode /Length 3 >>\nstream\n\u{81}\u{00}\u{80}\nendstream",
        ])
    }

    /// Poppler decodes an image whole before scaling it: a 30000 x 30000 image took gigabytes to draw at any
    /// DPI. Its declared size is refused before anything draws it; a small image draws.
    @Test func anImageLargerThanTheImageLimitIsRefusedBeforeDrawing() throws {
        let bomb = try PDFDocument(data: Self.pageWithImage(side: 30000))
        #expect(throws: PDFError.imageTooLarge(width: 30000, height: 30000, limit: 150_000_000)) {
            try bomb.page(at: 0).render(dpi: 72)
        }
        let small = try PDFDocument(data: Self.pageWithImage(side: 64))
        #expect(try small.page(at: 0).render(dpi: 72).width == 200)
    }

    @Test func imageIsWrappedAsAOnePageDocument() throws {
        var pixels = [UInt8](repeating: 255, count: 400 * 300)
        for y in 100..<150 { for x in 200..<300 { pixels[y * 400 + x] = 0 } }
        let image = try Image(width: 400, height: 300, format: .gray8, pixels: pixels)
        let document = try PDFDocument(image: image, dpi: 100)
        #expect(document.pageCount == 1)
        #expect(document.sourceImageDPI == 100)
        let page = try document.page(at: 0)
        #expect(abs(page.width - 288) < 0.01 && abs(page.height - 216) < 0.01)
        #expect(page.words().isEmpty)
        let back = try page.render(dpi: 100)
        #expect(back.width == 400 && back.height == 300)
        #expect((back.pixel(x: 250, y: 125) ?? 255) < 40)
        #expect((back.pixel(x: 50, y: 50) ?? 0) > 215)
        #expect(throws: PDFError.self) { try PDFDocument(imageData: Data("not an image".utf8)) }
    }

    @Test func aHEICPhotoOfAFormIsWrappedLikeAJPEG() throws {
        // An iPhone's photo as it saves it: 1340 x 754 pixels at the assumed 150 dpi.
        let document = try PDFDocument(imageData: Fixtures.bytes("text/sticker-photo.heic"))
        #expect(document.pageCount == 1 && document.sourceImageDPI == 150)
        let page = try document.page(at: 0)
        #expect(abs(page.width - 1340 * 72 / 150) < 0.01 && abs(page.height - 754 * 72 / 150) < 0.01)
    }

    /// A text widget without an appearance stream whose form asks for a black background (`/MK /BG`): Poppler
    /// builds an appearance when it draws the widget, and a copy whose widgets are hidden draws neither.
    @Test func hiddenWidgetsAreNotDrawnNorGivenAnAppearance() throws {
        let data = MinimalPDF.build([
            "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] /DA (/Helv 10 Tf 0 g) >> >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Annots [4 0 R] >>",
            "<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /V (Ada) /Rect [20 20 180 80] /P 3 0 R /F 4 "
                + "/MK << /BG [0 0 0] >> >>",
        ])
        let viewed = try PDFDocument(data: data).page(at: 0).render(dpi: 72)
        #expect((viewed.pixel(x: 100, y: 50) ?? 255) < 64)
        let page = try PDFDocument(data: data).page(at: 0)
        #expect(page.hideWidgets(matching: nil) == 1)
        let bare = try page.render(dpi: 72)
        #expect((bare.pixel(x: 100, y: 50) ?? 0) == 255)
    }
}
