import FormFields
import LegiblePDF
import Testing

@Suite("Label agreement (label scoring in ocrbench forms)")
struct LabelAgreementTests {
    @Test func wordsSplitNamesAndDropToolingWords() {
        #expect(LabelAgreement.words("Name_Last") == ["name", "last"])
        #expect(LabelAgreement.words("emergencyPhone2") == ["emergency", "phone"])
        #expect(LabelAgreement.words("Check Box 3") == [])
        #expect(LabelAgreement.words("(6)") == [])
    }

    @Test func agreementByWordOrPrefixAndUnscorableTruth() {
        #expect(LabelAgreement.agrees(label: "LAST", tooltip: "", name: "Name_Last") == true)
        #expect(LabelAgreement.agrees(label: "Addr.", tooltip: "Street address", name: "") == true)
        #expect(LabelAgreement.agrees(label: "Jr", tooltip: "PREFIX", name: "Name_Prefix") == false)
        // Only the last part of a qualified name counts: this one says nothing.
        #expect(LabelAgreement.agrees(label: "Last name", tooltip: "", name: "topmostSubform[0].Page1[0].f1_02[0]") == nil)
    }

    @Test func scoresCountLabelsOfMatchesOnly() {
        let truth = [
            FormScoring.TruthField(
                pageIndex: 0, category: .text, rect: PDFRect(x: 10, y: 10, width: 100, height: 20), name: "Name_Last",
                tooltip: "LAST"),
            FormScoring.TruthField(
                pageIndex: 0, category: .text, rect: PDFRect(x: 10, y: 50, width: 100, height: 20), name: "f1_01[0]"),
            FormScoring.TruthField(
                pageIndex: 0, category: .text, rect: PDFRect(x: 10, y: 90, width: 100, height: 20), name: "City"),
        ]
        func region(_ y: Double, _ label: String) -> FieldRegion {
            FieldRegion(
                id: "r\(y)", pageIndex: 0, x: 10, y: y, width: 100, height: 20, fieldType: .text, label: label,
                confidence: 1, source: .detected)
        }
        let score = FormScoring.score(detected: [region(10, "Last"), region(50, "Anything"), region(90, "Zip")], truth: truth)
        #expect(score.matched == 3)
        #expect(score.labelScored == 2)
        #expect(score.labelAgreed == 1)
        #expect(FormScoring.labelMismatches(detected: [region(90, "Zip")], truth: truth) == [#"p1 City: "Zip" (tooltip "")"#])
    }
}
