import Foundation
import LegiblePDF
import Testing
import TestSupport

@Suite("Button groups checked before Poppler sets a state")
struct FieldTreeCheckTests {
    /// A radio group (`/Ff 49152`) of two buttons on one page; `second` is the second kid's text as written.
    static func radioGroup(second: String) -> Data {
        MinimalPDF.build([
            "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] >> >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Annots [5 0 R 6 0 R] >>",
            "<< /FT /Btn /Ff 49152 /T (choice) /Kids [5 0 R 6 0 R] /V /Off >>",
            "<< /Type /Annot /Subtype /Widget /Parent 4 0 R /Rect [20 20 40 40] /AP << /N << /a 7 0 R /Off 7 0 R >> >> >>",
            second,
            "<< /Length 0 >>\nstream\n\nendstream",
        ])
    }

    @Test func aWholeGroupPasses() throws {
        let whole = Self.radioGroup(
            second: "<< /Type /Annot /Subtype /Widget /Parent 4 0 R /Rect [60 20 80 40] "
                + "/AP << /N << /b 7 0 R /Off 7 0 R >> >> >>")
        #expect(try PDFDocument(data: whole).buttonGroupWithADamagedMember() == nil)
    }

    @Test func aMemberThatIsNoButtonWidgetOrParsesOnlyLenientlyIsFound() throws {
        let notAWidget = Self.radioGroup(second: "<< /Type /Annot /Subtype /Widge /Parent 4 0 R /Rect [60 20 80 40] >>")
        #expect(try PDFDocument(data: notAWidget).buttonGroupWithADamagedMember() == "choice")
        // NUL bytes written into the subtype leave a bare word in the dictionary: only a lenient parser reads it.
        let damaged = Self.radioGroup(
            second: "<< /Type /Annot /Subtype /Widge\u{0}\u{0}t /Parent 4 0 R /Rect [60 20 80 40] >>")
        #expect(try PDFDocument(data: damaged).buttonGroupWithADamagedMember() == "choice")
        // A member declaring another field type is no button of the group.
        let otherType = Self.radioGroup(
            second: "<< /Type /Annot /Subtype /Widget /FT /OBtn /Parent 4 0 R /Rect [60 20 80 40] >>")
        #expect(try PDFDocument(data: otherType).buttonGroupWithADamagedMember() == "choice")
    }

    /// Refusing a sound form would be a regression of its own: no real form has such a group.
    @Test func everyRealFormsButtonGroupsAreWhole() throws {
        let root = Fixtures.sharedForms
        let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".pdf") && $0.contains("interactive") }
        #expect(files.count > 40)
        for file in files {
            let data = try Data(contentsOf: root.appendingPathComponent(file))
            guard let document = try? PDFDocument(data: data) else { continue }
            #expect(document.buttonGroupWithADamagedMember() == nil, "\(file)")
        }
    }
}
