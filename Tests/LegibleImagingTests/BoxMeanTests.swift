import LegibleImaging
import Testing
import TestSupport

/// The Swift box filter behind `Image.smoothed` against Leptonica's `pixBlockconv`, which it replaced: the same
/// bytes, border rows and columns included, on noise (every rounding case), on flat white (where Leptonica's
/// border renormalisation caps at 255) and on flat black.
@Suite("Box mean (smoothing)")
struct BoxMeanTests {
    static func noise(width: Int, height: Int, seed: UInt64) throws -> Image {
        var random = SplitMix(seed: seed)
        let pixels = (0..<width * height).map { _ in UInt8(truncatingIfNeeded: random.next() >> 17) }
        return try Image(width: width, height: height, format: .gray8, pixels: pixels)
    }

    @Test(arguments: [(3, 3, 1, 1), (7, 5, 1, 2), (64, 48, 1, 1), (65, 33, 2, 1), (121, 80, 3, 3), (40, 9, 4, 4)])
    func sameBytesAsLeptonica(size: (Int, Int, Int, Int)) throws {
        let (width, height, wc, hc) = size
        for seed: UInt64 in [1, 2, 3] {
            let image = try Self.noise(width: width, height: height, seed: seed)
            let mine = try image.smoothed(halfWidth: wc, halfHeight: hc).grayBytes()
            let leptonica = try image.smoothedWithLeptonica(wc: wc, hc: hc).grayBytes()
            #expect(mine == leptonica, "\(width)x\(height) window \(wc),\(hc) seed \(seed)")
        }
        for gray: UInt8 in [0, 255] {
            let flat = try Image.blank(width: width, height: height, gray: gray)
            let mine = try flat.smoothed(halfWidth: wc, halfHeight: hc).grayBytes()
            #expect(mine == (try flat.smoothedWithLeptonica(wc: wc, hc: hc).grayBytes()))
        }
    }

    @Test func aWindowWiderThanTheImageShrinksToFit() throws {
        let image = try Self.noise(width: 5, height: 30, seed: 9)
        let mine = try image.smoothed(halfWidth: 10, halfHeight: 1).grayBytes()
        #expect(mine == (try image.smoothedWithLeptonica(wc: 2, hc: 1).grayBytes()))
        // One pixel across: no window to average over sideways; Leptonica's filter (down the column) stays.
        let thin = try Self.noise(width: 2, height: 30, seed: 4)
        #expect(try thin.smoothed(halfWidth: 1, halfHeight: 1).grayBytes()
            == thin.smoothedWithLeptonica(wc: 0, hc: 1).grayBytes())
    }
}
