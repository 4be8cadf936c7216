import LegibleImaging
import Testing

@testable import SerialScan

@Suite("Text line finder")
struct TextLineFinderTests {
    /// `count` glyph boxes 20 wide and 30 high, 26 apart, each lowered by `slope` per pixel to the right and
    /// given the top and bottom offsets `shape` returns for its index.
    static func pieces(_ count: Int, slope: Double = 0, shape: (Int) -> (top: Int, bottom: Int) = { _ in (0, 0) })
        -> [PixelRect]
    {
        (0..<count).map { index in
            let x = 100 + index * 26
            let drop = Int((Double(x) * slope).rounded())
            let (top, bottom) = shape(index)
            return PixelRect(x: x, y: 50 + drop + top, width: 20, height: 30 - top + bottom)
        }
    }

    @Test func capitalsAndDigitsShareATopLineAndABaseline() {
        #expect(TextLineFinder.alignedShare(Self.pieces(12), height: 30) == 1)
        // Tilted by about five degrees: the fitted lines follow the tilt.
        #expect(TextLineFinder.alignedShare(Self.pieces(12, slope: 0.09), height: 30) == 1)
        // A lower-case word: x-height letters start a third lower, descenders end lower.
        let word = Self.pieces(10) { index in index % 3 == 0 ? (0, 0) : index % 3 == 1 ? (10, 0) : (10, 9) }
        #expect(TextLineFinder.alignedShare(word, height: 30) < 0.5)
    }

    @Test func capitalsThatReachBelowTheBaselineStillAlign() {
        // F2LXK1JCJG5J in a face whose J reaches below the baseline: the same top, bottoms a fifth of the
        // height lower. They are capitals all the same; a clean screenshot's serial had ranked below four
        // lines of MAC addresses and firmware versions for it.
        let descending = Self.pieces(12) { index in [6, 8, 11].contains(index) ? (0, 6) : (0, 0) }
        #expect(TextLineFinder.alignedShare(descending, height: 30) == 1)
        // More than a third of the height below is no capital's descent.
        let dropped = Self.pieces(12) { index in [6, 8, 11].contains(index) ? (0, 12) : (0, 0) }
        #expect(TextLineFinder.alignedShare(dropped, height: 30) < 0.9)
    }

    @Test func aSerialLooksMoreLikeOneThanALowerCaseWordOfTheSameLength() {
        let serial = Self.pieces(12)
        let word = Self.pieces(12) { index in index % 3 == 0 ? (0, 0) : index % 3 == 1 ? (10, 0) : (10, 9) }
        #expect(TextLineFinder.serialLikeness(serial, height: 30) > TextLineFinder.serialLikeness(word, height: 30) + 0.3)
        // Wide mono-font advances: 12 pieces spread over the width of 16 proportional characters still count
        // as 12 characters.
        let mono = (0..<12).map { PixelRect(x: 100 + $0 * 34, y: 50, width: 20, height: 30) }
        #expect(TextLineFinder.serialLikeness(mono, height: 30) >= 0.9)
    }

    @Test func barcodeBarsBesideASerialStayOutOfItsLine() {
        // "SN Y5II92GG30LIVBE ||||||": twelve glyphs 30 high, then bars more than twice as tall right after.
        let glyphs = Self.pieces(12)
        let bars = (0..<10).map { PixelRect(x: 430 + $0 * 14, y: 30, width: 7, height: 70) }
        let lines = TextLineFinder.group(glyphs + bars, lightText: false)
        let serialLine = lines.first { $0.characters.contains(glyphs[0]) }
        #expect(serialLine?.characters.count == 12)
        #expect(serialLine?.characterHeight == 30)
        // A broken stroke, shorter than the glyphs beside it, still joins them.
        let broken = glyphs + [PixelRect(x: 100 + 12 * 26, y: 62, width: 20, height: 14)]
        #expect(TextLineFinder.group(broken, lightText: false).first?.characters.count == 13)
    }

    @Test func measuresTheBaselineSlopeOfATiltedLine() {
        #expect(abs(TextLineFinder.baselineSlope(Self.pieces(10, slope: 0.07)) - 0.07) < 0.01)
        #expect(TextLineFinder.baselineSlope(Self.pieces(10)) == 0)
        // Too few pieces to tell, or steeper than any straightened photo: no slope.
        #expect(TextLineFinder.baselineSlope(Self.pieces(3, slope: 0.07)) == 0)
        #expect(TextLineFinder.baselineSlope(Self.pieces(10, slope: 0.5)) == 0)
    }

    @Test func aRunOfTouchingGlyphsIsCutIntoCharactersOfItsLine() {
        // "04UM6GG2382M" with "UM6GG" run together after thresholding, then a bar far wider than any such run.
        let glyphs = [100, 126].map { PixelRect(x: $0, y: 50, width: 20, height: 30) }
        let run = PixelRect(x: 152, y: 50, width: 105, height: 30)
        let rest = (0..<5).map { PixelRect(x: 263 + $0 * 26, y: 50, width: 20, height: 30) }
        let bar = PixelRect(x: 100, y: 120, width: 200, height: 30)
        let (boxes, pieces) = TextLineFinder.characterBoxes(glyphs + [run] + rest + [bar], maximumHeight: 100)
        #expect(pieces.count == 5)
        #expect(!boxes.contains(bar))
        let lines = TextLineFinder.group(boxes.sorted { $0.x < $1.x }, lightText: false, pieces: pieces)
        #expect(lines.count == 1)
        #expect(lines.first?.characters.count == 12)
        #expect(lines.first?.characterHeight == 30)
    }

    @Test func cutPiecesDoNotSetTheTextHeight() {
        // A caption run together with a slash that reaches above and below the capitals ("S/N:").
        let caption = PixelRect(x: 40, y: 45, width: 160, height: 40)
        let serial = Self.pieces(5).map { PixelRect(x: $0.x + 110, y: $0.y, width: $0.width, height: $0.height) }
        let (boxes, pieces) = TextLineFinder.characterBoxes([caption] + serial, maximumHeight: 100)
        let line = TextLineFinder.group(boxes.sorted { $0.x < $1.x }, lightText: false, pieces: pieces).first
        // More pieces than glyphs: measured over all of them, the height would be the caption's 40.
        #expect(pieces.count == 6)
        #expect(line?.characters.count == 11)
        #expect(line?.characterHeight == 30)
    }
}
