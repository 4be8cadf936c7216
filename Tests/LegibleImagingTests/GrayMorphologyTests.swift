import Foundation
import LegibleImaging
import Testing
import TestSupport

/// Grey morphology and top-hats against a plain reference: the maximum or minimum over the window, clipped at
/// the image's edges (what Leptonica's grey morphology gives; the two agreed pixel for pixel on 1200 × 900
/// noise for every size below when the Swift filter replaced it).
@Suite("Grey morphology")
struct GrayMorphologyTests {
    static func noise(width: Int, height: Int, seed: UInt64) throws -> (Image, [UInt8]) {
        var random = SplitMix(seed: seed)
        let pixels = (0..<width * height).map { _ in UInt8(truncatingIfNeeded: random.next() >> 11) }
        return (try Image(width: width, height: height, format: .gray8, pixels: pixels), pixels)
    }

    /// Maximum (or minimum) over the clipped `w` × `h` window, both odd.
    static func reference(_ pixels: [UInt8], width: Int, height: Int, w: Int, h: Int, maximum: Bool) -> [UInt8] {
        var output = pixels
        for y in 0..<height {
            for x in 0..<width {
                var value: UInt8 = maximum ? 0 : 255
                for yy in max(0, y - h / 2)...min(height - 1, y + h / 2) {
                    for xx in max(0, x - w / 2)...min(width - 1, x + w / 2) {
                        value = maximum ? max(value, pixels[yy * width + xx]) : min(value, pixels[yy * width + xx])
                    }
                }
                output[y * width + x] = value
            }
        }
        return output
    }

    static let sizes = [(1, 1), (3, 3), (2, 4), (61, 1), (1, 7), (91, 31), (9, 41)]

    @Test(arguments: [(1, 1), (5, 3), (37, 23), (64, 40)])
    func dilateErodeOpenAndCloseAreTheClippedMaximaAndMinima(width: Int, height: Int) throws {
        let (image, pixels) = try Self.noise(width: width, height: height, seed: UInt64(width * 1000 + height))
        for (w, h) in Self.sizes {
            let (ow, oh) = (w | 1, h | 1)
            func ref(_ input: [UInt8], _ maximum: Bool) -> [UInt8] {
                Self.reference(input, width: width, height: height, w: ow, h: oh, maximum: maximum)
            }
            let expected: [Image.MorphologyOperation: [UInt8]] = [
                .dilate: ref(pixels, true), .erode: ref(pixels, false),
                .open: ref(ref(pixels, false), true), .close: ref(ref(pixels, true), false),
            ]
            for (operation, want) in expected {
                let got = try image.morphology(operation, width: w, height: h).grayBytes()
                #expect(got == want, "\(operation) \(w)x\(h) on \(width)x\(height)")
            }
            let opened = expected[.open]!, closed = expected[.close]!
            let white = try image.topHat(width: w, height: h, brightFeatures: true).grayBytes()
            let black = try image.topHat(width: w, height: h, brightFeatures: false).grayBytes()
            #expect(white == zip(pixels, opened).map { $0 - $1 }, "white top-hat \(w)x\(h)")
            #expect(black == zip(closed, pixels).map { $0 - $1 }, "black top-hat \(w)x\(h)")
        }
    }

    @Test func anElementFarLargerThanTheImageGivesItsExtremes() throws {
        let (image, pixels) = try Self.noise(width: 7, height: 5, seed: 3)
        let dilated = try image.morphology(.dilate, width: 100_001, height: 99_999).grayBytes()
        #expect(dilated == [UInt8](repeating: pixels.max()!, count: pixels.count))
        let eroded = try image.morphology(.erode, width: 100_001, height: 1).grayBytes()
        for y in 0..<5 { #expect(eroded[y * 7..<(y + 1) * 7].allSatisfy { $0 == pixels[y * 7..<(y + 1) * 7].min()! }) }
    }
}
