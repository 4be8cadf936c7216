import LegibleImaging
import Testing

@Suite("Pixel words")
struct PixelWordsTests {
    @Test func greyAndColourExportAsOpaqueRGB() throws {
        let grey = try Image(width: 3, height: 1, format: .gray8, pixels: [0, 128, 255])
        #expect(try grey.argb32Words() == [0xFF00_0000, 0xFF80_8080, 0xFFFF_FFFF])
        let colour = try Image(width: 2, height: 1, format: .rgba8, pixels: [255, 0, 0, 255, 0, 10, 200, 255])
        #expect(try colour.argb32Words() == [0xFFFF_0000, 0xFF00_0AC8])
    }
}
