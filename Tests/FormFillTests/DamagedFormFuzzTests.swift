import FormFields
import FormFill
import Foundation
import LegiblePDF
import TestSupport
import Testing

/// Detecting and filling damaged copies of real forms: bytes changed where the cross-references and trailer
/// live, digits of offsets changed, files cut short. Whatever Poppler still opens must be detected and filled
/// without a crash, and whatever is returned must open again.
@Suite("Filling damaged forms")
struct DamagedFormFuzzTests {
    /// Damaged copies per form (LEGIBLE_FUZZ_ROUNDS overrides, for longer runs by hand).
    static let rounds = ProcessInfo.processInfo.environment["LEGIBLE_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 60

    static let forms = [
        "pdfcpu__pdfcpu__pkg__samples__form__demo__english.pdf", "pymupdf__PyMuPDF__tests__resources__test_4114.pdf",
        "Hopding__pdf-lib__assets__pdfs__sample_form.pdf",
    ]

    static func damaged(_ bytes: [UInt8], round: Int, using generator: inout SplitMix) -> [UInt8] {
        var copy = bytes
        let tail = max(0, copy.count - 4096)
        switch round % 3 {
        case 0:
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                copy[Int.random(in: tail..<copy.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
        case 1:
            let digits = copy.indices.filter { $0 >= tail && (0x30...0x39).contains(copy[$0]) }
            for _ in 0..<min(digits.count, Int.random(in: 1...6, using: &generator)) {
                copy[digits.randomElement(using: &generator)!] = UInt8.random(in: 0x30...0x39, using: &generator)
            }
        default:
            copy.removeLast(Int.random(in: 1...max(1, copy.count / 5), using: &generator))
        }
        return copy
    }

    @Test("damaged copies fill or fail with an error; every result opens", arguments: forms)
    func damagedCopies(form: String) throws {
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: FormFixtures.interactive(form))))
        var generator = SplitMix(seed: 20261125)
        var opened = 0, filled = 0
        for round in 0..<Self.rounds {
            let bytes = Self.damaged(original, round: round, using: &generator)
            guard let document = try? PDFDocument(data: Data(bytes)), let fields = try? FillField.acroFormFields(of: document)
            else { continue }
            opened += 1
            // Detection reads the same damaged structures (page text, widgets, rendering).
            _ = try? FormFieldDetector().detect(document)
            var values: [String: String] = [:]
            for field in fields.prefix(12) { values[field.id] = field.kind == .checkbox ? "yes" : "Ada Lovelace 1815" }
            for mode in FillMode.allCases {
                guard let result = try? FormFiller().fill(document: document, fields: fields, values: FillValues(values), mode: mode)
                else { continue }
                filled += 1
                #expect((try? PDFDocument(data: result.data)) != nil, "\(form) round \(round) \(mode)")
            }
        }
        // Most damage is survivable: Poppler reconstructs, and the fill takes the redrawing path.
        #expect(opened > 10 && filled > 10, "\(form): opened \(opened), filled \(filled)")
    }

    @Test("absurd numbers in a form's structure do not trap")
    func absurdNumbers() throws {
        // A widget rectangle and appearance box far beyond any page, an appearance matrix of zeros.
        let huge = "99999999999999.5"
        let input = MinimalPDFForm.make(rect: "[10 10 \(huge) 30]", bbox: "[0 0 \(huge) 20]", matrix: "[0 0 0 0 0 0]")
        let document = try PDFDocument(data: input)
        let fields = try FillField.acroFormFields(of: document)
        for mode in FillMode.allCases {
            if let result = try? FormFiller().fill(
                document: document, fields: fields, values: FillValues(["name": "Ada"]), mode: mode)
            {
                #expect((try? PDFDocument(data: result.data)) != nil, "\(mode)")
            }
        }
    }
}

/// A one-page form with one text field named `name`, its rectangle, appearance box and matrix as given.
enum MinimalPDFForm {
    static func make(rect: String, bbox: String, matrix: String) -> Data {
        let appearance = "/Tx BMC BT /Helv 10 Tf 2 5 Td (old) Tj ET EMC"
        return MinimalPDF.build([
            "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] /DR << /Font << /Helv 6 0 R >> >> /DA (/Helv 0 Tf 0 g) >> >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Annots [4 0 R] >>",
            "<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /F 4 /Rect \(rect) /P 3 0 R /DA (/Helv 0 Tf 0 g) /AP << /N 5 0 R >> >>",
            "<< /Type /XObject /Subtype /Form /BBox \(bbox) /Matrix \(matrix) /Resources << /Font << /Helv 6 0 R >> >> /Length \(appearance.utf8.count) >>\nstream\n\(appearance)\nendstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ])
    }
}
