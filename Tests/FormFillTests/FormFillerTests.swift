import FormFill
import Foundation
import LegibleImaging
import LegiblePDF
import Testing

@Suite("FormFiller round trips")
struct FormFillerTests {
    static let scripts: [(form: String, value: String)] = [
        ("pdfcpu__pdfcpu__pkg__samples__form__demo__english.pdf", "Zoë Ångström-Žižek"),
        ("pdfcpu__pdfcpu__pkg__samples__form__demo__ukrainian.pdf", "Тарас Шевченко"),
        ("pdfcpu__pdfcpu__pkg__samples__form__demo__greek.pdf", "Αλέξανδρος Παπαδόπουλος"),
        ("pdfcpu__pdfcpu__pkg__samples__form__demo__chineseSimple.pdf", "张伟住在北京"),
    ]

    @Test("overlay values read back by Poppler text extraction", arguments: 0..<4)
    func overlayRoundTrip(case index: Int) throws {
        let (form, value) = Self.scripts[index]
        let document = try PDFDocument(contentsOf: FormFixtures.interactive(form))
        let fields = try FillField.acroFormFields(of: document)
        let field = try #require(try FormFixtures.firstTextField(fields, in: document))
        let result = try FormFiller().fill(
            document: document, fields: fields, values: FillValues([field.id: value]), mode: .overlay)
        #expect(result.filledCount == 1)
        let output = try PDFDocument(data: result.data)
        #expect(output.pageCount == document.pageCount)
        let page = try output.page(at: field.pageIndex)
        let original = try document.page(at: field.pageIndex)
        #expect(abs(page.width - original.width) < 0.5 && abs(page.height - original.height) < 0.5)
        // A widget's own appearance (a placeholder such as "dd.mm.yyyy") may print under the value.
        #expect(FormFixtures.text(in: field.rect, of: page).contains(value.replacing(" ", with: "")))
    }

    @Test("interactive values read back through the AcroForm and are drawn", arguments: 0..<4)
    func interactiveRoundTrip(case index: Int) throws {
        let (form, value) = Self.scripts[index]
        let document = try PDFDocument(contentsOf: FormFixtures.interactive(form))
        let fields = try FillField.acroFormFields(of: document)
        let field = try #require(try FormFixtures.firstTextField(fields, in: document))
        let result = try FormFiller().fill(
            document: document, fields: fields, values: FillValues([field.id: value]), mode: .interactive)
        #expect(result.filledCount == 1)
        let output = try PDFDocument(data: result.data)
        let widget = try #require(try output.formWidgets().first { $0.fieldID == field.acroFormFieldID })
        #expect(widget.value == value)
        // An appearance stream exists: the box has ink when rendered.
        #expect(try FormFixtures.inkRatio(in: field.rect, of: try output.page(at: field.pageIndex)) > 0.01)
    }

