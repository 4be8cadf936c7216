import Foundation
@testable import LegiblePDF
import Testing

@Suite("PDF object parser")
struct PDFObjectParserTests {
    private func parse(_ text: String) throws -> PDFObject {
        var parser = PDFObjectParser(bytes: Array(text.utf8))
        return try parser.readObject()
    }

    @Test("literal strings: nesting, escapes, octal and line continuations")
    func literalStrings() throws {
        #expect(try parse("(a(b)c)") == .string(Array("a(b)c".utf8)))
        #expect(try parse(#"(x\)y\\z\n\101\0531)"#) == .string(Array("x)y\\z\nA+1".utf8)))
        #expect(try parse("(one\\\ntwo)") == .string(Array("onetwo".utf8)))
        #expect(throws: PDFStructureError.self) { try parse("(never closed") }
    }

    @Test("hex strings: white space ignored, an odd last digit padded with 0, bad digits refused")
    func hexStrings() throws {
        #expect(try parse("<48 65 6C6C 6F>") == .string(Array("Hello".utf8)))
        #expect(try parse("<7>") == .string([0x70]))
        #expect(throws: PDFStructureError.self) { try parse("<4G>") }
    }

    @Test("references, integers, reals, names, comments and nulls in dictionaries")
    func dictionaries() throws {
        let object = try parse("<< /A 12 0 R /B [1 -2.5 .5 3 0 R] % a comment\n /C#20D /Name /E null /F true >>")
        let dictionary = try #require(object.dictionary)
        #expect(dictionary["A"] == .reference(PDFReference(number: 12, generation: 0)))
        #expect(dictionary["B"] == .array([.integer(1), .real(-2.5), .real(0.5), .reference(PDFReference(number: 3, generation: 0))]))
        #expect(dictionary["C#20D"] == .name("Name"))
        #expect(dictionary["E"] == nil, "a null value is the same as an absent key")
        #expect(dictionary["F"] == .boolean(true))
    }

    @Test("what is written reads back the same")
    func roundTrip() throws {
        let object = try parse("<< /Kids [1 0 R 2 0 R] /S (a\\)b) /M [0.5 -1 0 1 12.25 0] /N /X >>")
        var bytes: [UInt8] = []
        object.write(to: &bytes)
        var parser = PDFObjectParser(bytes: bytes)
        #expect(try parser.readObject() == object)
        #expect(PDFObject.format(0.1 + 0.2) == "0.3")
        #expect(PDFObject.format(-0.000_000_1) == "0")
        #expect(PDFObject.format(-12.5) == "-12.5")
    }

    @Test("hostile input: deep nesting and garbage are errors, not crashes")
    func hostile() {
        #expect(throws: PDFStructureError.self) { try parse(String(repeating: "[", count: 100_000)) }
        #expect(throws: PDFStructureError.self) { try parse(String(repeating: "<<", count: 5_000)) }
        #expect(throws: PDFStructureError.self) { try parse("<< /A >>") }
        #expect(throws: PDFStructureError.self) { try parse("<< 1 2 >>") }
        #expect(throws: PDFStructureError.self) { try parse("") }
        #expect(throws: PDFStructureError.self) { try parse("endobj") }
    }

    @Test("PNG predictors are undone row by row (Up, Sub, Average, Paeth)")
    func predictors() throws {
        // Two rows of three bytes: row 1 with Sub, row 2 with Up.
        let encoded: [UInt8] = [1, 10, 5, 5, 2, 1, 1, 1]
        #expect(try PDFFileStructure.undoPNGPredictor(encoded, columns: 3, colors: 1, bitsPerComponent: 8) == [10, 15, 20, 11, 16, 21])
        let paeth: [UInt8] = [0, 1, 2, 3, 4, 1, 1, 1, 3, 0, 0, 0]
        #expect(try PDFFileStructure.undoPNGPredictor(paeth, columns: 3, colors: 1, bitsPerComponent: 8) == [1, 2, 3, 2, 3, 4, 1, 2, 3])
        #expect(throws: PDFStructureError.self) {
            try PDFFileStructure.undoPNGPredictor([9, 0, 0, 0], columns: 3, colors: 1, bitsPerComponent: 8)
        }
    }

    @Test("marked content: the /Tx sequence is found with its nested sequences; strings never end it")
    func markedContent() {
        let content = Array("q 1 g Q /Tx BMC q (EMC) Tj /Span <</A 1>> BDC (x) Tj EMC Q EMC 0 g".utf8)
        let range = PDFContentScanner.markedContent("Tx", in: content)
        #expect(range.map { String(decoding: content[$0], as: UTF8.self) } == "/Tx BMC q (EMC) Tj /Span <</A 1>> BDC (x) Tj EMC Q EMC")
        #expect(PDFContentScanner.markedContent("Tx", in: Array("/Tx BMC (open".utf8)) == nil)
        #expect(PDFContentScanner.markedContent("Tx", in: Array("/Other BMC EMC".utf8)) == nil)
    }
}
