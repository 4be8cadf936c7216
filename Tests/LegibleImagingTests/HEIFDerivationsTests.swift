import Foundation
@testable import LegibleImaging
import Testing
import TestSupport

/// Derived-image references of HEIF files: a grid of tiles passes, a grid that is its own tile (a loop libheif
/// 1.15 follows until the process dies) is refused before decoding.
@Suite("HEIF derivations")
struct HEIFDerivationsTests {
    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let size = UInt32(8 + body.count)
        return withUnsafeBytes(of: size.bigEndian, Array.init) + Array(type.utf8) + body
    }

    /// A file with a `meta` box whose `iref` holds `dimg` references (version 0: 16-bit item ids).
    static func file(derivations: [(UInt16, [UInt16])]) -> [UInt8] {
        let entries = derivations.flatMap { from, inputs in
            box("dimg", be16(from) + be16(UInt16(inputs.count)) + inputs.flatMap(be16))
        }
        let iref = box("iref", [0, 0, 0, 0] + entries)
        let meta = box("meta", [0, 0, 0, 0] + box("hdlr", Array(repeating: 0, count: 24)) + iref)
        return box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)) + meta
    }

    static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    static func problem(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { HEIFDerivations.problem(in: $0) }
    }

    @Test func aGridOfTilesPasses() {
        let grid = Self.file(derivations: [(1, [2, 3, 4, 5])])
        #expect(grid.withUnsafeBytes { HEIFDerivations.derivedReferences(in: $0) } == [1: [2, 3, 4, 5]])
        #expect(Self.problem(grid) == nil)
        #expect(Self.problem(Self.file(derivations: [(9, [1]), (1, [2, 3])])) == nil)
    }

    @Test func loopsAndDeepChainsAreRefused() {
        #expect(Self.problem(Self.file(derivations: [(1, [2, 1])])) == "its derived images refer to themselves")
        #expect(Self.problem(Self.file(derivations: [(1, [2]), (2, [3]), (3, [1])])) == "its derived images refer to themselves")
        let chain = (1...12).map { (UInt16($0), [UInt16($0 + 1)]) }
        #expect(Self.problem(Self.file(derivations: chain)) == "its derived images are nested more than 8 deep")
    }

    @Test func aLoopingFileIsADecodeErrorNotACrash() throws {
        let bytes = try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent(
            "Fuzz/Regressions/image/heic-grid-that-is-its-own-tile.heic"))
        #expect(throws: ImagingError.damaged(format: .heic, reason: "its derived images refer to themselves")) {
            try Image(data: bytes)
        }
        // A real HEIC still decodes.
        #expect(try Image(data: try Fixtures.bytes("formats/sample.heic")).width == 205)
    }
}
