import Foundation
import Testing
import TestSupport

@testable import LegibleImaging

/// JPEGs are decoded by libjpeg-turbo straight into Leptonica's layout; Leptonica's own reader stays for CMYK
/// and YCCK. The two must agree word for word, or every figure measured before the switch would shift.
@Suite("JPEG decoding")
struct JPEGDecodeTests {
    static let photos = [
        "formats/sample.jpg", "formats/sample-gray-progressive.jpg", "serials/etched_000.jpg",
        "serials/screen_000.jpg", "serials/sticker_000.jpg",
    ]

    @Test(arguments: photos)
    func decodesTheSameWordsAsLeptonicaAtEveryReduction(path: String) throws {
        let bytes = try Fixtures.bytes(path)
        for reduction in [1, 2, 4, 8] {
            let (direct, leptonica) = try bytes.withUnsafeBytes { buffer in
                (
                    try Image.decodeJPEG(buffer, reduction: reduction),
                    Image.decodeJPEGWithLeptonica(buffer, reduction: reduction)
                )
            }
            let ours = try #require(direct.map { Image(owning: $0) }, "\(path) fell back to Leptonica")
            let theirs = try #require(leptonica.map { Image(owning: $0) })
            #expect(ours.hasSameWords(as: theirs), "\(path) at 1/\(reduction)")
            #expect(ours.resolution == theirs.resolution)
        }
    }

    @Test func aGreyJPEGStaysEightBitsAndACMYKOneGoesToLeptonica() throws {
        let gray = try Image(data: Fixtures.bytes("formats/sample-gray-progressive.jpg"))
        #expect(gray.depth == 8 && gray.width == 61 && gray.height == 37)
        let cmyk = try Fixtures.bytes("formats/sample-cmyk.jpg")
        #expect(try cmyk.withUnsafeBytes { try Image.decodeJPEG($0, reduction: 1) } == nil)
        let image = try Image(data: cmyk)
        #expect(image.depth == 32 && image.width == 64 && image.height == 48)
    }

    @Test func aDamagedJPEGFailsWithLibjpegsReason() throws {
        var jpeg = try Fixtures.bytes("formats/sample.jpg")
        // Entropy-coded data cut short: libjpeg warns of a premature end, which fails the decode.
        let error = #expect(throws: ImagingError.self) { try Image(data: jpeg.prefix(jpeg.count * 2 / 3)) }
        guard case .damaged(format: .jpeg, let reason) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(reason.localizedCaseInsensitiveContains("premature end"))
        // A start-of-frame marker with a zero height is refused before any pixel is decoded.
        if let frame = jpeg.indices.dropLast(8).first(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }) {
            jpeg[frame + 5] = 0
            jpeg[frame + 6] = 0
            #expect(throws: ImagingError.self) { try Image(data: jpeg) }
        }
    }
}
