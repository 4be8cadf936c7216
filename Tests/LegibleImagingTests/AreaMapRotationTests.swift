import Foundation
import LegibleImaging
import Testing
import TestSupport

/// The vectorised area-map rotation behind `Image.rotated(byDegrees:)` against Leptonica's `pixRotate`, which it
/// replaced for grey images: the same bytes on noise (every sixteenth and rounding case), at small, odd and
/// large angles, on images down to one pixel, with and without AVX2; and on a photo.
@Suite("Area-map rotation", .serialized)
struct AreaMapRotationTests {
    static let degrees: [Double] = [0.06, -0.2, 0.5, -1, 3.3, -7.9, 12, 45, -90, 180]

    @Test(arguments: [(1, 1), (2, 2), (3, 5), (8, 3), (17, 9), (64, 48), (101, 67), (640, 33)])
    func sameBytesAsLeptonicaOnNoise(size: (Int, Int)) throws {
        let (width, height) = size
        let image = try BoxMeanTests.noise(width: width, height: height, seed: UInt64(width * 1000 + height))
        try ImagingKernels.forEachPath { vector in
            for angle in Self.degrees {
                let mine = try image.rotated(byDegrees: angle).grayBytes()
                let leptonica = try image.rotatedWithLeptonica(radians: Float(angle * .pi / 180)).grayBytes()
                #expect(mine == leptonica, "\(width)x\(height) by \(angle) degrees, AVX2 \(vector)")
            }
        }
    }

    @Test func sameBytesAsLeptonicaOnAPhotoAndTheResolutionKept() throws {
        let gray = try Image(data: Data(contentsOf: SerialPhotos.photo("etched"))).grayscale()
        for angle in [2.7, -6.1] {
            let mine = try gray.rotated(byDegrees: angle)
            let leptonica = try gray.rotatedWithLeptonica(radians: Float(angle * .pi / 180))
            #expect(try mine.grayBytes() == leptonica.grayBytes())
            #expect(mine.resolution == leptonica.resolution)
            #expect(mine.width == gray.width && mine.height == gray.height)
        }
    }

    @Test func anglesLeptonicaDoesNotTurnLeaveTheImageAsItIs() throws {
        let image = try BoxMeanTests.noise(width: 30, height: 20, seed: 5)
        // 0.05 degrees is under Leptonica's smallest angle (0.001 radians).
        #expect(try image.rotated(byDegrees: 0.05).grayBytes() == image.grayBytes())
        #expect(throws: ImagingError.self) { try image.rotated(byDegrees: .nan) }
    }
}
