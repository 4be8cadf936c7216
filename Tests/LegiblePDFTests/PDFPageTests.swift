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
}
