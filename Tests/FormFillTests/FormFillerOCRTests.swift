import FormFill
import Foundation
import LegibleOCR
import LegiblePDF
import Testing

@Suite("Overlay values read back by OCR")
struct FormFillerOCRTests {
    @Test("a Latin overlay value is read by Tesseract from the rendered box")
    func latinByOCR() throws {
        let document = try PDFDocument(contentsOf: FormFixtures.interactive(
            "pdfcpu__pdfcpu__pkg__samples__form__demo__english.pdf"))
        // A box on a blank stretch of the page, so only the value is in it.
        let height = try document.page(at: 0).height
        let field = FillField(id: "ocr", pageIndex: 0, rect: PDFRect(x: 40, y: height - 60, width: 220, height: 22), kind: .text)
        let fields = [field]
        let value = "HELLO WORLD 2026"
        let result = try FormFiller().fill(
            document: document, fields: fields, values: FillValues([field.id: value]), mode: .overlay)
        let page = try PDFDocument(data: result.data).page(at: field.pageIndex)
        let padded = PDFRect(x: field.rect.x - 2, y: field.rect.y - 2, width: field.rect.width + 4, height: field.rect.height + 4)
        let image = try page.render(dpi: 300, clip: padded)
        let text = try Recognizer().recognize(image, mode: .singleLine).text
        #expect(text.uppercased().replacing(" ", with: "").contains("HELLOWORLD2026"), "OCR read \(text)")
    }
}
