import FormFill
import Foundation
import LegiblePDF
import TestSupport
import Testing

/// The overlay written as an incremental update: original bytes kept, values placed on rotated and cropped
/// pages, interactive forms flattened, and the redrawn path taken when the structure cannot be updated.
@Suite("Overlay composition")
struct OverlayCompositionTests {
    @Test("a flat form's overlay keeps the original bytes and text and appends the values", arguments: [
        "Hopding__pdf-lib__assets__pdfs__sample_form.flat.pdf", "mozilla__pdf.js__test__pdfs__bug1669099.flat.pdf",
        "pymupdf__PyMuPDF__tests__resources__test_4114.flat.pdf",
    ])
    func flatFormUpdate(name: String) throws {
        let input = try Data(contentsOf: FormsFixture.derived(name))
        let document = try PDFDocument(data: input)
        let page = try document.page(at: 0)
        let field = FillField(
            id: "f", pageIndex: 0, rect: PDFRect(x: 40, y: 40, width: 200, height: 20), kind: .text)
        let result = try FormFiller().fill(
            document: document, fields: [field], values: FillValues(["f": "Ωmega Ünïcode"]), mode: .overlay)
        #expect(result.data.prefix(input.count) == input, "the original bytes come first, unchanged")
        let output = try PDFDocument(data: result.data)
        #expect(output.pageCount == document.pageCount)
        let filledPage = try output.page(at: 0)
        let words = filledPage.words().filter { field.rect.contains(x: $0.rect.midX, y: $0.rect.midY) }.map(\.text)
        #expect(words.contains("Ωmega") && words.contains("Ünïcode"), "\(words)")
        // Every word of the original page is still extractable (the content stream is the original one).
        let before = page.words().map(\.text).filter { $0.count > 2 }
        let after = Set(filledPage.words().map(\.text))
        #expect(before.filter { !after.contains($0) }.count <= 2, "lost: \(before.filter { !after.contains($0) }.prefix(5))")
        // The overlay's only font is a subset, not a whole font: the update is small.
        #expect(result.data.count - input.count < 40_000)
    }

    @Test("on rotated and cropped pages the value lands in its box as displayed", arguments: [0, 90, 180, 270])
    func rotatedPage(rotate: Int) throws {
        let input = MinimalPDF.labelledPage(rotate: rotate)
        let document = try PDFDocument(data: input)
        let page = try document.page(at: 0)
        let turned = rotate % 180 != 0
        #expect(abs(page.width - (turned ? 280 : 360)) < 0.5 && abs(page.height - (turned ? 360 : 280)) < 0.5)
        let rect = PDFRect(x: 30, y: 40, width: 150, height: 24)
        let field = FillField(id: "f", pageIndex: 0, rect: rect, kind: .text)
        let result = try FormFiller().fill(
            document: document, fields: [field], values: FillValues(["f": "TURNED"]), mode: .overlay)
        #expect(result.data.prefix(input.count) == input)
        let output = try PDFDocument(data: result.data).page(at: 0)
        let word = try #require(output.words().first { $0.text == "TURNED" }, "rotation \(rotate)")
        #expect(rect.contains(x: word.rect.midX, y: word.rect.midY), "rotation \(rotate): \(word.rect)")
        #expect(word.rect.height < word.rect.width, "rotation \(rotate): the value reads upright as displayed")
        #expect(output.words().contains { $0.text == "Label" })
    }

    @Test("an interactive form is flattened: no widgets or AcroForm left, other fields keep printing their values")
    func flattened() throws {
        let path = FormFixtures.interactive("pdfcpu__pdfcpu__pkg__samples__form__demo__english.pdf")
        let document = try PDFDocument(contentsOf: path)
        let fields = try FillField.acroFormFields(of: document)
        let widgets = try document.formWidgets()
        let prefilled = try #require(widgets.first { $0.kind == .text && ($0.value ?? "").count >= 3 })
        let target = try #require(try FormFixtures.firstTextField(fields, in: document))
        let result = try FormFiller().fill(
            document: document, fields: fields, values: FillValues([target.id: "Ada"]), mode: .overlay)
        #expect(result.data.prefix(document.data.count) == document.data)
        let output = try PDFDocument(data: result.data)
        #expect(try output.formWidgets().isEmpty)
        let value = try #require(prefilled.value)
        #expect(FormFixtures.text(in: prefilled.rect, of: try output.page(at: prefilled.pageIndex)) == value.replacing(" ", with: ""))
        #expect(FormFixtures.text(in: target.rect, of: try output.page(at: target.pageIndex)) == "Ada")
    }

