import FormFill
import Foundation
import LegiblePDF
import Testing
import TestSupport

@Suite("FormFiller on bad input")
struct FormFillerHostileTests {
    static let english = FormFixtures.interactive("pdfcpu__pdfcpu__pkg__samples__form__demo__english.pdf")

    @Test("unknown keys are warnings; the rest is filled")
    func unknownKeys() throws {
        let document = try PDFDocument(contentsOf: Self.english)
        let fields = try FillField.acroFormFields(of: document)
        let field = try #require(try FormFixtures.firstTextField(fields, in: document))
        let result = try FormFiller().fill(
            document: document, fields: fields,
            values: FillValues([field.id: "Ada", "no such field": "x"]), mode: .overlay)
        #expect(result.filledCount == 1)
        #expect(result.warnings.contains { $0.kind == .unknownKey && $0.field == "no such field" })
    }

    @Test("values that are not UTF-8, not JSON or the wrong shape are refused with a reason")
    func badValues() {
        #expect(throws: FillError.self) { try FillValues(json: Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0x22, 0x7D])) }
        #expect(throws: FillError.self) { try FillValues(json: Data("not json".utf8)) }
        #expect(throws: FillError.self) { try FillValues(json: Data("[1, 2]".utf8)) }
        #expect(throws: FillError.self) { try FillValues(json: Data()) }
    }

