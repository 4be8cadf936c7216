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

    @Test func aBoxTallerThanALineTakesTheCaptionAboveItOverTheTextBelow() {
        // A table's empty cell: its column header 6 points above, the sentence under the table 2 points below.
        let finder = LabelFinder(words: [
            word("Taxable", x: 110, y: 383, line: 0), word("Payroll", x: 150, y: 383, line: 0),
            word("State", x: 100, y: 462, line: 1), word("Agency:", x: 130, y: 462, line: 1),
        ])
        let cell = PDFRect(x: 100, y: 400, width: 120, height: 60)
        #expect(finder.label(for: cell, cell: nil, isCheckbox: false) == "Taxable Payroll")
        // The header may sit higher, at the top of a tall header cell: up to 45 points above still beats the text
        // below a box.
        let lowerBox = PDFRect(x: 100, y: 425, width: 120, height: 35)
        #expect(finder.label(for: lowerBox, cell: nil, isCheckbox: false) == "Taxable Payroll")
        // On a scanned page the line below such a box is read only when nothing is right above it.
        #expect(finder.hasCaptionAbove(for: cell) && !finder.hasCaptionAbove(for: lowerBox))
        // A one-line field 6 points under a heading and 2 over its caption still takes the nearer caption below.
        let underline = LabelFinder(words: [
            word("Payroll", x: 150, y: 383, line: 0), word("Date", x: 110, y: 417, line: 1),
        ])
        let line = PDFRect(x: 100, y: 400, width: 120, height: 15)
        #expect(underline.label(for: line, cell: nil, isCheckbox: false) == "Date")
    }

    @Test func aBoxHoldingAValueIsNamedByTheCaptionBeforeIt() {
        // "First Name: [Jackie        ]": the room after the value was found in the box; the caption outside names
        // the whole box.
        let box = PDFRect(x: 132, y: 97, width: 197, height: 15)
        let room = PDFRect(x: 168, y: 97, width: 161, height: 15)
        let filled = LabelFinder(words: [
            word("First", x: 56, y: 99, line: 0), word("Name:", x: 84, y: 99, line: 0),
            word("Jackie", x: 135, y: 99, line: 0),
        ])
        #expect(filled.valueCaption(for: room, cell: box) == "First Name:")
        // A caption in the box ("Name:") is the box's own: the room after it is the field.
        let captioned = LabelFinder(words: [word("Part", x: 56, y: 99, line: 0), word("Name:", x: 135, y: 99, line: 0)])
        #expect(captioned.valueCaption(for: room, cell: box) == nil)
        // Small print in the box's corner is a caption too, however the text before the box reads.
        let corner = LabelFinder(words: [
            word("First", x: 56, y: 99, line: 0), word("Name:", x: 84, y: 99, line: 0),
            PDFWord(text: "Given", rect: PDFRect(x: 135, y: 97.5, width: 20, height: 6), lineIndex: 0),
        ])
        #expect(corner.valueCaption(for: room, cell: box) == nil)
        // Neither a line number nor the end of a sentence before the box is a caption.
        for before in [[word("12", x: 100, y: 99, line: 0)], [word("return.", x: 90, y: 99, line: 0)]] {
            let finder = LabelFinder(words: before + [word("Jackie", x: 135, y: 99, line: 0)])
            #expect(finder.valueCaption(for: room, cell: box) == nil)
        }
        // A caption too far to the left belongs to something else.
        let far = LabelFinder(words: [word("Name:", x: 0, y: 99, line: 0), word("Jackie", x: 135, y: 99, line: 0)])
        #expect(far.valueCaption(for: room, cell: box) == nil)
        // A box whose text fills it from the left edge (no room found after a value) is not this case.
        #expect(filled.valueCaption(for: box, cell: box) == nil)
    }

    @Test func dotLeadersLeadToTheCaptionAndAreNotPartOfIt() {
        // "Multiply the number of other dependents by $500 . . . . . . . . . . . . . $ [box]": the leaders run
        // 190 points; the caption is the words they lead from, without the leaders or the lone dollar sign.
        var words: [PDFWord] = []
        var x = 100.0
        for text in ["Multiply", "the", "number", "of", "other", "dependents", "by", "$500"] {
            words.append(word(text, x: x, y: 100, line: 0))
            x += Double(text.count) * 5 + 3
        }
        words += (0..<18).map { word(".", x: x + 8 + Double($0) * 10.5, y: 100, line: 0) }
        words.append(word("$", x: 552, y: 100, line: 0))
        let finder = LabelFinder(words: words)
        let box = PDFRect(x: 562, y: 98, width: 66, height: 15)
        let raw = finder.label(for: box, cell: nil, isCheckbox: false)
        #expect(raw.hasPrefix("Multiply the number of other dependents by $500 . ."))
        #expect(LabelFinder.cleaned(raw) == "Multiply the number of other dependents by $500")
        #expect(FieldTyper.type(label: raw, width: 66, height: 15, isCheckbox: false) == .number)
        #expect(LabelFinder.cleaned("Name ______ ~~~~ … (first)") == "Name (first)")
        // Without leaders a gap wider than 12 points still ends the caption.
        let apart = LabelFinder(words: [word("Column", x: 40, y: 100, line: 0), word("Total", x: 420, y: 100, line: 0)])
        #expect(apart.label(for: box, cell: nil, isCheckbox: false) == "Total")
    }

    @Test func aWordInsideAnotherFieldIsNeverThisFieldsCaption() {
        // "Jr" is the value printed in the suffix field to the left; the prefix field's caption is under it.
        let suffix = PDFRect(x: 186, y: 100, width: 38, height: 18)
        let prefix = PDFRect(x: 234, y: 100, width: 38, height: 18)
        let words = [word("Jr", x: 190, y: 104, line: 0), word("PREFIX", x: 236, y: 121, line: 1)]
        #expect(LabelFinder(words: words).label(for: prefix, cell: nil, isCheckbox: false) == "Jr")
        let finder = LabelFinder(words: words, fields: [suffix, prefix])
        #expect(finder.label(for: prefix, cell: nil, isCheckbox: false) == "PREFIX")
    }

    @Test func aColumnNumberCaptionTakesTheHeaderAboveIt() {
        // A table column: two header lines, a blank gap, the column's number, then the cell.
        let finder = LabelFinder(words: [
            word("Contributions", x: 520, y: 205, line: 0), word("Actually", x: 521, y: 218, line: 1),
            word("Paid", x: 560, y: 218, line: 1), word("(6)", x: 541, y: 245, line: 2),
        ])
        let cell = PDFRect(x: 504, y: 258, width: 89, height: 90)
        #expect(finder.label(for: cell, cell: nil, isCheckbox: false) == "Contributions Actually Paid (6)")
        // A caption with a word stays as it is.
        let named = LabelFinder(words: [word("Header", x: 520, y: 230, line: 0), word("Amount", x: 520, y: 245, line: 1)])
        #expect(named.label(for: cell, cell: nil, isCheckbox: false) == "Amount")
    }

    @Test func aNearCaptionIsOneThatWordsBelowAndAboveCannotChange() {
        // Scanned pages are read near each field first; below and above only where that found no caption.
        let field = PDFRect(x: 200, y: 300, width: 150, height: 15)
        let left = word("Name:", x: 160, y: 302, line: 0)
        let far = [word("Signature", x: 210, y: 318, line: 1), word("Heading", x: 210, y: 286, line: 0)]
        let near = LabelFinder(words: [left])
        #expect(near.hasNearCaption(for: field, cell: nil, isCheckbox: false))
        #expect(LabelFinder(words: [left] + far).label(for: field, cell: nil, isCheckbox: false) == "Name:")
        #expect(!LabelFinder(words: far).hasNearCaption(for: field, cell: nil, isCheckbox: false))
        #expect(LabelFinder(words: far).label(for: field, cell: nil, isCheckbox: false) == "Signature")

        // A check box's caption on its right is near; a cell holding only a column number is not.
        let box = PDFRect(x: 100, y: 400, width: 10, height: 10)
        let yes = LabelFinder(words: [word("Yes", x: 114, y: 399, line: 0)])
        #expect(yes.hasNearCaption(for: box, cell: nil, isCheckbox: true))
        let cell = PDFRect(x: 500, y: 240, width: 90, height: 110)
        let inCell = PDFRect(x: 504, y: 258, width: 82, height: 90)
        let number = LabelFinder(words: [word("(6)", x: 541, y: 245, line: 0)])
        #expect(!number.hasNearCaption(for: inCell, cell: cell, isCheckbox: false))
        let named = LabelFinder(words: [word("Amount", x: 520, y: 244, line: 0)])
        #expect(named.hasNearCaption(for: inCell, cell: cell, isCheckbox: false))
    }
}