    @Test("a replaced text field keeps its border but not its placeholder text")
    func placeholderStripped() throws {
        let path = FormFixtures.interactive("pdfcpu__pdfcpu__pkg__samples__form__demo__english.pdf")
        let document = try PDFDocument(contentsOf: path)
        let fields = try FillField.acroFormFields(of: document)
        // dob1 is empty; its appearance prints the placeholder "dd.mm.yyyy" inside a grey border.
        let field = try #require(fields.first { $0.name == "dob1" })
        let blank = try FormFiller().fill(document: document, fields: fields, values: FillValues([:]), mode: .overlay)
        #expect(FormFixtures.text(in: field.rect, of: try PDFDocument(data: blank.data).page(at: 0)) == "dd.mm.yyyy")
        let result = try FormFiller().fill(
            document: document, fields: fields, values: FillValues(["dob1": "01.02.2003"]), mode: .overlay)
        let page = try PDFDocument(data: result.data).page(at: 0)
        #expect(FormFixtures.text(in: field.rect, of: page) == "01.02.2003")
        // The grey border still prints: the top edge is as dark as on the blank overlay, and darker than paper.
        let edge = PDFRect(x: field.rect.x + 4, y: field.rect.y - 1, width: field.rect.width - 8, height: 3)
        let blankEdge = try Self.meanGrey(in: edge, of: try PDFDocument(data: blank.data).page(at: 0))
        #expect(blankEdge < 235)
        #expect(abs(try Self.meanGrey(in: edge, of: page) - blankEdge) < 8)
    }

    /// The mean grey value (0 black, 255 white) of `rect` rendered at 144 dpi.
    static func meanGrey(in rect: PDFRect, of page: PDFPage) throws -> Double {
        let image = try page.render(dpi: 144, clip: rect)
        var sum = 0.0, count = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard let value = image.pixel(x: x, y: y) else { continue }
                sum += Double(value)
                count += 1
            }
        }
        return count == 0 ? 255 : sum / count
    }

    @Test("a file whose cross-references Poppler must rebuild is filled by redrawing its pages")
    func damagedCrossReferences() throws {
        var text = String(decoding: MinimalPDF.labelledPage(rotate: 0), as: UTF8.self)
        let marker = try #require(text.range(of: "startxref\n"))
        let end = try #require(text[marker.upperBound...].firstIndex(of: "\n"))
        text.replaceSubrange(marker.upperBound..<end, with: "9")
        let input = Data(text.utf8)
        let document = try PDFDocument(data: input)
        let field = FillField(id: "f", pageIndex: 0, rect: PDFRect(x: 30, y: 40, width: 150, height: 24), kind: .text)
        let result = try FormFiller().fill(
            document: document, fields: [field], values: FillValues(["f": "REDRAWN"]), mode: .overlay)
        #expect(result.data.prefix(input.count) != input, "the update path refused the damaged file")
        let output = try PDFDocument(data: result.data).page(at: 0)
        #expect(FormFixtures.text(in: field.rect, of: output) == "REDRAWN")
        #expect(output.words().contains { $0.text == "Label" })
    }
}

/// Interactive fills written as incremental updates: values on the fields, appearances drawn by Cairo.
@Suite("Interactive composition")
struct InteractiveCompositionTests {
    static let english = "pdfcpu__pdfcpu__pkg__samples__form__demo__english.pdf"

    @Test("a radio button turned on turns its siblings off; the form keeps its fields and original bytes")
    func radioGroup() throws {
        let document = try PDFDocument(contentsOf: FormFixtures.interactive(Self.english))
        let fields = try FillField.acroFormFields(of: document)
        let radios = fields.filter { $0.kind == .radio && $0.name == "gender1" }
        #expect(radios.count == 3)
        let chosen = radios[1]
        let result = try FormFiller().fill(
            document: document, fields: fields, values: FillValues([chosen.id: chosen.onStateName ?? "yes"]), mode: .interactive)
        #expect(result.filledCount == 1)
        #expect(result.data.prefix(document.data.count) == document.data)
        let widgets = try PDFDocument(data: result.data).formWidgets().filter { $0.name == "gender1" }
        #expect(widgets.map(\.value) == ["Off", "On", "Off"])
        // Turning another one on afterwards moves the selection.
        let again = try FormFiller().fill(
            document: try PDFDocument(data: result.data), fields: fields,
            values: FillValues([radios[2].id: radios[2].onStateName ?? "yes"]), mode: .interactive)
        #expect(try PDFDocument(data: again.data).formWidgets().filter { $0.name == "gender1" }.map(\.value) == ["Off", "Off", "On"])
    }

