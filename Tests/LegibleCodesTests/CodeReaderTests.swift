import LegibleCodes
import LegibleImaging
import Testing
import TestSupport

@Suite("Code reading")
struct CodeReaderTests {
    @Test func readsATurnedQRCodeWithItsBox() throws {
        let image = try Image(contentsOf: Fixtures.image("codes/qr-serial.png").path)
        let symbols = try CodeReader().symbols(in: image)
        #expect(symbols.map(\.payload) == ["C02XK1ABJGH5"])
        #expect(symbols.first?.symbology == .qrCode)
        // The code (21 modules of 5 px, turned 97 degrees) is drawn in the middle of the 480 x 360 card.
        if let box = symbols.first?.box {
            #expect(box.x > 150 && box.x < 210 && box.y > 90 && box.y < 150, "\(box)")
            #expect(box.width > 100 && box.width < 160, "\(box)")
        }
    }

    @Test func readsASkewedCode128() throws {
        let image = try Image(contentsOf: Fixtures.image("codes/code128-serial.png").path)
        let symbols = try CodeReader().symbols(in: image)
        #expect(symbols.map(\.payload) == ["C02XK1ABJGH5"])
        #expect(symbols.first?.symbology == .code128)
        #expect((symbols.first?.quality ?? 0) > 1)
    }

    @Test func onlyTheAskedSymbologiesAreRead() throws {
        let image = try Image(contentsOf: Fixtures.image("codes/code128-serial.png").path)
        #expect(try CodeReader(symbologies: [.qrCode]).symbols(in: image).isEmpty)
        #expect(try CodeReader(symbologies: []).symbols(in: image).isEmpty)
    }

    @Test func aPhotoWithoutCodesGivesNone() throws {
        let image = try Image(contentsOf: Fixtures.image("serials/etched_000.jpg").path)
        #expect(try CodeReader().symbols(in: image).isEmpty)
        let blank = try Image.blank(width: 64, height: 48)
        #expect(try CodeReader().symbols(in: blank).isEmpty)
    }
}
