import Foundation
import LegibleImaging
import Testing
import TestSupport

@Suite("Image operations")
struct OperationTests {
    /// White 100x60 with three black rectangles at known places.
    static func blocks() throws -> Image {
        var pixels = [UInt8](repeating: 255, count: 100 * 60)
        for (x0, y0, w, h) in [(5, 5, 10, 20), (30, 10, 25, 5), (70, 40, 20, 15)] {
            for y in y0..<y0 + h { for x in x0..<x0 + w { pixels[y * 100 + x] = 0 } }
        }
        return try Image(width: 100, height: 60, format: .gray8, pixels: pixels)
    }

    @Test func connectedComponentsFindEachBlock() throws {
        let boxes = try Self.blocks().binarizedOtsu().connectedComponents()
        #expect(Set(boxes) == [
            PixelRect(x: 5, y: 5, width: 10, height: 20), PixelRect(x: 30, y: 10, width: 25, height: 5),
            PixelRect(x: 70, y: 40, width: 20, height: 15),
        ])
        #expect(throws: ImagingError.self) { try Self.blocks().connectedComponents() }
    }

    @Test func binarisationMarksInk() throws {
        let image = try Self.blocks()
        for binary in [try image.binarizedOtsu(), try image.binarizedSauvola(windowHalfSize: 8),
                       try image.thresholded(below: 128)] {
            #expect(binary.depth == 1)
            #expect(binary.pixel(x: 8, y: 8) == 1)
            #expect(binary.pixel(x: 50, y: 50) == 0)
            #expect(try binary.inkPixelCount() == 10 * 20 + 25 * 5 + 20 * 15)
        }
    }

    @Test func invertSwapsInkAndPaper() throws {
        let inverted = try Self.blocks().inverted()
        #expect(inverted.pixel(x: 8, y: 8) == 255)
        #expect(inverted.pixel(x: 50, y: 50) == 0)
    }

    @Test func cropAndScaleKeepGeometry() throws {
        let image = try Self.blocks()
        let crop = try image.cropped(to: PixelRect(x: 70, y: 40, width: 40, height: 40))
        #expect(crop.width == 30 && crop.height == 20)  // clipped to the image
        #expect(crop.pixel(x: 0, y: 0) == 0)
        #expect(throws: ImagingError.self) { try image.cropped(to: PixelRect(x: 200, y: 0, width: 5, height: 5)) }

        let half = try image.scaled(by: 0.5)
        #expect(half.width == 50 && half.height == 30)
        let exact = try image.scaled(toWidth: 37, height: 81)
        #expect(exact.width == 37 && exact.height == 81)
        #expect(throws: ImagingError.self) { try image.scaled(by: 0) }
        #expect(throws: ImagingError.self) { try image.scaled(by: .nan) }
    }

    @Test func rotationTurnsAndStraightens() throws {
        let image = try Self.blocks()
        let quarter = try image.rotated(quarterTurns: 1)
        #expect(quarter.width == 60 && quarter.height == 100)
        #expect(try image.rotated(quarterTurns: 4).pixel(x: 8, y: 8) == 0)
        let tilted = try image.rotated(byDegrees: 3)
        #expect(tilted.width == 100 && tilted.height == 60)
    }

    @Test func findsTheSkewOfTextLines() throws {
        let text = try Image(data: Fixtures.bytes("text/paragraph.png"))
        let tilted = try text.rotated(byDegrees: 3)
        let skew = try #require(try tilted.skewAngle())
        // Rotating by the angle found straightens the lines again.
        #expect(abs(skew.degrees + 3) < 0.5, "found \(skew.degrees) degrees")
        let straightened = try #require(try tilted.rotated(byDegrees: skew.degrees).skewAngle())
        #expect(abs(straightened.degrees) < 0.3)
        let straight = try #require(try text.skewAngle())
        #expect(abs(straight.degrees) < 0.5)
    }

    @Test func findsASkewBeyondLeptonicasDefaultRange() throws {
        // Phone photos are held up to about 8 degrees askew, past the 7 degrees pixFindSkew searches.
        let text = try Image(data: Fixtures.bytes("text/paragraph.png"))
        let skew = try #require(try text.rotated(byDegrees: 9).skewAngle())
        #expect(abs(skew.degrees + 9) < 0.5, "found \(skew.degrees) degrees")
    }

    @Test func flatteningTheBackgroundEvensOutAShadowUnderText() throws {
        // Dark bars (strokes) on a ground that darkens from 240 on the right to 110 on the left.
        let width = 240, height = 60
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let ground = 110 + 130 * x / (width - 1)
                let stroke = (y >= 15 && y < 45) && x % 30 >= 10 && x % 30 < 16
                pixels[y * width + x] = UInt8(stroke ? ground / 3 : ground)
            }
        }
        let shaded = try Image(width: width, height: height, format: .gray8, pixels: pixels)
        let flat = try shaded.backgroundFlattened(elementSize: 31)
        #expect(flat.width == width && flat.height == height)
        // The ground at both ends ends up within a few levels; the strokes stay far darker than it.
        let left = try #require(flat.pixel(x: 4, y: 5)), right = try #require(flat.pixel(x: 235, y: 5))
        #expect(abs(Int(left) - Int(right)) < 20, "ground \(left) vs \(right)")
        let stroke = try #require(flat.pixel(x: 12, y: 30))
        #expect(stroke + 80 < left)
        #expect(throws: ImagingError.self) { try shaded.backgroundFlattened(elementSize: 1) }
    }

    @Test func morphologyOnBinaryAndGrey() throws {
        let binary = try Self.blocks().binarizedOtsu()
        // Opening with an element wider than the 5-pixel-high bar removes only that bar.
        let opened = try binary.morphology(.open, width: 7, height: 7)
        #expect(try opened.connectedComponents().count == 2)
        let dilated = try binary.morphology(.dilate, width: 3, height: 3)
        #expect(try dilated.inkPixelCount() > binary.inkPixelCount())
        let eroded = try binary.morphology(.erode, width: 3, height: 3)
        #expect(try eroded.inkPixelCount() < binary.inkPixelCount())
        let closed = try Self.blocks().morphology(.close, width: 5, height: 5)
        #expect(closed.depth == 8)
        let rgb = try Image(data: Fixtures.bytes("text/invoice.jpg"))
        #expect(throws: ImagingError.self) { try rgb.morphology(.open, width: 3, height: 3) }
    }

    @Test func topHatKeepsThinStrokesAndDropsTheBackground() throws {
        // Dark strokes on a light gradient: the black top-hat is bright on strokes, dark elsewhere.
        var pixels = [UInt8](repeating: 0, count: 120 * 40)
        for y in 0..<40 {
            for x in 0..<120 { pixels[y * 120 + x] = UInt8(120 + x) }
        }
        for y in 10..<30 { for x in stride(from: 10, to: 110, by: 12) { pixels[y * 120 + x] = 30; pixels[y * 120 + x + 1] = 30 } }
        let image = try Image(width: 120, height: 40, format: .gray8, pixels: pixels)
        let hat = try image.topHat(width: 9, height: 9, brightFeatures: false)
        #expect(try #require(hat.pixel(x: 10, y: 20)) > 80)
        #expect(try #require(hat.pixel(x: 16, y: 20)) < 10)
    }

    @Test func normalisationEvensOutLighting() throws {
        let text = try Image(data: Fixtures.bytes("text/paragraph.png"))
        // Darken the right half as uneven light would.
        let bytes = try text.grayBytes()
        let shaded = bytes.enumerated().map { index, value in
            index % text.width > text.width / 2 ? UInt8(Double(value) * 0.55) : value
        }
        let image = try Image(width: text.width, height: text.height, format: .gray8, pixels: shaded)
        let normalised = try image.backgroundNormalized()
        let right = try #require(normalised.pixel(x: text.width - 5, y: 5))
        #expect(right > 200, "background on the shaded side is \(right)")
        let stretched = try image.contrastNormalized()
        #expect(stretched.width == image.width)
    }

    @Test func chooseTheChannelWithMostContrast() throws {
        // Red text on a blue-ish background disappears in one channel and stands out in another.
        var pixels = [UInt8]()
        for y in 0..<40 {
            for x in 0..<80 {
                let ink = (10..<30).contains(y) && (x / 4) % 2 == 0
                pixels += ink ? [200, 20, 120, 255] : [40, 20, 120, 255]
            }
        }
        let image = try Image(width: 80, height: 40, format: .rgba8, pixels: pixels)
        let channel = try image.grayscaleFromMostContrastingChannel()
        #expect(channel.depth == 8)
        let ink = try #require(channel.pixel(x: 0, y: 20)), paper = try #require(channel.pixel(x: 0, y: 5))
        #expect(Int(ink) - Int(paper) > 150)
        let stats = try channel.grayStatistics()
        #expect(stats.standardDeviation > 50)
    }

    @Test(arguments: 0..<3) func theChannelWhereInkDiffersIsTheOneTaken(channel: Int) throws {
        // Stripes that differ from the ground only in `channel` (red, green or blue); the other two channels
        // are flat at different levels, so taking any of them would give a flat image.
        var pixels = [UInt8]()
        for y in 0..<300 {
            for x in 0..<400 {
                var pixel: [UInt8] = [60, 90, 120, 255]
                if (y / 10) % 2 == 0 && (x / 7) % 3 == 0 { pixel[channel] = 230 }
                pixels += pixel
            }
        }
        let gray = try Image(width: 400, height: 300, format: .rgba8, pixels: pixels)
            .grayscaleFromMostContrastingChannel()
        #expect(gray.pixel(x: 0, y: 0) == 230)
        #expect(gray.pixel(x: 1, y: 15) == [60, 90, 120][channel])
    }

    @Test func ofTwoChannelsWithEqualContrastRedIsTaken() throws {
        // Red and green stripes of the same contrast at different levels: the first channel is the one taken.
        var pixels = [UInt8]()
        for y in 0..<40 {
            for _ in 0..<40 { pixels += (y / 5) % 2 == 0 ? [200, 160, 90, 255] : [60, 20, 90, 255] }
        }
        let gray = try Image(width: 40, height: 40, format: .rgba8, pixels: pixels)
            .grayscaleFromMostContrastingChannel()
        #expect(gray.pixel(x: 3, y: 2) == 200)
    }

    @Test func pngRoundTripIsLossless() throws {
        let image = try Image(data: Fixtures.bytes("text/invoice.jpg"))
        let again = try Image(data: image.pngData())
        #expect(again.width == image.width && again.depth == image.depth)
        #expect(try again.grayBytes() == image.grayBytes())
    }

    @Test(arguments: [1, 3, 4, 7, 8, 13, 64, 67])
    func greyBytesRoundTripInLeptonicasOrder(width: Int) throws {
        let height = 3
        let gray: [UInt8] = (0..<(width * height)).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) }
        let image = try Image(width: width, height: height, format: .gray8, pixels: gray)
        #expect(try image.grayBytes() == gray)
        // Leptonica's own reading of each pixel: the bytes landed where it looks for them.
        for y in 0..<height {
            for x in 0..<width where image.pixel(x: x, y: y) != UInt32(gray[y * width + x]) {
                Issue.record("pixel (\(x), \(y)) of a \(width)-pixel-wide image")
            }
        }
    }

    @Test func rawPixelsRoundTrip() throws {
        // Cairo's native-endian ARGB words.
        var argb = [UInt8]()
        for value: UInt32 in [0xFF11_2233, 0xFFFF_FFFF] { withUnsafeBytes(of: value) { argb += $0 } }
        let colour = try Image(width: 2, height: 1, format: .argb32, pixels: argb)
        #expect(colour.pixel(x: 0, y: 0) == 0x1122_3300)
        #expect(throws: ImagingError.self) { try Image(width: 10, height: 10, format: .gray8, pixels: [1, 2, 3]) }
        #expect(throws: ImagingError.self) { try Image.blank(width: 0, height: 10) }
    }
}
