import Foundation
import LegibleImaging
import TestSupport
import Testing

@testable import SerialScan

@Suite("Preset guess")
struct PresetClassifierTests {
    /// The guess for a photo file, measured as a scan measures it.
    static func guess(_ url: URL) throws -> SerialPreset {
        PresetClassifier.standard.classify(try SerialScanner.presetFeatures(imageData: Data(contentsOf: url)))
    }

    @Test func heldOutPhotosOfEveryKindAreGuessedRight() throws {
        // The model was fitted on the main set; the held-out set has other fonts and another seed. On the whole
        // held-out set it guesses 80 of 90 (every plate); the old mean/deviation rule guessed 68.
        let folder = Fixtures.testImages.appendingPathComponent("serials-holdout")
        var right = 0, plates = 0, total = 0
        for preset in ["etched", "screen", "sticker"] {
            for index in 0..<6 {
                let url = folder.appendingPathComponent(String(format: "%@_%03d.jpg", preset, index))
                let guess = try Self.guess(url)
                total += 1
                if guess.rawValue == preset { right += 1 }
                if preset == "etched" && guess == .etched { plates += 1 }
            }
        }
        #expect(plates == 6)
        #expect(right >= 15, "\(right) of \(total) guessed right")
    }

    @Test func aDarkScreenIsAScreen() throws {
        #expect(try Self.guess(Fixtures.image("examples/dark-screen.png")) == .screen)
    }

    @Test func measuresOfAnEvenGreyImage() throws {
        let grey = try Image(width: 40, height: 30, format: .gray8, pixels: [UInt8](repeating: 128, count: 1200))
        let features = try PresetClassifier.features(of: grey)
        #expect(features.count == PresetClassifier.featureNames.count)
        #expect(abs(features[0] - 1.28) < 1e-9)  // mean / 100
        #expect(features[1] == 0)  // no deviation
        #expect(features[2] == 1.28 && features[3] == 1.28)  // both percentiles at the one grey
        #expect(features[4] == 0 && features[5] == 0)  // neither white nor black
        #expect(abs(features[6]) < 1e-9)  // no change either way: log(1)
    }

    @Test func barsAcrossTheRowsChangeTheGreyAlongThem() throws {
        // Vertical bars (a barcode) change the grey along each row and not down the columns.
        var pixels = [UInt8](repeating: 255, count: 60 * 20)
        for y in 0..<20 { for x in 0..<60 where (x / 3) % 2 == 0 { pixels[y * 60 + x] = 0 } }
        let bars = try Image(width: 60, height: 20, format: .gray8, pixels: pixels)
        let features = try PresetClassifier.features(of: bars)
        #expect(features[6] > 3)
        #expect(features[4] > 0.4 && features[5] > 0.4)
    }
}
