@testable import FormFields
import Foundation
import LegibleImaging
import LegiblePDF
import Testing

@Suite("Scoring")
struct FormScoringTests {
    static func region(_ page: Int, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ type: FieldType) -> FieldRegion {
        FieldRegion(id: "\(page)-\(x)-\(y)", pageIndex: page, x: x, y: y, width: w, height: h, fieldType: type, label: "",
                    confidence: 0.5, source: .detected)
    }

    static func truth(_ page: Int, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ category: ScoringCategory) -> FormScoring.TruthField {
        FormScoring.TruthField(pageIndex: page, category: category, rect: PDFRect(x: x, y: y, width: w, height: h), name: "f")
    }

    @Test func aMissedFieldIsUndrawnOnlyWhenThePageShowsNothingAtIt() throws {
        // A 200 x 100 point page at one pixel a point: a box outline at (20, 20, 60 x 15), a pale tint over
        // (20, 60, 60 x 15), a word far from both at (150, 80).
        var pixels = [UInt8](repeating: 255, count: 200 * 100)
        for x in 20..<80 { pixels[20 * 200 + x] = 0; pixels[34 * 200 + x] = 0 }
        for y in 20..<35 { pixels[y * 200 + 20] = 0; pixels[y * 200 + 79] = 0 }
        for y in 60..<75 { for x in 20..<80 { pixels[y * 200 + x] = 235 } }
        for y in 80..<88 { for x in 150..<170 { pixels[y * 200 + x] = 0 } }
        let image = try Image(width: 200, height: 100, format: .gray8, pixels: pixels)
        let raster = try InkRaster(image: image, pointsPerPixel: 1, threshold: 215)
        #expect(FormBenchmark.showsSomething(raster, at: PDFRect(x: 20, y: 20, width: 60, height: 15)))
        #expect(FormBenchmark.showsSomething(raster, at: PDFRect(x: 20, y: 60, width: 60, height: 15)))
        // Empty paper, and paper 10 points from the word: nothing drawn there.
        #expect(!FormBenchmark.showsSomething(raster, at: PDFRect(x: 100, y: 40, width: 40, height: 15)))
        #expect(!FormBenchmark.showsSomething(raster, at: PDFRect(x: 150, y: 60, width: 40, height: 10)))
        // A field whose edge runs along the box's border (within 2 points) shows it.
        #expect(FormBenchmark.showsSomething(raster, at: PDFRect(x: 22, y: 22, width: 56, height: 11)))
    }

    @Test func matchesAtHalfIoUOnTheSamePageOnly() {
        let truth = [Self.truth(0, 0, 0, 100, 20, .text), Self.truth(1, 0, 0, 100, 20, .text)]
        // 100x20 vs 100x10 inside it: IoU 0.5 exactly -> match. Same box on page 2 of the detection: no match there.
        let detected = [Self.region(0, 0, 0, 100, 10, .date), Self.region(2, 0, 0, 100, 20, .text)]
        let score = FormScoring.score(detected: detected, truth: truth)
        #expect(score.matched == 1)
        #expect(score.precision == 0.5)
        #expect(score.recall == 0.5)
        #expect(score.typeAccuracy == 1)  // date counts as text
        let below = FormScoring.score(detected: [Self.region(0, 0, 0, 100, 9, .text)], truth: truth)
        #expect(below.matched == 0)
    }

    @Test func matchingIsOneToOneBestFirst() {
        let truth = [Self.truth(0, 0, 0, 100, 20, .text), Self.truth(0, 0, 20, 100, 20, .checkbox)]
        // One detection covering both: it may match only one; the second detection matches the other.
        let detected = [Self.region(0, 0, 0, 100, 22, .text), Self.region(0, 0, 0, 100, 19, .text),
                        Self.region(0, 0, 21, 100, 20, .multiline)]
        let score = FormScoring.score(detected: detected, truth: truth)
        #expect(score.matched == 2)
        #expect(score.typeCorrect == 1)  // multiline is not checkbox
        #expect(abs(score.precision - 2.0 / 3.0) < 1e-9)
        #expect(score.recall == 1)
    }

    @Test func truthIsConvertedFromBottomLeftAndFiltered() throws {
        let json = """
        {"source": "x.pdf", "page_rotate": [0], "mediabox": [[0, 0, 600, 800]],
         "widgets": [
          {"page": 1, "type": "radio", "rect": [10, 700, 20, 710], "name": "r", "hidden": false},
          {"page": 1, "type": "comb", "rect": [100, 50, 200, 70], "name": "c", "maxlen": 5, "hidden": false},
          {"page": 1, "type": "pushbutton", "rect": [0, 0, 10, 10], "name": "p", "hidden": false},
          {"page": 1, "type": "text", "rect": [0, 0, 10, 10], "name": "h", "hidden": true}
         ]}
        """
        let fields = try FormScoring.truthFields(json: Data(json.utf8))
        #expect(fields.count == 2)
        #expect(fields[0].category == .checkbox)
        #expect(fields[0].rect == PDFRect(x: 10, y: 90, width: 10, height: 10))
        #expect(fields[1].category == .text)
        // With an explicit frame (a crop box not at the origin).
        let cropped = try FormScoring.truthFields(json: Data(json.utf8), frames: [FormScoring.Frame(x0: 5, y1: 780)])
        #expect(cropped[0].rect == PDFRect(x: 5, y: 70, width: 10, height: 10))
        #expect(throws: DecodingError.self) { try FormScoring.truthFields(json: Data("{}".utf8)) }
    }

    @Test func emptyCasesAreDefined() {
        let none = FormScoring.score(detected: [], truth: [])
        #expect(none.precision == 1 && none.recall == 1 && none.typeAccuracy == 1)
        let missedAll = FormScoring.score(detected: [], truth: [Self.truth(0, 0, 0, 1, 1, .text)])
        #expect(missedAll.recall == 0 && missedAll.precision == 0)
    }

    @Test func acroFormCountsMatchByFieldNameOrByWidget() {
        func result(found: [String: Int], widgets: [String: Int], exact: Int = 2) -> FormBenchmark.AcroFormResult {
            var result = FormBenchmark.AcroFormResult(
                file: "f.pdf", expected: ["text": 3, "checkbox": 2], found: found, widgetsCompared: 2, widgetsExact: exact)
            result.widgets = widgets
            return result
        }
        // A radio group of four widgets counted once by name: the manifest's field count.
        #expect(result(found: ["text": 3, "checkbox": 2], widgets: ["text": 3, "checkbox": 5]).passed)
        // Two kids with their own /T and one shared name: the manifest counts two fields, Poppler one name.
        #expect(result(found: ["text": 3, "checkbox": 1], widgets: ["text": 3, "checkbox": 2]).passed)
        // A field missing in both counts, or a widget in the wrong place, fails.
        #expect(!result(found: ["text": 2, "checkbox": 2], widgets: ["text": 2, "checkbox": 2]).passed)
        #expect(!result(found: ["text": 3, "checkbox": 2], widgets: ["text": 3, "checkbox": 2], exact: 1).passed)
        // With every widget of the truth file exact and nothing else returned, the names do not matter (fields
        // whose kids share a name); one region more fails.
        var shared = result(found: ["text": 3, "checkbox": 1], widgets: ["text": 3, "checkbox": 1])
        shared.regionsReturned = 2
        #expect(shared.passed)
        shared.regionsReturned = 3
        #expect(!shared.passed)
    }
}