    @Test("the seed contract's list and booleans parse")
    func listAndBooleans() throws {
        let list = try FillValues(json: Data(#"[{"fieldRegionId":"a","value":"x","source":"manual"}]"#.utf8))
        #expect(list.entries == [FillValues.Entry(key: "a", value: "x")])
        let object = try FillValues(json: Data(#"{"agree": true, "n": 3}"#.utf8))
        #expect(object.entries == [FillValues.Entry(key: "agree", value: "true"), FillValues.Entry(key: "n", value: "3")])
    }

    @Test("a 10 MB value is skipped with a warning, control characters are dropped")
    func hugeValue() throws {
        let document = try PDFDocument(contentsOf: Self.english)
        let fields = try FillField.acroFormFields(of: document)
        let field = try #require(try FormFixtures.firstTextField(fields, in: document))
        let huge = String(repeating: "A", count: 10 << 20)
        for mode in FillMode.allCases {
            let result = try FormFiller().fill(
                document: document, fields: fields, values: FillValues([field.id: huge]), mode: mode)
            #expect(result.warnings.contains { $0.kind == .skipped })
            #expect(try PDFDocument(data: result.data).pageCount == document.pageCount)
        }
        let result = try FormFiller().fill(
            document: document, fields: fields, values: FillValues([field.id: "A\u{0}B\u{7}C"]), mode: .overlay)
        let page = try PDFDocument(data: result.data).page(at: field.pageIndex)
        #expect(FormFixtures.text(in: field.rect, of: page).contains("ABC"))
    }

    @Test("read-only fields are not set")
    func readOnly() throws {
        let document = try PDFDocument(contentsOf: Self.english)
        var fields = try FillField.acroFormFields(of: document)
        let index = try #require(fields.firstIndex { $0.kind == .text })
        fields[index].isReadOnly = true
        let result = try FormFiller().fill(
            document: document, fields: fields, values: FillValues([fields[index].id: "x"]), mode: .interactive)
        #expect(result.warnings.contains { $0.kind == .readOnly })
        #expect(result.filledCount == 0)
    }

    @Test("a signature file path is refused unless files are allowed; a non-PNG file is an error")
    func signatureFiles() throws {
        let document = try PDFDocument(contentsOf: Self.english)
        let box = FillField(id: "sig", pageIndex: 0, rect: PDFRect(x: 50, y: 50, width: 150, height: 40), kind: .signature)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("legible-not-a.png").path
        try Data("this is text, not a PNG".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Without permission the path is just typed text.
        let typed = try FormFiller().fill(document: document, fields: [box], values: FillValues(["sig": path]), mode: .overlay)
        #expect(typed.filledCount == 1)
        #expect(throws: FillError.self) {
            try FormFiller(options: FillOptions(allowsImageFiles: true)).fill(
                document: document, fields: [box], values: FillValues(["sig": path]), mode: .overlay)
        }
    }

    @Test("the input file is never modified")
    func inputUntouched() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: Self.english))
        let document = try PDFDocument(contentsOf: Self.english)
        let fields = try FillField.acroFormFields(of: document)
        let values = FillValues(Dictionary(uniqueKeysWithValues: fields.map { ($0.id, "Ünïcode 测试") }))
        for mode in FillMode.allCases {
            _ = try FormFiller().fill(document: document, fields: fields, values: values, mode: mode)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: Self.english)) == before)
    }

    @Test("every interactive form, filled both ways, opens in Poppler and renders")
    func everyForm() throws {
        let forms = FormFixtures.allInteractive
        #expect(forms.count > 20)
        for path in forms {
            let document: PDFDocument
            do { document = try PDFDocument(contentsOf: path) } catch { continue }  // XFA-only or encrypted
            let fields = try FillField.acroFormFields(of: document)
            var values: [String: String] = [:]
            for field in fields {
                switch field.kind {
                case .checkbox, .radio: values[field.id] = "yes"
                case .signature: values[field.id] = "Ada Lovelace"
                default: values[field.id] = "Zoë Ω Ж 中 42"
                }
            }
            for mode in FillMode.allCases where mode == .overlay || !fields.isEmpty {
                let result: FillResult
                do {
                    result = try FormFiller().fill(
                        document: document, fields: fields, values: FillValues(values), mode: mode)
                } catch {
                    Issue.record("\(path) \(mode): \(error)")
                    continue
                }
                let output = try PDFDocument(data: result.data)
                #expect(output.pageCount == document.pageCount, "\(path) \(mode)")
                let image = try output.page(at: 0).render(dpi: 36)
                #expect(image.width > 0, "\(path) \(mode)")
            }
        }
    }

    @Test("a form without default resources (/DR) fills interactively (Legible draws the appearance) and as an overlay")
    func noDefaultResources() throws {
        let document = try PDFDocument(contentsOf: FormFixtures.interactive("Hopding__pdf-lib__assets__pdfs__with_comments.pdf"))
        let fields = try FillField.acroFormFields(of: document)
        let field = try #require(fields.first { $0.kind == .text && !$0.isReadOnly })
        let values = FillValues([field.id: "42.00"])
        // Poppler 22.12 crashes drawing text for such a form; the composed fill never asks it to.
        let interactive = try FormFiller().fill(document: document, fields: fields, values: values, mode: .interactive)
        #expect(interactive.filledCount == 1)
        let filled = try PDFDocument(data: interactive.data)
        #expect(try filled.formWidgets().first { $0.fieldID == field.acroFormFieldID }?.value == "42.00")
        #expect(try FormFixtures.inkRatio(in: field.rect, of: try filled.page(at: field.pageIndex)) > 0.01)
        let overlay = try FormFiller().fill(document: document, fields: fields, values: values, mode: .overlay)
        #expect(overlay.filledCount == 1)
        let page = try PDFDocument(data: overlay.data).page(at: field.pageIndex)
        #expect(FormFixtures.text(in: field.rect, of: page).contains("42.00"))
    }

    /// The message with which filling a fuzzing regression (`Fuzz/Regressions/pdf-form/NAME`) in `mode`
    /// fails, with "x" for every field (or "true" for check boxes and radio buttons, the only ones set with
    /// `buttons`); nil when it fills.
    static func refusal(of name: String, mode: FillMode, buttons: Bool = false) throws -> String? {
        let url = Fixtures.packageRoot.appendingPathComponent("Fuzz/Regressions/pdf-form/\(name)")
        let document = try PDFDocument(contentsOf: url.path)
        let fields = try FillField.acroFormFields(of: document)
        let set = buttons ? fields.filter { $0.kind == .checkbox || $0.kind == .radio } : fields
        guard !set.isEmpty else { return nil }
        let values = FillValues(set.map { FillValues.Entry(key: $0.id, value: buttons ? "true" : "x") })
        do {
            _ = try FormFiller().fill(document: document, fields: fields, values: values, mode: mode)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("a rebuilt document whose embedded font's name table overstates its records is refused, naming the font")
    func damagedEmbeddedFont() throws {
        // Found by fuzzing: Cairo 1.16's font subsetter read past such a table while finishing the printed overlay.
        let name = "font-name-table-overstates-its-records-liberation-serif.pdf"
        let message = try Self.refusal(of: name, mode: .overlay)
        let expected = "font program in object 21: its name table lists 7681 records but holds 2931 bytes"
        #expect(message?.contains(expected) == true, "\(message ?? "filled")")
    }

    @Test("a rebuilt form whose radio group has a member that is no button widget is refused for buttons, naming it")
    func damagedButtonGroup() throws {
        // Found by fuzzing: Poppler 22.12 read a missing or foreign widget's on-state setting a button of the group.
        let names = [
            "radio-group-member-whose-widget-subtype-is-damaged.pdf", "radio-group-member-of-another-field-type.pdf",
        ]
        let expected = "button field 'female' has a member that is not a button widget or a field of its own"
        for name in names {
            let message = try Self.refusal(of: name, mode: .interactive, buttons: true)
            #expect(message?.contains(expected) == true, "\(name): \(message ?? "filled")")
        }
    }
}
