import Foundation
@testable import LegibleImaging
import Testing
import TestSupport

/// The kernels behind `Image.scaled(by:)` for grey images at factors of 0.7 and above against Leptonica's
/// `pixScale`, which they replaced: the same bytes on noise (every sixteenth, both edges, sharpened and not),
/// on images down to one pixel, with and without AVX2; the same bytes and resolution on a photo.
@Suite("Linear scaling", .serialized)
struct LinearScalingTests {
    /// Factors on both sides of 1.4 (where pixScale stops sharpening), Leptonica's special 2 and 4, and a
    /// factor that only stretches one axis.
    static let factors: [(Float, Float)] = [
        (0.7, 0.7), (0.75, 0.75), (0.9137, 0.9137), (1.2, 1.2), (1.3999, 1.3999), (1.4, 1.4), (1.75, 1.75),
        (2, 2), (2.6, 2.6), (4, 4), (3.3, 1), (1, 0.8),
    ]

    @Test(arguments: [(1, 1), (2, 3), (4, 4), (5, 5), (9, 6), (17, 40), (64, 48), (101, 36), (420, 48)])
    func sameBytesAsLeptonicaOnNoise(size: (Int, Int)) throws {
        let (width, height) = size
        let image = try BoxMeanTests.noise(width: width, height: height, seed: UInt64(width * 977 + height))
        try ImagingKernels.forEachPath { vector in
            for (x, y) in Self.factors {
                let leptonica = try image.scaledWithLeptonica(x: x, y: y)
                let mine = try image.scaledLinearly(x: x, y: y) ?? image.scaledWithLeptonica(x: x, y: y)
                let label = "\(width)x\(height) by \(x)x\(y), AVX2 \(vector)"
                #expect(mine.width == leptonica.width && mine.height == leptonica.height, "\(label)")
                #expect(try mine.grayBytes() == leptonica.grayBytes(), "\(label)")
            }
        }
    }

    @Test func theKernelsTakeTheFactorsLeptonicaInterpolates() throws {
        let image = try BoxMeanTests.noise(width: 40, height: 30, seed: 3)
        #expect(try image.scaledLinearly(x: 0.75, y: 0.75) != nil)
        #expect(try image.scaledLinearly(x: 1.5, y: 1.5) != nil)
        // Area mapping below 0.7, and Leptonica's own special cases, stay Leptonica's.
        #expect(try image.scaledLinearly(x: 0.5, y: 0.5) == nil)
        #expect(try image.scaledLinearly(x: 2, y: 2) == nil)
        #expect(try image.scaledLinearly(x: 4, y: 4) == nil)
        let colour = try Image(width: 4, height: 4, format: .rgba8, pixels: [UInt8](repeating: 90, count: 64))
        #expect(try colour.scaledLinearly(x: 1.2, y: 1.2) == nil)
    }

    @Test func sameBytesAndResolutionAsLeptonicaOnAPhoto() throws {
        let gray = try Image(data: Data(contentsOf: SerialPhotos.photo("sticker"))).grayscale()
        for factor in [0.72, 1.1, 1.6] {
            let mine = try gray.scaled(by: factor)
            let leptonica = try gray.scaledWithLeptonica(x: Float(factor), y: Float(factor))
            #expect(try mine.grayBytes() == leptonica.grayBytes(), "by \(factor)")
            #expect(mine.resolution == leptonica.resolution)
        }
    }
}
