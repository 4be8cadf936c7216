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

    @Test func anEvenCropWithoutTextIsNotLight() throws {
        #expect(try !ImageVariant.holdsLightText(Image.blank(width: 120, height: 40, gray: 128)))
        #expect(try !ImageVariant.holdsLightText(Image.blank(width: 120, height: 4, gray: 128)))
    }
}
