import FormFields
import FormFill
import Foundation
import LegiblePDF
import Testing

/// Detection on a form flattened by the filler: the widgets' appearances become page content.
@Suite("Detection on flattened forms")
struct FlattenedDetectionTests {
    @Test("check boxes drawn with an inner border are check boxes, not boxes to write in")
    func checkBoxInsides() throws {
        let document = try PDFDocument(contentsOf: FormFixtures.interactive("Hopding__pdf-lib__assets__pdfs__form_to_flatten.pdf"))
        let fields = try FillField.acroFormFields(of: document)
        let flattened = try FormFiller().fill(document: document, fields: fields, values: FillValues([:]), mode: .overlay)
        let regions = try FormFieldDetector().detect(PDFDocument(data: flattened.data))
        let boxes = regions.filter { $0.fieldType == .checkbox }
        #expect(boxes.count >= 10)
        for region in regions where region.fieldType != .checkbox {
            let rect = PDFRect(x: region.x, y: region.y, width: region.width, height: region.height)
            #expect(!boxes.contains { PDFRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height).intersectionOverUnion(rect) > 0.2 },
                "a \(region.fieldType) region inside a check box at \(rect)")
        }
    }
}
