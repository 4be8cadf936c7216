import Foundation
import LegibleImaging
import LegiblePDF
import Testing
import TestSupport

/// Runs a command-line tool (qpdf) to make hostile inputs at test time.
func runTool(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
}

func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("legible-pdf-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

let sampleForm = Fixtures.sharedForms.appendingPathComponent("interactive/Hopding__pdf-lib__assets__pdfs__sample_form.pdf")
let membershipFlat = Fixtures.sharedForms.appendingPathComponent("derived/mozilla__pdf.js__test__pdfs__bug1669099.flat.pdf")

@Suite("Opening PDFs")
struct PDFDocumentTests {
    @Test func opensARealFormWithPageGeometry() throws {
        let document = try PDFDocument(contentsOf: membershipFlat.path)
        #expect(document.pageCount == 1)
        let page = try document.page(at: 0)
        #expect(abs(page.width - 595.28) < 0.01)
        #expect(abs(page.height - 841.89) < 0.01)
        #expect(page.rotation == 0)
        #expect(throws: PDFError.pageOutOfRange(index: 1, pageCount: 1)) { try document.page(at: 1) }
    }

    @Test func emptyAndNonPDFBytesAreRefusedByName() throws {
        #expect(throws: PDFError.empty) { try PDFDocument(data: Data()) }
        let png = try Fixtures.bytes("text/paragraph.png")
        #expect(throws: PDFError.notAPDF(prefix: ".PNG........")) { try PDFDocument(data: png) }
        #expect(PDFError.notAPDF(prefix: "hello").description.contains("not a PDF"))
        #expect(throws: PDFError.tooManyBytes(byteCount: 100, limit: 10)) {
            try PDFDocument(data: Data(repeating: 0x25, count: 100), options: PDFOpenOptions(maxBytes: 10))
        }
        #expect(throws: PDFError.self) { try PDFDocument(contentsOf: "/nonexistent/form.pdf") }
    }

    @Test func encryptedDocumentAsksForAPassword() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let locked = directory.appendingPathComponent("locked.pdf")
        try runTool(["qpdf", "--encrypt", "user-pw", "owner-pw", "256", "--", membershipFlat.path, locked.path])
        let data = try Data(contentsOf: locked)
        #expect(throws: PDFError.passwordRequired) { try PDFDocument(data: data) }
        #expect(throws: PDFError.wrongPassword) { try PDFDocument(data: data, options: PDFOpenOptions(password: "nope")) }
        #expect(PDFError.passwordRequired.description == "PDF is encrypted; pass a password")
        let opened = try PDFDocument(data: data, options: PDFOpenOptions(password: "user-pw"))
        #expect(opened.pageCount == 1)
        #expect(try opened.page(at: 0).words().contains { $0.text == "Mitgliedschaft" })
    }

    @Test func pageLimitIsEnforced() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let many = directory.appendingPathComponent("many.pdf")
        let copies = Array(repeating: membershipFlat.path, count: 30)
        try runTool(["qpdf", "--empty", "--pages"] + copies + ["--", many.path])
        let data = try Data(contentsOf: many)
        #expect(throws: PDFError.tooManyPages(pageCount: 30, limit: 25)) {
            try PDFDocument(data: data, options: PDFOpenOptions(maxPages: 25))
        }
        #expect(try PDFDocument(data: data, options: PDFOpenOptions(maxPages: 30)).pageCount == 30)
    }

    @Test func zeroPagesIsAnError() throws {
        let body = "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n"
        let xrefOffset = body.utf8.count
        let pdf = body + "xref\n0 3\n0000000000 65535 f \n0000000009 00000 n \n0000000058 00000 n \ntrailer << /Size 3 /Root 1 0 R >>\nstartxref\n\(xrefOffset)\n%%EOF\n"
        #expect(throws: PDFError.self) { try PDFDocument(data: Data(pdf.utf8)) }
        do {
            _ = try PDFDocument(data: Data(pdf.utf8))
        } catch let error {
            #expect(error == .noPages || { if case .damaged = error { true } else { false } }())
        }
    }

    @Test func damagedCrossReferenceIsRecoveredOrReported() throws {
        var data = try Data(contentsOf: membershipFlat)
        // Break every "startxref" and "xref" keyword: Poppler must rebuild the table by scanning.
        let text = Array(data)
        var broken = text
        for index in 0..<(text.count - 4) where text[index..<index + 4].elementsEqual(Array("xref".utf8)) {
            broken.replaceSubrange(index..<index + 4, with: Array("xXxX".utf8))
        }
        data = Data(broken)
        let recovered = try PDFDocument(data: data)
        #expect(recovered.pageCount == 1)
        #expect(try recovered.page(at: 0).words().contains { $0.text == "Mitgliedschaft" })

        // Cut the file to its first 2 KB: nothing to recover.
        let truncated = try Data(contentsOf: membershipFlat).prefix(2048)
        do {
            let document = try PDFDocument(data: Data(truncated))
            _ = try document.page(at: 0).render(dpi: 30)  // must not crash either way
        } catch let error {
            #expect(!error.description.isEmpty)
        }
    }

    @Test func xfaFormsAreRecognised() throws {
        let hybrid = Fixtures.sharedForms.appendingPathComponent("interactive/mozilla__pdf.js__test__pdfs__annotation-text-widget.pdf")
        #expect(try PDFDocument(contentsOf: hybrid.path).hasXFA)
        let w4 = Fixtures.sharedForms.appendingPathComponent("interactive/pdfcpu__pdfcpu__pkg__samples__signatures__adbe.pkcs7.detached__usageRights.pdf")
        #expect(try PDFDocument(contentsOf: w4.path).hasXFA)
        #expect(try PDFDocument(contentsOf: membershipFlat.path).hasXFA == false)
        #expect(try PDFDocument(contentsOf: sampleForm.path).hasXFA == false)
    }
}
