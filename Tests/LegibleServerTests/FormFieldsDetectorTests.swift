import Foundation
import LegibleServer
import Testing

@Suite("Field detector engine")
struct FormFieldsDetectorTests {
    static let forms = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/forms")

    @Test func detectsTheWidgetsOfARealForm() async throws {
        let data = try Data(contentsOf: Self.forms.appendingPathComponent(
            "interactive/mozilla__pdf.js__test__pdfs__bug1883609.pdf"))
        let engine = FormFieldsDetector()
        #expect(try await engine.inspect(documentData: data, format: .pdf).pageCount == 1)
        let layout = try await engine.detectFields(documentData: data, format: .pdf)
        #expect(layout.pages.count == 1)
        #expect(layout.regions.count >= 10)
        let page = try #require(layout.pages.first)
        for region in layout.regions {
            #expect(region.x >= 0 && region.y >= 0 && region.x + region.width <= page.width + 1)
        }
        // Same bytes, same ids.
        let again = try await engine.detectFields(documentData: data, format: .pdf)
        #expect(again.regions.map(\.id) == layout.regions.map(\.id))
    }

    @Test func badDocumentsAreInvalidInputWithAReason() async throws {
        let engine = FormFieldsDetector()
        let error = await #expect(throws: EngineError.self) {
            try await engine.inspect(documentData: Data("%PDF-1.7 truncated".utf8), format: .pdf)
        }
        guard case .invalidInput(let message) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(!message.isEmpty)
    }
}
