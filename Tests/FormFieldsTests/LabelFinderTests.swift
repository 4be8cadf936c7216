import LegiblePDF
import Testing

@testable import FormFields

@Suite("Field labels from the words around a field")
struct LabelFinderTests {
    func word(_ text: String, x: Double, y: Double, line: Int) -> PDFWord {
        PDFWord(text: text, rect: PDFRect(x: x, y: y, width: Double(text.count) * 5, height: 11), lineIndex: line)
    }

    @Test func aColumnOfBoxesTakesTheCaptionJustAboveEachBox() {
        // Captions 4 points above each box; the next box's caption 10 points below this one.
        let finder = LabelFinder(words: [
            word("Vorname(n)", x: 60, y: 296.6, line: 0), word("Straße,", x: 60, y: 337, line: 1),
            word("Hausnummer", x: 100, y: 337, line: 1),
        ])
        let first = PDFRect(x: 62, y: 311.8, width: 235, height: 15)
        let second = PDFRect(x: 62, y: 351.4, width: 476, height: 15.8)
        #expect(finder.label(for: first, cell: nil, isCheckbox: false) == "Vorname(n)")
        #expect(finder.label(for: second, cell: nil, isCheckbox: false) == "Straße, Hausnummer")
    }

    @Test func anUnderlineTakesTheCaptionRightBelowIt() {
        // "Datum" printed under the line; the paragraph above is further away.
        let finder = LabelFinder(words: [word("Hausordnung", x: 100, y: 528, line: 0), word("Datum", x: 140, y: 568, line: 1)])
        let line = PDFRect(x: 100, y: 550, width: 120, height: 15)
        #expect(finder.label(for: line, cell: nil, isCheckbox: false) == "Datum")
    }
}