    @Test("Chinese, Greek and Cyrillic values: readable back from the fields, drawn, no whole font embedded")
    func scripts() throws {
        let document = try PDFDocument(contentsOf: FormFixtures.interactive(Self.english))
        let fields = try FillField.acroFormFields(of: document)
        let names = ["firstName1", "lastName1", "note2"]
        let texts = ["张伟住在北京", "Αλέξανδρος", "Тарас\nШевченко"]
        var values: [String: String] = [:]
        for (name, text) in zip(names, texts) { values[name] = text }
        let result = try FormFiller().fill(document: document, fields: fields, values: FillValues(values), mode: .interactive)
        #expect(result.filledCount == 3)
        // The same request writes the same bytes.
        let again = try FormFiller().fill(document: document, fields: fields, values: FillValues(values), mode: .interactive)
        #expect(again.data == result.data)
        let output = try PDFDocument(data: result.data)
        let widgets = try output.formWidgets()
        for (name, text) in zip(names, texts) {
            let widget = try #require(widgets.first { $0.name == name })
            #expect(widget.value == text, "\(name)")
            #expect(try FormFixtures.inkRatio(in: widget.rect, of: try output.page(at: widget.pageIndex)) > 0.01, "\(name)")
        }
        // A whole CJK font is 16 MB or more; the subsets Cairo writes are tens of kilobytes.
        #expect(result.data.count - document.data.count < 200_000)
    }

    @Test("Latin values embed no font in either mode: the update names the standard Helvetica, no font program")
    func latinValuesEmbedNothing() throws {
        let document = try PDFDocument(contentsOf: FormFixtures.interactive("Hopding__pdf-lib__assets__pdfs__dod_character.pdf"))
        let fields = try FillField.acroFormFields(of: document)
        var values: [String: String] = [:]
        for field in fields where [.text, .multiline].contains(field.kind) && !field.isReadOnly {
            values[field.id] = "Zoë Ångström – 12 €"
        }
        #expect(values.count >= 5)
        for mode in FillMode.allCases {
            let result = try FormFiller().fill(document: document, fields: fields, values: FillValues(values), mode: mode)
            #expect(result.filledCount == values.count, "\(mode)")
            let update = String(decoding: result.data.dropFirst(document.data.count), as: UTF8.self)
            #expect(update.contains("/BaseFont /Helvetica"), "\(mode)")
            #expect(!update.contains("/FontFile"), "\(mode): a font program was embedded")
            #expect(Double(result.data.count) / Double(document.data.count) <= 1.3, "\(mode)")
            let output = try PDFDocument(data: result.data)
            if mode == .interactive {
                let widgets = try output.formWidgets()
                for field in fields where values[field.id] != nil {
                    #expect(widgets.first { $0.fieldID == field.acroFormFieldID }?.value == values[field.id])
                }
            } else {
                // Written text stays text: Poppler extracts it from the page.
                let field = try #require(fields.first { values[$0.id] != nil && $0.rect.width > 150 })
                #expect(FormFixtures.text(in: field.rect, of: try output.page(at: field.pageIndex)).contains("Ångström"))
            }
        }
    }

    @Test("comb fields are recognised from the file's /Ff and filled one character per cell")
    func combFromFile() throws {
        let path = FormFixtures.interactive(
            "apache__pdfbox__pdfbox__src__test__resources__org__apache__pdfbox__pdmodel__interactive__form__CombTest.pdf")
        let document = try PDFDocument(contentsOf: path)
        let fields = try FillField.acroFormFields(of: document)
        #expect(fields.count == 6 && fields.allSatisfy { $0.kind == .comb && $0.maxLength == 10 })
        let field = try #require(fields.first)
        let result = try FormFiller().fill(
            document: document, fields: fields, values: FillValues([field.id: "1234567890"]), mode: .overlay)
        let page = try PDFDocument(data: result.data).page(at: field.pageIndex)
        #expect(FormFixtures.text(in: field.rect, of: page) == "1234567890")
        // The first and last digits sit in the first and last of ten equal cells (one line would end mid-box).
        let cell = field.rect.width / 10
        let inside = page.words().filter { field.rect.contains(x: $0.rect.midX, y: $0.rect.midY) }
        let first = try #require(inside.min { $0.rect.x < $1.rect.x })
        let last = try #require(inside.max { $0.rect.maxX < $1.rect.maxX })
        #expect(first.rect.x - field.rect.x < cell)
        #expect(field.rect.maxX - last.rect.maxX < cell)
    }
}
