import FormFields
import LegiblePDF
import TestSupport
import Testing

@Suite("Fill-in lines typed in the text layer")
struct TextLeaderTests {
    /// A letter-size page with Helvetica 11 lines at the given baselines (points from the bottom).
    /// `drawing` is content stream text drawn before the lines (rulings, frames).
    private func page(_ lines: [(y: Int, text: String)], drawing: String = "") throws -> PDFDocument {
        let content = drawing + lines.map { "BT /F1 11 Tf 60 \($0.y) Td (\($0.text)) Tj ET" }.joined(separator: "\n")
        let data = MinimalPDF.build([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
                + "/Resources << /Font << /F1 5 0 R >> >> >>",
            MinimalPDF.stream(content),
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ])
        return try PDFDocument(data: data)
    }

    @Test func dotLeadersAndUnderscoreRunsAreFieldsNamedByTheirCaptions() throws {
        let dots = String(repeating: ".", count: 40), underscores = String(repeating: "_", count: 30)
        let document = try page([(700, "NOM \(dots) Prenom \(dots)"), (650, "Name: \(underscores)")])
        let regions = try FormFieldDetector(textReader: nil).detect(document)
        #expect(regions.count == 3, "\(regions.map { ($0.label, $0.x, $0.y, $0.width, $0.height) })")
        let labels = regions.sorted { ($0.y, $0.x) < ($1.y, $1.x) }.map(\.label)
        #expect(labels == ["NOM", "Prenom", "Name:"])
        // Each field starts after its caption and sits on its own line (baseline at 92 and 142 points down).
        let nom = try #require(regions.first { $0.label == "NOM" })
        let prenom = try #require(regions.first { $0.label == "Prenom" })
        #expect(nom.x > 80 && nom.x + nom.width < prenom.x)
        #expect(nom.y < 92 && nom.y + nom.height > 92)
        let name = try #require(regions.first { $0.label == "Name:" })
        #expect(name.y < 142 && name.y + name.height > 142 && name.width > 100)
    }

    @Test func leadersToALineNumberAndEllipsesInSentencesAreNotFields() throws {
        let document = try page([
            (700, "Wages, salaries, tips . . . . . . . . . . . . . . . . . . . . 8"),
            (650, "Total to carry over .................................. 12b"),
            (600, "and so on... as the notes explain."),
        ])
        let regions = try FormFieldDetector(textReader: nil).detect(document)
        #expect(regions.isEmpty, "\(regions.map { ($0.label, $0.x, $0.y, $0.width, $0.height) })")
    }

    @Test func leadersToALineNumberWithAFullStopOrToAnArrowAreNotFields() throws {
        let document = try page([
            (700, "Pension exclusion from worksheet . . . . . . . . . . . . . . 10a."),
            (650, "Enter the amount from line 4 ................................ (6)"),
        ])
        let regions = try FormFieldDetector(textReader: nil).detect(document)
        #expect(regions.isEmpty, "\(regions.map { ($0.label, $0.x, $0.y, $0.width, $0.height) })")
    }

    @Test func leadersInsideAFrameRoundASectionAreEachAField() throws {
        let dots = String(repeating: ".", count: 40)
        // One ruled frame round a heading and three lines of captions with dot leaders (a form's section).
        let frame = "1 w 50 560 500 170 re S\n"
        let document = try page(
            [(710, "Donateur"), (680, "Nom \(dots)"), (640, "Adresse \(dots)"), (600, "Commune \(dots)")],
            drawing: frame)
        let regions = try FormFieldDetector(textReader: nil).detect(document)
        let labels = Set(regions.map(\.label))
        #expect(labels.isSuperset(of: ["Nom", "Adresse", "Commune"]), "\(regions.map { ($0.label, $0.y, $0.height) })")
        #expect(!regions.contains { $0.height > 100 }, "the frame is not a field")
    }
}
