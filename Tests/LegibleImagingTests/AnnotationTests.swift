import LegibleImaging
import Testing

@Suite("Annotation")
struct AnnotationTests {
    static let canvas = try! Image.blank(width: 200, height: 120, gray: 255)

    @Test func solidOutlineLandsOnTheRectangle() throws {
        let rect = PixelRect(x: 40, y: 50, width: 100, height: 40)
        let drawn = try Self.canvas.annotated([.box(rect, color: .red, lineWidth: 2)])
        #expect(drawn.depth == 32 && drawn.width == 200 && drawn.height == 120)
        let red: UInt32 = RGBColor.red.red.expanded << 24 | UInt32(RGBColor.red.green) << 16 | UInt32(RGBColor.red.blue) << 8
        for x in stride(from: 40, to: 140, by: 7) {
            #expect(drawn.pixel(x: x, y: 50) == red)
            #expect(drawn.pixel(x: x, y: 89) == red)
        }
        for y in stride(from: 50, to: 90, by: 5) { #expect(drawn.pixel(x: 40, y: y) == red) }
        // Inside and outside stay white.
        #expect(drawn.pixel(x: 90, y: 70) == 0xFFFF_FF00)
        #expect(drawn.pixel(x: 10, y: 10) == 0xFFFF_FF00)
    }

    @Test func dashedOutlineHasGaps() throws {
        let rect = PixelRect(x: 10, y: 100, width: 180, height: 10)
        let drawn = try Self.canvas.annotated([.box(rect, color: .blue, stroke: .dashed, lineWidth: 1)])
        let row = (10..<190).map { drawn.pixel(x: $0, y: 100) }
        let inked = row.filter { $0 != 0xFFFF_FF00 }.count
        #expect(inked > 60 && inked < 120, "\(inked) of 180 pixels inked")
    }

    @Test func labelsAndPanelsWriteText() throws {
        let drawn = try Self.canvas.annotated([
            .box(PixelRect(x: 20, y: 40, width: 60, height: 30), color: .green, label: "Full name 0.93"),
            .panel(PixelRect(x: 100, y: 0, width: 100, height: 40), background: .black, color: .white,
                   lines: ["C02XK1JCJG5J", "Zoë"]),
        ])
        // Some pixels above the box changed (the label), and the panel is black with white text.
        let above = (20..<80).flatMap { x in (24..<38).map { y in drawn.pixel(x: x, y: y) } }
        #expect(above.contains { $0 != 0xFFFF_FF00 })
        #expect(drawn.pixel(x: 198, y: 38) == 0)
        let panel = (100..<200).flatMap { x in (0..<40).map { y in drawn.pixel(x: x, y: y) } }
        #expect(panel.contains(0xFFFF_FF00))
    }

    @Test(arguments: [
        ("Фамилия", "Familia"), ("Όνομα", "Onoma"), ("姓名", "xing ming"), ("Zoë Ångström", "Zoe Angstrom"),
        ("Straße", "Strasse"),
    ])
    func labelsInOtherScriptsAreDrawnTransliterated(label: String, latin: String) throws {
        let rect = PixelRect(x: 20, y: 60, width: 150, height: 30)
        let drawn = try Self.canvas.annotated([.box(rect, color: .green, label: label)])
        let expected = try Self.canvas.annotated([.box(rect, color: .green, label: latin)])
        let question = try Self.canvas.annotated([.box(rect, color: .green, label: String(repeating: "?", count: label.count))])
        let pixels = { (image: Image) in (20..<170).flatMap { x in (40..<60).map { y in image.pixel(x: x, y: y) } } }
        #expect(pixels(drawn) == pixels(expected))
        #expect(pixels(drawn) != pixels(question))
    }

    @Test func annotationsOutsideTheImageAreSkipped() throws {
        let drawn = try Self.canvas.annotated([.box(PixelRect(x: 500, y: 500, width: 10, height: 10), color: .red)])
        #expect(drawn.width == 200)
    }
}

extension UInt8 {
    fileprivate var expanded: UInt32 { UInt32(self) }
}
