import Foundation
@testable import LegiblePDF
import Testing
import TestSupport

@Suite("Font programs checked before Cairo subsets them")
struct SfntCheckTests {
    /// An sfnt holding only a `name` table with `records` (name id, string length, string offset) over
    /// `storage` bytes of strings; `count` overrides the record count the table states.
    static func font(records: [(id: UInt16, length: UInt16, offset: UInt16)], storage: Int, count: Int? = nil) -> [UInt8] {
        func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v & 0xFFFF) }
        var name = be16(0) + be16(count ?? records.count) + be16(6 + 12 * records.count)
        for record in records {
            name += be16(3) + be16(1) + be16(0x409) + be16(Int(record.id)) + be16(Int(record.length)) + be16(Int(record.offset))
        }
        name += [UInt8](repeating: 0x41, count: storage)
        let header = be32(0x0001_0000) + be16(1) + be16(16) + be16(0) + be16(0)
        return header + Array("name".utf8) + be32(0) + be32(28) + be32(name.count) + name
    }

    @Test func aSoundNameTablePasses() {
        #expect(SfntCheck.problem(in: Self.font(records: [(6, 8, 0), (1, 4, 8)], storage: 12)) == nil)
    }

    @Test func moreRecordsThanTheTableHoldsIsDamage() throws {
        let problem = try #require(SfntCheck.problem(in: Self.font(records: [(6, 8, 0)], storage: 8, count: 7681)))
        #expect(problem.contains("7681 records"))
    }

    @Test func aStringPastTheTableIsDamage() throws {
        let problem = try #require(SfntCheck.problem(in: Self.font(records: [(6, 8, 0), (1, 40, 8)], storage: 12)))
        #expect(problem.contains("name record 1"))
    }

    @Test func aDirectoryPastTheFileIsDamageAndOtherFormatsAreNotJudged() {
        let truncated = Array(Self.font(records: [(6, 8, 0)], storage: 8).prefix(20))
        #expect(SfntCheck.problem(in: truncated) != nil)
        #expect(SfntCheck.problem(in: Array("%!PS-AdobeFont-1.0: Bare Type 1".utf8)) == nil)
        #expect(SfntCheck.problem(in: []) == nil)
    }

    @Test func aDamagedProgramIsFoundThroughItsFontDescriptor() throws {
        let program = Self.font(records: [(6, 8, 0)], storage: 8, count: 500)
        let stored = try #require(RawPDFScannerTests.deflate(Data(program)))
        var file = Data("%PDF-1.7\n1 0 obj\n<< /Type /FontDescriptor /FontName /X /FontFile2 2 0 R >>\nendobj\n".utf8)
        file.append(Data("2 0 obj\n<< /Length \(stored.count) /Filter /FlateDecode /Length1 \(program.count) >>\nstream\n".utf8))
        file.append(stored)
        file.append(Data("\nendstream\nendobj\n".utf8))
        file.append(Data("""
            3 0 obj\n<< /Type /Catalog /Pages 4 0 R >>\nendobj
            4 0 obj\n<< /Type /Pages /Kids [5 0 R] /Count 1 >>\nendobj
            5 0 obj\n<< /Type /Page /Parent 4 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 6 0 R >> >> >>\nendobj
            6 0 obj\n<< /Type /Font /Subtype /TrueType /BaseFont /X /FontDescriptor 1 0 R >>\nendobj
            trailer\n<< /Root 3 0 R /Size 7 >>\n%%EOF\n
            """.utf8))
        let streams = RawPDFScanner(data: file).fontProgramStreams()
        #expect(streams.map(\.number) == [2])
        #expect(streams.first?.program(maxInflated: 1 << 20) == program)
        let document = try PDFDocument(data: file)
        #expect(document.damagedFontProgram() == "font program in object 2: its name table lists 500 records but holds 26 bytes")
    }

    /// Refusing a sound form would be a regression of its own: every font program of the real forms passes.
    @Test func everyRealFormsFontProgramsPass() throws {
        let root = Fixtures.sharedForms
        let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".pdf") }
        #expect(files.count > 50)
        var checked = 0
        for file in files {
            let data = try Data(contentsOf: root.appendingPathComponent(file))
            for stream in RawPDFScanner(data: data).fontProgramStreams() {
                guard let program = stream.program(maxInflated: 64 << 20) else { continue }
                checked += 1
                #expect(SfntCheck.problem(in: program) == nil, "\(file), object \(stream.number)")
            }
        }
        #expect(checked > 100)
    }
}
