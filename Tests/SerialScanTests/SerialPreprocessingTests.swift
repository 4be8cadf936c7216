import LegibleImaging
import SerialScan
import Testing
import TestSupport

@Suite("Serial preprocessing hook (for benchmarks)")
struct SerialPreprocessingTests {
    @Test(arguments: [SerialPreset.etched, .screen, .sticker, .auto])
    func findsTheLinesOfACaptionedSerial(preset: SerialPreset) throws {
        let image = try Image(contentsOf: Fixtures.image("text/serial-line.png").path)
        #expect(try SerialScanner.preprocess(image, preset: preset) > 0)
    }

    @Test func aBlankImageHasNoLines() throws {
        let blank = try Image.blank(width: 320, height: 200, gray: 200)
        #expect(try SerialScanner.preprocess(blank, preset: .sticker) == 0)
    }
}
