import LegibleImaging
import LegibleOCR
import Testing

@testable import SerialScan

@Suite("Round glyphs")
struct RoundGlyphsTests {
    /// A white crop with a ring-shaped glyph per (character, width): 20 pixels high, 4 pixels apart. Glyphs
    /// at the positions in `marked` get a dot in their counter, as a dotted zero has; those in `specked` one
    /// dark pixel (noise).
    static func word(_ glyphs: [(String, Int)], marked: Set<Int> = [], specked: Set<Int> = []) throws
        -> (RecognizedLine, Image)
    {
        let width = glyphs.reduce(8) { $0 + $1.1 + 4 }, height = 30
        var pixels = [UInt8](repeating: 255, count: width * height)
        var symbols: [RecognizedSymbol] = []
        var x = 4
        for (position, (text, glyphWidth)) in glyphs.enumerated() {
            for row in 5..<25 {
                for column in x..<(x + glyphWidth)
                where row < 8 || row >= 22 || column < x + 3 || column >= x + glyphWidth - 3 {
                    pixels[row * width + column] = 0
                }
            }
            if marked.contains(position) {
                let centreX = x + glyphWidth / 2
                for row in 12..<18 { for column in (centreX - 2)..<(centreX + 2) { pixels[row * width + column] = 0 } }
            }
            if specked.contains(position) { pixels[15 * width + x + glyphWidth / 2] = 0 }
            // Tesseract's boxes are loose: each reaches half the gap on either side.
            symbols.append(
                RecognizedSymbol(
                    text: text, box: PixelRect(x: x - 2, y: 3, width: glyphWidth + 4, height: 24), confidence: 0.95,
                    alternatives: [SymbolAlternative(text: text, score: 0.95)]))
            x += glyphWidth + 4
        }
        let text = glyphs.map(\.0).joined()
        let box = PixelRect(x: 2, y: 3, width: width - 4, height: 24)
        let word = RecognizedWord(text: text, box: box, confidence: 0.95, symbols: symbols)
        let image = try Image(width: width, height: height, format: .gray8, pixels: pixels)
        return (RecognizedLine(text: text, box: box, confidence: 0.95, words: [word]), image)
    }

    @Test func aZeroAsWideAsACapitalIsReadAsO() throws {
        // "6 1 O J 0 8 6": the first round glyph is a third wider than the digits, the second as wide.
        let (line, crop) = try Self.word([("6", 12), ("1", 4), ("0", 16), ("J", 9), ("0", 12), ("8", 12), ("6", 12)])
        let read = RoundGlyphs.readingRoundGlyphs([line], crop: crop)
        #expect(read[0].words[0].text == "61OJ086")
        #expect(read[0].text == "61OJ086")
        let o = read[0].words[0].symbols[2]
        #expect(o.alternatives.map(\.text) == ["O", "0"])
    }

    @Test func withoutTwoDigitsToCompareNothingChanges() throws {
        let (line, crop) = try Self.word([("A", 14), ("0", 16), ("6", 12), ("X", 14)])
        #expect(RoundGlyphs.readingRoundGlyphs([line], crop: crop) == [line])
    }

    @Test func inAFaceThatMarksItsZerosTheUnmarkedRoundGlyphsAreO() throws {
        // Read "0 C O 8 0", drawn "O C 0 8 O": the first and last round glyphs are plain, the middle one
        // dotted. All as wide as the digits, so the width rule alone would change nothing.
        let (line, crop) = try Self.word(
            [("0", 12), ("C", 12), ("O", 12), ("8", 12), ("0", 12)], marked: [2])
        let read = RoundGlyphs.readingRoundGlyphs([line], crop: crop)
        #expect(read[0].text == "OC08O")
        let symbols = read[0].words[0].symbols
        #expect(symbols[0].alternatives.map(\.text) == ["O", "0"])
        #expect(symbols[2].alternatives.map(\.text) == ["0", "O"])
    }

    @Test func aMarkedZeroIsFoundOnlyInsideTheCounter() throws {
        let (_, plain) = try Self.word([("0", 12)])
        let (_, dotted) = try Self.word([("0", 12)], marked: [0])
        let glyph = PixelRect(x: 4, y: 5, width: 12, height: 20)
        let plainInk = try #require(RoundGlyphs.centreInk(of: glyph, in: plain.binarizedOtsu()))
        let dottedInk = try #require(RoundGlyphs.centreInk(of: glyph, in: dotted.binarizedOtsu()))
        #expect(plainInk < RoundGlyphs.markedCentre)
        #expect(dottedInk >= RoundGlyphs.markedCentre)
    }

    @Test func aSpeckInACounterIsNeitherAMarkNorAnEmptyCounter() throws {
        let (line, crop) = try Self.word([("0", 12), ("C", 12), ("0", 12)], marked: [0], specked: [2])
        #expect(RoundGlyphs.readingRoundGlyphs([line], crop: crop)[0].text == "0C0")
    }
}
