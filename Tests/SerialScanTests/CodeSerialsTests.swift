import LegibleCodes
import LegibleImaging
import Testing

@testable import SerialScan

/// Serials from barcodes and QR codes: which payload tokens count, and how a code's exact payload combines
/// with the text read beside it.
@Suite("Code serials")
struct CodeSerialsTests {
    static func qr(_ payload: String) -> CodeSymbol {
        CodeSymbol(symbology: .qrCode, payload: payload, box: PixelRect(x: 10, y: 10, width: 80, height: 80), quality: 1)
    }

    static func text(_ serial: String, _ confidence: Double, format: SerialFormat = .apple12) -> SerialCandidate {
        SerialCandidate(serial: serial, confidence: confidence, format: format, box: nil, captioned: true)
    }

    @Test func aPayloadAloneOrAnnouncedIsTheSerial() {
        let alone = CodeSerials.serials(in: Self.qr("C02XK1ABJGH5"))
        #expect(alone.map(\.serial) == ["C02XK1ABJGH5"] && alone[0].announced && alone[0].format == .apple12)
        let labelled = CodeSerials.serials(in: Self.qr("ASSET 004512 S/N:C02XK1ABJGH5"))
        #expect(labelled.map(\.serial) == ["C02XK1ABJGH5"] && labelled[0].announced)
        let url = CodeSerials.serials(in: Self.qr("https://shop.example/a?id=77&sn=C02XK1ABJGH5"))
        #expect(url.contains { $0.serial == "C02XK1ABJGH5" && $0.announced })
    }

    @Test func otherIDsAndWordsAreNotSerials() {
        // An IMEI's digits follow their label; a phone number and plain words fit no format.
        #expect(CodeSerials.serials(in: Self.qr("IMEI 356789104567891")).isEmpty)
        #expect(CodeSerials.serials(in: Self.qr("+44 20 7946 0958")).isEmpty)
        #expect(CodeSerials.serials(in: Self.qr("https://example.com/support")).isEmpty)
        // An Apple layout with an O is no Apple serial.
        #expect(CodeSerials.format(of: "C02XK1ABJGO5") != .apple12)
    }

    @Test func textThatAgreesWithTheCodeIsNearCertainInTheCodesSpelling() {
        // The text read O for 0: the same serial, misread.
        let combined = CodeSerials.combined(
            [Self.text("CO2XK1ABJGH5", 0.55), Self.text("W8812345XYZ", 0.2, format: .apple11)],
            symbols: [Self.qr("C02XK1ABJGH5")], deviceType: .macbook, limit: 5)
        #expect(combined.first?.serial == "C02XK1ABJGH5")
        #expect((combined.first?.confidence ?? 0) >= CodeSerials.agreed)
        #expect(combined.first?.sources == [.ocr, .barcode])
        #expect(combined.count == 2)
    }

    @Test func aCodeThatDisagreesLeavesNoAnswerNearCertain() {
        let combined = CodeSerials.combined(
            [Self.text("C17YT2CDHV2H", 0.95)], symbols: [Self.qr("C02XK1ABJGH5")], deviceType: .macbook, limit: 5)
        #expect(Set(combined.map(\.serial)) == ["C17YT2CDHV2H", "C02XK1ABJGH5"])
        #expect(combined.allSatisfy { $0.confidence < 0.9 })
        #expect(combined.first { $0.serial == "C02XK1ABJGH5" }?.sources == [.barcode])
    }

    @Test func aGenericCodeIsOnlyAWeakCandidate() {
        let combined = CodeSerials.combined(
            [Self.text("C02XK1ABJGH5", 0.93)], symbols: [Self.qr("INV2024AB7781")], deviceType: .macbook, limit: 5)
        #expect(combined.first?.serial == "C02XK1ABJGH5" && combined.first?.confidence == 0.93)
        #expect(combined.contains { $0.serial == "INV2024AB7781" && $0.sources == [.barcode] })
        #expect(combined.allSatisfy { $0.serial == "C02XK1ABJGH5" || $0.confidence <= CodeSerials.codeOnlyOther })
    }

    @Test func boxesTurnBackToThePhotosPixels() {
        // A 40 x 30 photo turned clockwise is 30 x 40, and the turned photo's top-left corner is the photo's
        // bottom-left.
        let corner = PixelRect(x: 0, y: 0, width: 2, height: 3)
        #expect(corner.turnedBack(quarterTurns: 1, width: 40, height: 30) == PixelRect(x: 0, y: 28, width: 3, height: 2))
        #expect(corner.turnedBack(quarterTurns: 3, width: 40, height: 30) == PixelRect(x: 37, y: 0, width: 3, height: 2))
        #expect(corner.turnedBack(quarterTurns: 2, width: 40, height: 30) == PixelRect(x: 38, y: 27, width: 2, height: 3))
        #expect(corner.turnedBack(quarterTurns: 0, width: 40, height: 30) == corner)
    }
}
