import Foundation
import LegibleImaging
import LegibleOCR
import Testing
import TestSupport

@testable import SerialScan

/// Scans whose lines are read by Legible's LSTM inference over Tesseract's layout (`lineReader: .legible`).
@Suite("Line reading")
struct LineReadingTests {
    struct Labelled: Decodable {
        var file: String
        var serial: String
        var deviceType: String
    }

    static let photos: [Labelled] = {
        let folder = Fixtures.testImages.appendingPathComponent("serials")
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("manifest.json")),
            let all = try? JSONDecoder().decode([Labelled].self, from: data)
        else { return [] }
        return ["etched_000.jpg", "etched_002.jpg", "screen_000.jpg", "screen_001.jpg", "sticker_000.jpg"]
            .compactMap { name in all.first { $0.file == name } }
    }()

    /// Photos of each kind read to their serials, with boxes in the photo and readings recorded, as with
    /// Tesseract's engine.
    @Test func photosOfEachKindAreReadRight() throws {
        #expect(Self.photos.count == 5)
        let recognizer = try Recognizer(configuration: SerialScanner.recognizerConfiguration)
        for photo in Self.photos {
            let data = try Fixtures.bytes("serials/\(photo.file)")
            let result = try SerialScanner.scan(
                imageData: data, preset: .auto, deviceType: DeviceType(rawValue: photo.deviceType),
                recognizer: recognizer, options: SerialScanOptions(lineReader: .legible))
            let top = try #require(result.top, "\(photo.file)")
            #expect(top.serial == photo.serial, "\(photo.file)")
            #expect(top.confidence > 0.5, "\(photo.file)")
            let image = try Image(data: data)
            let box = try #require(top.box)
            #expect(box.intersection(image.bounds) == box, "\(photo.file)")
            #expect(!result.lines.isEmpty)
        }
    }

    /// Symbol boxes that span whole columns are cut to the glyphs under them; a symbol over no ink keeps its box.
    @Test func symbolBoxesAreCutToTheirInk() throws {
        // Two black glyphs on white: 10 x 20 at (10, 15) and 12 x 18 at (40, 16), in a 80 x 50 line.
        var pixels = [UInt8](repeating: 255, count: 80 * 50)
        for (x0, y0, w, h) in [(10, 15, 10, 20), (40, 16, 12, 18)] {
            for y in y0..<(y0 + h) { for x in x0..<(x0 + w) { pixels[y * 80 + x] = 0 } }
        }
        let line = try Image(width: 80, height: 50, format: .gray8, pixels: pixels)
        func symbol(_ text: String, _ x: Int, _ width: Int) -> RecognizedSymbol {
            RecognizedSymbol(
                text: text, box: PixelRect(x: x, y: 0, width: width, height: 50), confidence: 0.9, alternatives: [])
        }
        let symbols = [symbol("A", 0, 30), symbol("B", 30, 30), symbol("C", 60, 20)]
        let word = RecognizedWord(
            text: "ABC", box: PixelRect(x: 0, y: 0, width: 80, height: 50), confidence: 0.9, symbols: symbols)
        let snapped = try #require(InkBoxes.snapped([word], in: line).first)
        #expect(snapped.symbols.map(\.box) == [
            PixelRect(x: 10, y: 15, width: 10, height: 20), PixelRect(x: 40, y: 16, width: 12, height: 18),
            PixelRect(x: 60, y: 0, width: 20, height: 50),
        ])
        #expect(snapped.box == PixelRect(x: 10, y: 0, width: 70, height: 50))
    }

    /// A scanner loads Legible's readers when it starts and says which reader its scans use: the engine's
    /// when the readers cannot load (here: no models where it looks).
    @Test func aScannerSaysWhichReaderItsScansUse() throws {
        let pool = try RecognizerPool(size: 1, configuration: SerialScanner.recognizerConfiguration)
        #expect(SerialScanner(pool: pool, options: SerialScanOptions(lineReader: .legible)).lineReader == .legible)
        #expect(SerialScanner(pool: pool, options: SerialScanOptions(lineReader: .tesseract)).lineReader == .tesseract)
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-models-\(UUID())").path
        #expect(!LineReading.readersLoad(for: pool.configuration, dataPath: missing))
        #expect(LineReading.readersLoad(for: pool.configuration, dataPath: pool.dataPath))
    }

    @Test func theReaderIsChosenByOptionOrEnvironment() {
        #expect(SerialScanOptions(lineReader: .legible).lineReader == .legible)
        #expect(SerialScanOptions.LineReader(rawValue: "tesseract") == .tesseract)
        #expect(SerialScanOptions.LineReader(rawValue: "fast") == nil)
        #expect(SerialScanOptions.LineReader.variable == "LEGIBLE_LINE_READER")
    }
}
