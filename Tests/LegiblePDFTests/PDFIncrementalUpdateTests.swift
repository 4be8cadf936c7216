import Foundation
@testable import LegiblePDF
import TestSupport
import Testing

@Suite("PDF structure and incremental updates")
struct PDFIncrementalUpdateTests {
    @Test("a classic cross-reference table is read; an update replaces an object and Poppler sees it")
    func classicTable() throws {
        let input = MinimalPDF.labelledPage(rotate: 0)
        let file = try PDFFileStructure(bytes: [UInt8](input))
        #expect(!file.usesXRefStreams)
        #expect(file.size == 6)
        let pages = try #require(try file.dictionary(.reference(PDFReference(number: 2, generation: 0))))
        #expect(pages["Count"] == .integer(1))
        var update = PDFIncrementalUpdate(file: file)
        var changed = pages
        changed["Rotate"] = .integer(90)
        update.set(PDFReference(number: 2, generation: 0), to: .object(.dictionary(changed)))
        let added = update.add(.stream(PDFDictionary(), Array("% nothing".utf8)))
        #expect(added.number == 6)
        let output = Data(update.bytes())
        #expect(output.prefix(input.count) == input)
        let reread = try PDFFileStructure(bytes: [UInt8](output))
        #expect(try reread.dictionary(.reference(PDFReference(number: 2, generation: 0)))?["Rotate"] == .integer(90))
        #expect(try reread.value(added) == .stream(PDFDictionary([("Length", .integer(9))]), Array("% nothing".utf8)))
        let page = try PDFDocument(data: output).page(at: 0)
        #expect(page.rotation == 90)
    }

    @Test("a form with cross-reference and object streams: objects read from them, the update is a stream too")
    func crossReferenceStreams() throws {
        let input = try Data(contentsOf: URL(fileURLWithPath: Self.interactive("pdfcpu__pdfcpu__pkg__samples__form__demo__english.pdf")))
        let file = try PDFFileStructure(bytes: [UInt8](input))
        #expect(file.usesXRefStreams)
        let catalogReference = try #require(file.trailer["Root"]?.reference)
        var catalog = try #require(try file.dictionary(.reference(catalogReference)))
        #expect(catalog["AcroForm"] != nil)
        catalog["AcroForm"] = nil
        var update = PDFIncrementalUpdate(file: file)
        update.set(catalogReference, to: .object(.dictionary(catalog)))
        let output = Data(update.bytes())
        let reread = try PDFFileStructure(bytes: [UInt8](output))
        #expect(reread.usesXRefStreams)
        #expect(try reread.dictionary(.reference(catalogReference))?["AcroForm"] == nil)
        let document = try PDFDocument(data: output)
        #expect(document.pageCount == 2)
    }

    @Test("flattening drops the AcroForm from the catalog and the widgets from the pages")
    func flattenedCatalog() throws {
        let input = try Data(contentsOf: URL(fileURLWithPath: Self.interactive("Hopding__pdf-lib__assets__pdfs__sample_form.pdf")))
        var request = PDFOverlayComposer.Request()
        request.flattenWidgets = true
        let pageCount = try PDFDocument(data: input).pageCount
        let output = try PDFOverlayComposer(data: input).compose(request, pageCount: pageCount).data
        let file = try PDFFileStructure(bytes: [UInt8](output))
        let catalog = try #require(try file.dictionary(file.trailer["Root"]))
        #expect(catalog["AcroForm"] == nil)
        let document = try PDFDocument(data: output)
        #expect(try document.formWidgets().isEmpty)
        #expect(document.pageCount == pageCount)
    }

    @Test("bad structure is an error naming the problem: no startxref, offsets outside the file, loops")
    func hostile() throws {
        #expect(throws: PDFStructureError.self) { try PDFFileStructure(bytes: Array("%PDF-1.4\nnothing".utf8)) }
        #expect(throws: PDFStructureError.self) { try PDFFileStructure(bytes: Array("%PDF-1.4\nstartxref\n999999\n%%EOF".utf8)) }
        // A trailer whose /Prev points at itself is read once.
        let looping = "%PDF-1.4\nxref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 1 /Prev 9 >>\nstartxref\n9\n%%EOF\n"
        let file = try PDFFileStructure(bytes: Array(looping.utf8))
        #expect(throws: PDFStructureError.self) { try file.value(PDFReference(number: 3, generation: 0)) }
        // An encrypted file is refused by the composer (its new objects would have to be encrypted).
        let encrypted = MinimalPDF.build(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"])
        let text = String(decoding: encrypted, as: UTF8.self).replacing("/Root 1 0 R", with: "/Root 1 0 R /Encrypt 2 0 R")
        #expect(throws: PDFStructureError.self) { try PDFOverlayComposer(data: Data(text.utf8)) }
    }

    static func interactive(_ name: String) -> String {
        Fixtures.sharedForms.appendingPathComponent("interactive/\(name)").path
    }
}
