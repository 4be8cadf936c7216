import LegibleImaging
import Testing

@testable import SerialScan

@Suite("Image variants: a line crop's text polarity")
struct ImageVariantTests {
    /// A 300 x 60 band cut as scans cut them: ground of grey 147 with dark streaks along whole rows (every
    /// fifth row, grey 117, as brushed metal gives), and in the middle rows vertical strokes of `text` grey.
    static func band(text: UInt8) throws -> Image {
        let width = 300, height = 60
        var pixels = [UInt8](repeating: 147, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                if y % 5 == 0 { pixels[y * width + x] = 117 }
                if (22..<38).contains(y), (30..<270).contains(x), x % 12 < 3 { pixels[y * width + x] = text }
            }
        }
        return try Image(width: width, height: height, format: .gray8, pixels: pixels)
    }

    @Test func lightTextOnAStreakedPlateIsLight() throws {
        // The whole crop's darkest few percent (the streaks) lie further from its median than its lightest
        // (the text): the test of the crop's tails alone called this dark text.
        #expect(try ImageVariant.holdsLightText(Self.band(text: 165)))
    }

    @Test func darkTextOnAStreakedPlateIsDark() throws {
        #expect(try !ImageVariant.holdsLightText(Self.band(text: 90)))
    }

    /// A 640 x 80 band like the row under a caption, read whole: ground of grey 80 with streaks of `streak`
    /// grey along every fifth row, and faint strokes of `text` grey in columns 280-440 of the middle rows only,
    /// 4.5% of those rows' pixels.
    static func wideBand(text: UInt8, streak: UInt8) throws -> Image {
        let width = 640, height = 80
        var pixels = [UInt8](repeating: 80, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                if y % 5 == 0 { pixels[y * width + x] = streak }
                if (30..<50).contains(y), (280..<440).contains(x), x % 12 < 3 { pixels[y * width + x] = text }
            }
        }
        return try Image(width: width, height: height, format: .gray8, pixels: pixels)
    }

    @Test func faintTextOverAFewOfAWideBandsPixelsKeepsItsPolarity() throws {
        // The strokes are under 5% of the middle rows: their 95th percentile was the streaks' grey, as the
        // margins' is, and light engraving under a caption was read inverted (independent set, etched_014).
        #expect(try ImageVariant.holdsLightText(Self.wideBand(text: 100, streak: 90)))
        #expect(try !ImageVariant.holdsLightText(Self.wideBand(text: 60, streak: 70)))
    }

    @Test func anEvenCropWithoutTextIsNotLight() throws {
        #expect(try !ImageVariant.holdsLightText(Image.blank(width: 120, height: 40, gray: 128)))
        #expect(try !ImageVariant.holdsLightText(Image.blank(width: 120, height: 4, gray: 128)))
    }
}
