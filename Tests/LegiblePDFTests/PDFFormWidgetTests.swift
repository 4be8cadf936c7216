import Foundation
import LegiblePDF
import Testing
import TestSupport

/// A removed field from a `derived/*.truth.json` file.
struct TruthWidget: Decodable {
    var page: Int
    var type: String
    var rect: [Double]
    var name: String
    var maxlen: Int?
}

struct TruthFile: Decodable {
    var source: String
    var widgets: [TruthWidget]
}

@Suite("AcroForm widgets")
struct PDFFormWidgetTests {
    static let derivedStems = [
        "Hopding__pdf-lib__assets__pdfs__sample_form", "mozilla__pdf.js__test__pdfs__bug1669099",
        "pdfcpu__pdfcpu__pkg__samples__signatures__adbe.pkcs7.detached__usageRights",
        "pymupdf__PyMuPDF__tests__resources__test_4114",
    ]

    /// Every widget of the original forms is read with the type and rectangle recorded in the truth files.
    @Test(arguments: derivedStems) func widgetsMatchTheRecordedFields(stem: String) throws {
        let truthURL = Fixtures.sharedForms.appendingPathComponent("derived/\(stem).truth.json")
        let truth = try JSONDecoder().decode(TruthFile.self, from: Data(contentsOf: truthURL))
        let document = try PDFDocument(contentsOf: Fixtures.sharedForms.appendingPathComponent("interactive/\(truth.source)").path)
        let widgets = try document.formWidgets()
        #expect(widgets.count == truth.widgets.count)
        for expected in truth.widgets {
            let page = try document.page(at: expected.page - 1)
            let crop = page.cropBox
            let rect = PDFRect(
                x0: expected.rect[0] - crop.x0, y0: crop.y1 - expected.rect[3], x1: expected.rect[2] - crop.x0,
                y1: crop.y1 - expected.rect[1])
            let found = widgets.first { $0.pageIndex == expected.page - 1 && $0.rect.intersectionOverUnion(rect) > 0.98 }
            #expect(found != nil, "\(expected.name) at \(rect) not found")
            guard let found else { continue }
            #expect(found.name == expected.name)
            let kind = found.kind == .comb ? "text" : found.kind.rawValue
            #expect(kind == expected.type, "\(expected.name)")
            #expect(found.maxLength == expected.maxlen)
        }
    }

    @Test func choiceFieldsCarryTheirOptionsAndTextTheirValues() throws {
        let url = Fixtures.sharedForms.appendingPathComponent("interactive/Hopding__pdf-lib__assets__pdfs__fancy_fields.pdf")
        let widgets = try PDFDocument(contentsOf: url.path).formWidgets()
        let choices = widgets.filter { $0.kind == .choice }
        #expect(choices.count >= 2)
        #expect(choices.allSatisfy { ($0.options?.count ?? 0) >= 2 })
        #expect(widgets.contains { $0.kind == .radio })
        #expect(widgets.contains { $0.kind == .checkbox })
        #expect(widgets.contains { $0.kind == .pushbutton })
        let sample = try PDFDocument(contentsOf: sampleForm.path).formWidgets()
        #expect(sample.first { $0.name == "Name_Last" }?.value == "Bar")
        #expect(sample.first { $0.name == "Name_Last" }?.tooltip == "LAST")
        #expect(sample.contains { $0.kind == .signature && $0.name == "EMPLOYEE SIGNATURE" })
        #expect(sample.first { $0.name == "STATE" }?.maxLength == 2)
    }
}
