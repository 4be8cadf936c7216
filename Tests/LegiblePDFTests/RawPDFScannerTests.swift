import Foundation
@testable import LegiblePDF
import Testing

@Suite("RawPDFScanner on hostile bytes")
struct RawPDFScannerTests {
    /// A file holding one Flate object stream whose header is `header` followed by `body`.
    static func file(header: String, body: String, first: Int? = nil) throws -> Data {
        let plain = Data((header + body).utf8)
        let compressed = try #require(Self.deflate(plain))
        var bytes = Data("%PDF-1.7\n5 0 obj\n<< /Type /ObjStm /N 2 /First \(first ?? header.utf8.count) /Length \(compressed.count) /Filter /FlateDecode >>\nstream\n".utf8)
        bytes.append(compressed)
        bytes.append(Data("\nendstream\nendobj\n%%EOF\n".utf8))
        return bytes
    }

    /// zlib-wraps `data` with stored (uncompressed) deflate blocks, which `inflate` reads like any other.
    static func deflate(_ data: Data) -> Data? {
        guard data.count < 65_535 else { return nil }
        var out = Data([0x78, 0x01, 0x01])
        let length = UInt16(data.count)
        out.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)])
        out.append(data)
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        let adler = b << 16 | a
        out.append(contentsOf: [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)])
        return out
    }

    @Test func readsTheObjectsOfAWellFormedStream() throws {
        let data = try Self.file(header: "1 0 2 8 ", body: "<</Q 1>><</T (b)>>")
        let objects = RawPDFScanner(data: data).objects([UInt8](data))
        #expect(objects[1]?.text == "<</Q 1>>")
        #expect(objects[2]?.text == "<</T (b)>>")
    }

    @Test(arguments: [
        "1 0 9223372036854775807 5 ", "1 9223372036854775807 2 0 ", "1 -9223372036854775807 2 3 ", "1 5 2 2 ",
    ])
    func offsetsOutsideTheStreamAreSkippedWithoutTrapping(header: String) throws {
        let data = try Self.file(header: header, body: "<</Q 1>><</T (b)>>")
        let objects = RawPDFScanner(data: data).objects([UInt8](data))
        let body = "<</Q 1>><</T (b)>>"
        for number in [1, 2] { #expect(objects[number].map { body.contains($0.text) } ?? true) }
        #expect(objects[5] != nil)
    }
}
