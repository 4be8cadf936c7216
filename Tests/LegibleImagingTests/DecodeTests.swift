import Foundation
import LegibleImaging
import Testing
import TestSupport

@Suite("Decoding")
struct DecodeTests {
    @Test("Every supported format decodes to the same picture", arguments: [
        "sample.png", "sample.jpg", "sample.tif", "sample.webp", "sample.bmp", "sample.ppm", "sample.gif",
        "sample.heic",
    ])
    func decodesFormat(_ name: String) throws {
        let reference = try Image(data: Fixtures.bytes("formats/sample.png"))
        let image = try Image(data: Fixtures.bytes("formats/\(name)"))
        #expect(image.width == reference.width)
        #expect(image.height == reference.height)
        // Same picture: the grey levels agree closely (JPEG and GIF are lossy).
        let a = try image.grayBytes(), b = try reference.grayBytes()
        let meanDifference = zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) } / a.count
        #expect(meanDifference < 6, "\(name) differs from the PNG by \(meanDifference) levels on average")
    }

    @Test func sniffsFormatsFromBytesNotNames() throws {
        for format in ImageFormat.allCases {
            let ext = ["png": "png", "jpeg": "jpg", "tiff": "tif", "webp": "webp", "bmp": "bmp", "pnm": "ppm",
                       "gif": "gif", "heic": "heic"][format.rawValue]!
            #expect(ImageFormat.sniff(try Fixtures.bytes("formats/sample.\(ext)")) == format)
        }
        #expect(ImageFormat.sniff(Data("%PDF-1.7".utf8)) == nil)
        // HEIF files named by their general brand are HEIC when a compatible brand says HEVC; AVIF is not.
        func ftyp(_ major: String, _ compatible: [String]) -> Data {
            let brands = compatible.flatMap { Array($0.utf8) }
            return Data([0, 0, 0, UInt8(16 + brands.count)] + Array("ftyp\(major)".utf8) + [0, 0, 0, 0] + brands)
        }
        #expect(ImageFormat.sniff(ftyp("mif1", ["mif1", "heic"])) == .heic)
        #expect(ImageFormat.sniff(ftyp("heix", [])) == .heic)
        #expect(ImageFormat.sniff(ftyp("mif1", ["mif1", "avif"])) == nil)
        #expect(ImageFormat.sniff(ftyp("avif", ["mif1"])) == nil)
    }

    @Test func decodesHEICPhotosUpright() throws {
        // An iPhone camera's default format: the sticker photo as HEIC decodes to the JPEG's size and picture.
        let heic = try Image(data: Fixtures.bytes("text/sticker-photo.heic"))
        let jpeg = try Image(data: Fixtures.bytes("serials/sticker_000.jpg"))
        #expect(heic.width == jpeg.width && heic.height == jpeg.height && heic.depth == 32)
        let a = try heic.grayBytes(), b = try jpeg.grayBytes()
        let meanDifference = zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) } / a.count
        #expect(meanDifference < 6)
    }

    @Test func readsFiles() throws {
        let image = try Image(contentsOf: Fixtures.image("text/paragraph.png").path)
        #expect(image.width > 400 && image.depth == 8)
    }

    // MARK: Hostile input

    @Test func rejectsEmptyInput() {
        #expect(throws: ImagingError.empty) { try Image(data: Data()) }
        #expect(throws: ImagingError.empty) { try Image(bytes: []) }
    }

    @Test func rejectsTruncatedPNG() throws {
        let png = try Fixtures.bytes("formats/sample.png")
        for length in [8, 20, 33, png.count / 2, png.count - 20] {
            let error = #expect(throws: ImagingError.self) { try Image(data: png.prefix(length)) }
            guard case .damaged(format: .png, _) = error else {
                Issue.record("truncated to \(length) bytes: \(String(describing: error))")
                continue
            }
        }
    }

    /// `formats/grid-bomb.heic` is `sample.heic` (a grid of one tile, `ispe` 205x102) with the grid's output size
    /// in its `idat` set to 30000x30000: libheif allocated the grid at that size (gigabytes) and wrote past it.
    @Test func aHEICGridLargerThanItsDeclaredSizeIsRefusedBeforeDecoding() throws {
        let bomb = try Fixtures.bytes("formats/grid-bomb.heic")
        let error = #expect(throws: ImagingError.self) { try Image(data: bomb) }
        guard case .damaged(format: .heic, let reason) = error else {
            Issue.record("expected a damaged HEIC, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("30000x30000"))
        // The untouched file still decodes.
        #expect(try Image(data: try Fixtures.bytes("formats/sample.heic")).width == 205)
    }

    @Test func rejectsTruncatedJPEG() throws {
        let jpeg = try Fixtures.bytes("formats/sample.jpg")
        for length in [3, 100, jpeg.count / 2, jpeg.count - 10] {
            let error = #expect(throws: ImagingError.self) { try Image(data: jpeg.prefix(length)) }
            guard case .damaged(format: .jpeg, _) = error else {
                Issue.record("truncated to \(length) bytes: \(String(describing: error))")
                continue
            }
        }
    }

    @Test func rejectsTruncatedAndOversizedHEIC() throws {
        let heic = try Fixtures.bytes("formats/sample.heic")
        for length in [12, 40, heic.count / 2, heic.count - 10] {
            let error = #expect(throws: ImagingError.self) { try Image(data: heic.prefix(length)) }
            guard case .damaged(format: .heic, let reason) = error, !reason.isEmpty else {
                Issue.record("truncated to \(length) bytes: \(String(describing: error))")
                continue
            }
        }
        let reference = try Image(data: heic)
        let limit = reference.width * reference.height - 1
        #expect(throws: ImagingError.tooManyPixels(width: reference.width, height: reference.height, limit: limit)) {
            try Image(data: heic, options: DecodeOptions(maxPixels: limit))
        }
        // Random bytes behind a HEIC file type box never crash the decoder.
        var generator = SplitMix(seed: 23)
        for _ in 0..<30 {
            var bytes = Array(heic)
            for _ in 0..<8 {
                let index = 24 + Int(generator.next() % UInt64(bytes.count - 24))
                bytes[index] = UInt8(truncatingIfNeeded: generator.next())
            }
            _ = try? Image(bytes: bytes)
        }
    }

    @Test func rejectsRandomBytes() {
        var generator = SplitMix(seed: 7)
        for _ in 0..<50 {
            let bytes = (0..<Int(generator.next() % 4096 + 1)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            #expect(throws: ImagingError.self) { try Image(bytes: bytes) }
        }
    }

    @Test func randomBytesBehindAValidMagicNeverCrash() throws {
        var generator = SplitMix(seed: 11)
        let png = try Fixtures.bytes("formats/sample.png")
        let jpeg = try Fixtures.bytes("formats/sample.jpg")
        for source in [png, jpeg] {
            for _ in 0..<40 {
                var bytes = [UInt8](source)
                // Corrupt a few bytes past the signature.
                for _ in 0..<8 {
                    let index = 4 + Int(generator.next() % UInt64(bytes.count - 4))
                    bytes[index] = UInt8(truncatingIfNeeded: generator.next())
                }
                // Either it decodes to something of the right size, or it throws: it must not crash.
                if let image = try? Image(bytes: bytes) { #expect(image.width > 0) }
            }
        }
    }

    /// A GIF of `screen` size whose frames declare the given sizes; each frame's data is a 2x2 picture (four
    /// pixels of colour 0, each code sent after a clear code so the code width stays 3 bits).
    static func gif(screen: (Int, Int), frames: [(Int, Int)]) -> [UInt8] {
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        var bytes = Array("GIF89a".utf8) + le16(screen.0) + le16(screen.1) + [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        let codes = [4, 0, 4, 0, 4, 0, 4, 0, 5]
        var packed: [UInt8] = []
        var bits = 0, count = 0
        for code in codes {
            bits |= code << count
            count += 3
            while count >= 8 { packed.append(UInt8(bits & 0xFF)); bits >>= 8; count -= 8 }
        }
        if count > 0 { packed.append(UInt8(bits & 0xFF)) }
        for (width, height) in frames {
            bytes += [0x21, 0xF9, 4, 0, 10, 0, 0, 0]  // graphic control extension (an animation's frame delay)
            bytes += [0x2C] + le16(0) + le16(0) + le16(width) + le16(height) + [0]
            bytes += [2, UInt8(packed.count)] + packed + [0]
        }
        return bytes + [0x3B]
    }

    @Test func gifFramesAreHeldToThePixelLimitAndOnlyTheFirstIsDecoded() throws {
        let animated = Self.gif(screen: (2, 2), frames: Array(repeating: (2, 2), count: 300))
        let image = try Image(bytes: animated)
        #expect(image.width == 2 && image.height == 2)
        // A frame far larger than the screen it is declared on, after a first frame that is fine.
        let bomb = Self.gif(screen: (2, 2), frames: [(2, 2), (20000, 20000), (20000, 20000)])
        #expect(throws: ImagingError.tooManyPixels(width: 20000, height: 20000, limit: 40_000_000)) {
            try Image(bytes: bomb)
        }
        // A stream cut inside a frame's data, and a stream with no frame at all.
        #expect(throws: ImagingError.self) { try Image(bytes: Array(animated.prefix(30))) }
        #expect(throws: ImagingError.self) { try Image(bytes: Self.gif(screen: (2, 2), frames: [])) }
    }

    @Test func refusesHugeHeaderBeforeDecoding() {
        let header = JPEGFixtures.pngHeaderOnly(width: 100_000, height: 100_000)
        #expect(throws: ImagingError.tooManyPixels(width: 100_000, height: 100_000, limit: 40_000_000)) {
            try Image(data: header)
        }
    }

    /// PNG sides are 32-bit: two near 2^32 multiply past `Int.max`, which must be a refusal, not an overflow.
    @Test func refusesSidesWhoseProductOverflows() {
        let side = 0xFFFF_FFF0
        let header = JPEGFixtures.pngHeaderOnly(width: side, height: side)
        #expect(throws: ImagingError.tooManyPixels(width: side, height: side, limit: 40_000_000)) {
            try Image(data: header)
        }
        let error = ImagingError.tooManyPixels(width: side, height: side, limit: 40_000_000)
        #expect(error.description == "image is \(side)x\(side) pixels; the limit is 40000000 pixels")
    }

    @Test func pixelLimitIsConfigurable() throws {
        let png = try Fixtures.bytes("formats/sample.png")
        let reference = try Image(data: png)
        let limit = reference.width * reference.height - 1
        #expect(throws: ImagingError.tooManyPixels(width: reference.width, height: reference.height, limit: limit)) {
            try Image(data: png, options: DecodeOptions(maxPixels: limit))
        }
        #expect(throws: ImagingError.tooManyBytes(byteCount: png.count, limit: 100)) {
            try Image(data: png, options: DecodeOptions(maxBytes: 100))
        }
    }

    @Test func largeJPEGsAreReducedWhileDecodingWhenAsked() throws {
        // The sample picture scaled to 4000 x 2000 (its 2:1 shape), as a JPEG and as a PNG.
        let sample = try Image(data: Fixtures.bytes("formats/sample.png"))
        let large = try sample.scaled(toWidth: 4000, height: 2000)
        let jpeg = try large.jpegData(quality: 90)
        let full = try Image.decoded(jpeg, options: DecodeOptions())
        #expect(full.reduction == 1 && full.image.width == 4000 && full.image.height == 2000)
        for (minimum, reduction) in [(2000, 2), (1500, 2), (1000, 4), (400, 8), (100, 8), (2001, 1)] {
            let decoded = try Image.decoded(jpeg, options: DecodeOptions(jpegMinimumLongerSide: minimum))
            #expect(decoded.reduction == reduction, "floor \(minimum)")
            #expect(decoded.image.width == 4000 / reduction && decoded.image.height == 2000 / reduction)
        }
        // The same picture: grey levels agree with the full decode scaled down.
        let half = try Image.decoded(jpeg, options: DecodeOptions(jpegMinimumLongerSide: 2000)).image
        let a = try half.grayBytes(), b = try full.image.scaled(by: 0.5).grayBytes()
        #expect(a.count == b.count)
        let meanDifference = zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) } / max(1, a.count)
        #expect(meanDifference < 4)
        // Turned upright after the reduction: EXIF "right" gives a 1000 x 2000 image.
        let turned = try Image.decoded(
            JPEGFixtures.withOrientation(6, jpeg: jpeg), options: DecodeOptions(jpegMinimumLongerSide: 2000))
        #expect(turned.reduction == 2 && turned.image.width == 1000 && turned.image.height == 2000)
        // Only JPEGs are reduced.
        let png = try Image.decoded(large.pngData(), options: DecodeOptions(jpegMinimumLongerSide: 1000))
        #expect(png.reduction == 1 && png.image.width == 4000)
    }

    @Test func namesUnsupportedFormats() {
        #expect(throws: ImagingError.unsupportedFormat(detected: "PDF")) { try Image(data: Data("%PDF-1.4\n".utf8)) }
        let avif = Data([0, 0, 0, 0x18] + Array("ftypavif".utf8) + [0, 0, 0, 0])
        #expect(throws: ImagingError.unsupportedFormat(detected: "AVIF")) { try Image(data: avif) }
        #expect(throws: ImagingError.unsupportedFormat(detected: nil)) { try Image(data: Data("hello".utf8)) }
        let message = ImagingError.unsupportedFormat(detected: "AVIF").description
        #expect(message.contains("AVIF") && message.contains("JPEG") && message.contains("HEIC"))
    }

    @Test func reportsUnreadableFiles() {
        let missing = #expect(throws: ImagingError.self) { try Image(contentsOf: "/nonexistent/photo.jpg") }
        guard case .unreadableFile(let path, _) = missing else { Issue.record("got \(String(describing: missing))"); return }
        #expect(path == "/nonexistent/photo.jpg")
        let directory = #expect(throws: ImagingError.self) { try Image(contentsOf: NSTemporaryDirectory()) }
        guard case .unreadableFile = directory else { Issue.record("got \(String(describing: directory))"); return }
    }
}