    @Test("checkbox: check mark in overlay, on-state in interactive")
    func checkbox() throws {
        let document = try PDFDocument(contentsOf: FormFixtures.interactive(
            "pdfcpu__pdfcpu__pkg__samples__form__demo__english.pdf"))
        let fields = try FillField.acroFormFields(of: document)
        let box = try #require(fields.first { $0.kind == .checkbox && !$0.isReadOnly })
        let overlay = try FormFiller().fill(
            document: document, fields: fields, values: FillValues([box.id: "yes"]), mode: .overlay)
        let page = try PDFDocument(data: overlay.data).page(at: box.pageIndex)
        #expect(FormFixtures.text(in: box.rect, of: page).contains("✓"))
        let interactive = try FormFiller().fill(
            document: document, fields: fields, values: FillValues([box.id: "true"]), mode: .interactive)
        let widget = try #require(
            try PDFDocument(data: interactive.data).formWidgets().first { $0.fieldID == box.acroFormFieldID })
        #expect(widget.value == "On")
    }

    @Test("comb: one character per cell; too long is truncated with a warning")
    func comb() throws {
        let document = try PDFDocument(contentsOf: FormFixtures.interactive(
            "apache__pdfbox__pdfbox__src__test__resources__org__apache__pdfbox__pdmodel__interactive__form__CombTest.pdf"))
        var fields = try FillField.acroFormFields(of: document)
        let index = try #require(fields.firstIndex { $0.maxLength != nil && $0.kind == .text || $0.kind == .comb })
        fields[index].kind = .comb
        let cells = try #require(fields[index].maxLength)
        let value = String("1234567890ABCDEFGHIJ".prefix(cells))
        let result = try FormFiller().fill(
            document: document, fields: fields, values: FillValues([fields[index].id: value]), mode: .overlay)
        let page = try PDFDocument(data: result.data).page(at: fields[index].pageIndex)
        #expect(FormFixtures.text(in: fields[index].rect, of: page) == value)
        let long = try FormFiller().fill(
            document: document, fields: fields,
            values: FillValues([fields[index].id: value + "XYZ"]), mode: .overlay)
        #expect(long.warnings.contains { $0.kind == .truncated })
    }

    @Test("multiline: wrapped lines all read back")
    func multiline() throws {
        let document = try PDFDocument(contentsOf: FormFixtures.interactive(
            "apache__pdfbox__pdfbox__src__test__resources__org__apache__pdfbox__pdmodel__interactive__form__MultilineFields.pdf"))
        let fields = try FillField.acroFormFields(of: document)
        let field = try #require(fields.first { $0.kind == .multiline && !$0.isReadOnly })
        let value = "First line here\nSecond line with Ünïcode"
        let result = try FormFiller().fill(
            document: document, fields: fields, values: FillValues([field.id: value]), mode: .overlay)
        #expect(result.warnings.isEmpty)
        let page = try PDFDocument(data: result.data).page(at: field.pageIndex)
        let text = FormFixtures.text(in: field.rect, of: page)
        #expect(text.contains("First") && text.contains("Ünïcode"))
    }

    @Test("signature: a PNG data URL is drawn into the box; a non-PNG is refused")
    func signatureImage() throws {
        let document = try PDFDocument(contentsOf: FormFixtures.interactive(
            "pdfcpu__pdfcpu__pkg__samples__form__demo__english.pdf"))
        let source = try document.page(at: 0)
        let png = try source.render(dpi: 72, clip: PDFRect(x: 0, y: 0, width: 200, height: 60)).pngData()
        let box = PDFRect(x: 300, y: source.height - 120, width: 200, height: 60)
        let blank = try FormFixtures.inkRatio(in: box, of: source)
        let signature = FillField(id: "sig", pageIndex: 0, rect: box, kind: .signature)
        let url = "data:image/png;base64," + png.base64EncodedString()
        let result = try FormFiller().fill(
            document: document, fields: [signature], values: FillValues(["sig": url]), mode: .overlay)
        let ink = try FormFixtures.inkRatio(in: box, of: try PDFDocument(data: result.data).page(at: 0))
        #expect(ink > blank + 0.005)
        let notPNG = "data:image/png;base64," + Data("GIF89a this is not a png at all".utf8).base64EncodedString()
        #expect(throws: FillError.self) {
            try FormFiller().fill(
                document: document, fields: [signature], values: FillValues(["sig": notPNG]), mode: .overlay)
        }
    }

    @Test("interactive, Western European Latin values: no whole font embedded (output at most 1.3x the input)")
    func interactiveLatinSize() throws {
        // Its fields use unembedded Helvetica without an encoding; before WinAnsiEncoding was given to such
        // fonts, an "ë" made Poppler embed a whole system font per field (119 KB -> 9 MB).
        let path = FormFixtures.interactive("Hopding__pdf-lib__assets__pdfs__sample_form.pdf")
        let document = try PDFDocument(contentsOf: path)
        let fields = try FillField.acroFormFields(of: document)
        let texts = fields.filter { $0.kind == .text && !$0.isReadOnly && ($0.maxLength ?? 99) >= 20 }
        #expect(texts.count >= 10)
        let value = "Zoë Ångström-Žižek, Café Crème"
        let result = try FormFiller().fill(
            document: document, fields: fields, values: FillValues(Dictionary(uniqueKeysWithValues: texts.map { ($0.id, value) })),
            mode: .interactive)
        #expect(result.filledCount == texts.count)
        let ratio = Double(result.data.count) / Double(document.data.count)
        #expect(ratio <= 1.3, "output is \(result.data.count) bytes, \(ratio)x the input's \(document.data.count)")
        let output = try PDFDocument(data: result.data)
        let widgets = try output.formWidgets()
        for field in texts {
            #expect(widgets.first { $0.fieldID == field.acroFormFieldID }?.value == value)
        }
        // Still drawn: the first field's box has ink.
        let first = try #require(texts.first)
        #expect(try FormFixtures.inkRatio(in: first.rect, of: try output.page(at: first.pageIndex)) > 0.01)
    }

    @Test("the form's alignment (/Q) is read and a right-aligned value ends at the box's right edge")
    func alignment() throws {
        let document = try PDFDocument(contentsOf: FormFixtures.interactive(
            "apache__pdfbox__pdfbox__src__test__resources__org__apache__pdfbox__pdmodel__interactive__form__AlignmentTests.pdf"))
        let fields = try FillField.acroFormFields(of: document)
        func named(_ prefix: String) -> [FillField] { fields.filter { ($0.name ?? "").hasPrefix(prefix) } }
        #expect(!named("AlignLeft").isEmpty && named("AlignLeft").allSatisfy { $0.alignment == 0 })
        #expect(!named("AlignMiddle").isEmpty && named("AlignMiddle").allSatisfy { $0.alignment == 1 })
        #expect(!named("AlignRight").isEmpty && named("AlignRight").allSatisfy { $0.alignment == 2 })

        let right = try #require(named("AlignRight").filter { $0.rect.width > 100 && !$0.isReadOnly && $0.kind == .text }.first)
        let left = try #require(named("AlignLeft").filter { $0.rect.width > 100 && !$0.isReadOnly && $0.kind == .text }.first)
        let result = try FormFiller().fill(
            document: document, fields: fields, values: FillValues([right.id: "RIGHT42", left.id: "LEFT42"]),
            mode: .overlay)
        let page = try PDFDocument(data: result.data).page(at: right.pageIndex)
        let rightWord = try #require(page.words().first { $0.text.contains("RIGHT42") })
        let leftWord = try #require(page.words().first { $0.text.contains("LEFT42") })
        #expect(right.rect.maxX - rightWord.rect.maxX < right.rect.width * 0.15)
        #expect(rightWord.rect.x - right.rect.x > right.rect.width * 0.4)
        #expect(leftWord.rect.x - left.rect.x < left.rect.width * 0.15)
    }

    @Test("overlay hides a filled field's old appearance (its previous value does not print under the new one)")
    func oldAppearanceHidden() throws {
        var checked = 0
        for path in FormFixtures.allInteractive where checked < 3 {
            guard let document = try? PDFDocument(contentsOf: path) else { continue }
            let fields = try FillField.acroFormFields(of: document)
            let widgets = try document.formWidgets()
            for field in fields where !field.isReadOnly && field.rect.width >= 60 && [.text, .choice].contains(field.kind) {
                guard let old = widgets.first(where: { $0.fieldID == field.acroFormFieldID })?.value,
                    old.count >= 3, !old.contains("\n")
                else { continue }
                // Filled as an overlay without a value of its own, the field's appearance prints its old value.
                let untouched = try FormFiller().fill(document: document, fields: fields, values: FillValues([:]), mode: .overlay)
                let before = FormFixtures.text(in: field.rect, of: try PDFDocument(data: untouched.data).page(at: field.pageIndex))
                guard before.contains(old.replacing(" ", with: "")) else { continue }
                let result = try FormFiller().fill(
                    document: document, fields: fields, values: FillValues([field.id: "QX7"]), mode: .overlay)
                let after = FormFixtures.text(in: field.rect, of: try PDFDocument(data: result.data).page(at: field.pageIndex))
                #expect(after.contains("QX7"), "\(path) \(field.name ?? field.id)")
                #expect(!after.contains(old.replacing(" ", with: "")), "\(path) \(field.name ?? field.id): \(after)")
                // The caller's document is not changed: another overlay still prints the old value.
                let again = try FormFiller().fill(document: document, fields: fields, values: FillValues([:]), mode: .overlay)
                #expect(FormFixtures.text(in: field.rect, of: try PDFDocument(data: again.data).page(at: field.pageIndex)) == before)
                checked += 1
                break
            }
        }
        #expect(checked >= 1, "no form with a visible prefilled value found")
    }
}
