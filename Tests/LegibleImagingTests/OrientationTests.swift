import Foundation
import LegibleImaging
import Testing
import TestSupport

@Suite("EXIF orientation")
struct OrientationTests {
    /// A 64x32 white picture with a black 16x8 block in its top-left corner: any wrong turn moves the block.
    static func upright() throws -> Image {
        var pixels = [UInt8](repeating: 255, count: 64 * 32)
        for y in 0..<8 { for x in 0..<16 { pixels[y * 64 + x] = 0 } }
        return try Image(width: 64, height: 32, format: .gray8, pixels: pixels)
    }

    /// How a camera would have stored the upright picture for each tag: the inverse of the tag's turn.
    static func stored(_ upright: Image, orientation: Int) throws -> Image {
        switch orientation {
        case 1: upright
        case 2: try upright.mirrored()
        case 3: try upright.rotated(quarterTurns: 2)
        case 4: try upright.rotated(quarterTurns: 2).mirrored()
        case 5: try upright.rotated(quarterTurns: 1).mirrored()
        case 6: try upright.rotated(quarterTurns: -1)
        case 7: try upright.rotated(quarterTurns: -1).mirrored()
        case 8: try upright.rotated(quarterTurns: 1)
        default: fatalError("orientation \(orientation)")
        }
    }

    @Test("A JPEG tagged with an EXIF orientation comes out upright", arguments: 1...8, [false, true])
    func turnsUpright(orientation: Int, bigEndian: Bool) throws {
        let jpeg = try Self.stored(Self.upright(), orientation: orientation).jpegData(quality: 95)
        let tagged = JPEGFixtures.withOrientation(orientation, jpeg: jpeg, bigEndian: bigEndian)
        let image = try Image(data: tagged)
        #expect(image.width == 64 && image.height == 32)
        #expect(try #require(image.pixel(x: 4, y: 2)) < 60, "block missing from the top-left")
        #expect(try #require(image.pixel(x: 60, y: 2)) > 200)
        #expect(try #require(image.pixel(x: 4, y: 29)) > 200)
        #expect(try #require(image.pixel(x: 60, y: 29)) > 200)
    }

    @Test func orientationCanBeIgnored() throws {
        let jpeg = try Self.upright().rotated(quarterTurns: -1).jpegData()
        let tagged = JPEGFixtures.withOrientation(6, jpeg: jpeg)
        let raw = try Image(data: tagged, options: DecodeOptions(appliesOrientation: false))
        #expect(raw.width == 32 && raw.height == 64)
    }

    @Test func readsTheTag() throws {
        let jpeg = try Self.upright().jpegData()
        for value in 1...8 {
            let tagged = JPEGFixtures.withOrientation(value, jpeg: jpeg)
            let read = tagged.withUnsafeBytes { ExifOrientation.read(jpeg: $0) }
            #expect(read?.rawValue == value)
        }
        #expect(jpeg.withUnsafeBytes { ExifOrientation.read(jpeg: $0) } == nil)
    }

    @Test func malformedExifIsIgnoredNotFatal() throws {
        let jpeg = try Self.upright().jpegData()
        var tagged = [UInt8](JPEGFixtures.withOrientation(6, jpeg: jpeg))
        // Point IFD0 far outside the segment.
        tagged[2 + 4 + 6 + 4] = 0xFF
        tagged[2 + 4 + 6 + 5] = 0xFF
        let image = try Image(bytes: tagged)
        #expect(image.width == 64)
        // An absurd orientation value is ignored too.
        let odd = JPEGFixtures.withOrientation(42, jpeg: jpeg)
        #expect(try Image(data: odd).width == 64)
    }
}
