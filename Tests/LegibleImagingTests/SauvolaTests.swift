import Foundation
@testable import LegibleImaging
import Testing
import TestSupport

/// The Swift Sauvola threshold against Leptonica's, which it replaces: the same ink, pixel for pixel.
@Suite("Sauvola binarisation", .serialized)
struct SauvolaTests {
    /// Grey noise over dark blocks and a gradient: windows of every contrast, flat ones included.
    static func noise(width: Int, height: Int, seed: UInt64) throws -> Image {
        var random = SplitMix(seed: seed)
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let ground = 120 + (x * 100) / width
                let block = (x / 9 + y / 7) % 3 == 0 ? 90 : 0
                let grain = Int(random.next() % 41) - 20
                pixels[y * width + x] = UInt8(max(0, min(255, ground - block + grain)))
            }
        }
        // A flat white corner and a black one: zero deviation, and the image's extreme values.
        for y in 0..<min(12, height) {
            for x in 0..<min(12, width) {
                pixels[y * width + x] = 255
                pixels[(height - 1 - y) * width + (width - 1 - x)] = 0
            }
        }
        return try Image(width: width, height: height, format: .gray8, pixels: pixels)
    }

    /// Widths that are and are not multiples of the kernel's eight pixels; the widest window (sums near 2^24).
    @Test(arguments: [
        (7, 7, 2, 0.34), (37, 29, 2, 0.15), (101, 64, 8, 0.15), (64, 200, 20, 0.5), (301, 123, 15, 0.15),
        (200, 190, 90, 0.15),
    ])
    func matchesLeptonicaOnNoise(width: Int, height: Int, half: Int, factor: Double) throws {
        let image = try Self.noise(width: width, height: height, seed: UInt64(width * 1000 + height))
        let theirs = try image.leptonicaSauvola(half: half, factor: Float(factor))
        try ImagingKernels.forEachPath { vector in
            let ours = try image.sauvolaInk(half: half, factor: Float(factor))
            #expect(ours.depth == 1)
            #expect(try ours.grayBytes() == theirs.grayBytes(), "AVX2 allowed: \(vector)")
            #expect(try ours.inkPixelCount() > 0)
        }
    }

    @Test(arguments: ["etched", "screen", "sticker"])
    func matchesLeptonicaOnPhotos(preset: String) throws {
        let photo = try Image(data: Data(contentsOf: SerialPhotos.photo(preset))).grayscale()
        let working = try photo.scaled(by: min(1, 1200 / Double(max(photo.width, photo.height))))
        for (half, factor) in [(30, 0.15), (12, 0.34)] {
            let ours = try working.sauvolaInk(half: half, factor: Float(factor))
            let theirs = try working.leptonicaSauvola(half: half, factor: Float(factor))
            #expect(try ours.grayBytes() == theirs.grayBytes(), "\(preset) half \(half)")
        }
    }

    @Test func aWindowWiderThanTheIntegerSumsTakeGoesToLeptonica() throws {
        let image = try Self.noise(width: 400, height: 390, seed: 7)
        let ink = try image.binarizedSauvola(windowHalfSize: Image.largestSauvolaHalf + 10, factor: 0.15)
        let theirs = try image.leptonicaSauvola(half: Image.largestSauvolaHalf + 10, factor: 0.15)
        #expect(try ink.grayBytes() == theirs.grayBytes())
        #expect(throws: ImagingError.self) { try image.sauvolaInk(half: Image.largestSauvolaHalf + 10, factor: 0.15) }
    }

    @Test func refusesAWindowLargerThanTheImage() throws {
        let image = try Self.noise(width: 10, height: 40, seed: 1)
        #expect(throws: ImagingError.self) { try image.sauvolaInk(half: 4, factor: 0.15) }
    }
}
