import FormFields
import LegiblePDF
import TestSupport
import Testing

@Suite("Glyphs of symbol fonts")
struct SymbolGlyphTests {
    @Test func aCheckBoxDrawnByASymbolFontGlyphIsACheckBox() throws {
        // A 10-point square where the text layer holds one character that its ToUnicode map sends to the
        // Private Use Area (as Wingdings' box U+F0A8 comes out), followed by a caption in Helvetica.
        let cmap = """
            /CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /PUA def
            1 begincodespacerange <00> <FF> endcodespacerange
            1 beginbfchar <61> <F0A8> endbfchar endcmap CMapName currentdict /CMap defineresource pop end end
            """
        let content = """
            0.8 w 60 700 10 10 re S
            BT /F2 10 Tf 3 Tr 60 701 Td (a) Tj ET
            BT /F1 10 Tf 0 Tr 76 701 Td (Oui, je confirme) Tj ET
            """
        let data = MinimalPDF.build([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
                + "/Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>",
            MinimalPDF.stream(content),
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Courier /ToUnicode 7 0 R >>",
            MinimalPDF.stream(cmap),
        ])
        let document = try PDFDocument(data: data)
        let page = try document.page(at: 0)
        #expect(page.words().contains { $0.text.unicodeScalars.first?.value == 0xF0A8 }, "the test needs the PUA word")
        let regions = try FormFieldDetector(textReader: nil).detect(document)
        let box = try #require(regions.first { $0.fieldType == .checkbox }, "\(regions)")
        // The square spans 60...70 points across and 82...92 down from the top.
        #expect(abs(box.x - 60) < 2 && abs(box.y - 82) < 2 && abs(box.width - 10) < 2)
        #expect(box.label.hasPrefix("Oui"))
    }
}
