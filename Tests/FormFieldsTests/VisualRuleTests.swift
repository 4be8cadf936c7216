import Foundation
import FormFields
import LegibleImaging
import LegiblePDF
import TestSupport
import Testing

/// A white 150-dpi page (612 × 792 points) to draw rulings and boxes on, in points, then wrap as a scan.
struct Sketch {
    static let dpi = 150.0
    let width = 1275, height = 1650
    var pixels: [UInt8]

    init() { pixels = [UInt8](repeating: 255, count: 1275 * 1650) }

    private func px(_ points: Double) -> Int { Int((points * Self.dpi / 72).rounded()) }

    /// A filled rectangle in points, `gray` dark.
    mutating func fill(x: Double, y: Double, width w: Double, height h: Double, gray: UInt8 = 0) {
        for row in px(y)..<px(y + h) { for column in px(x)..<px(x + w) { pixels[row * width + column] = gray } }
    }

    /// A horizontal ruling 1 point thick.
    mutating func hline(x0: Double, x1: Double, y: Double) { fill(x: x0, y: y, width: x1 - x0, height: 1) }

    /// A vertical ruling 1 point thick.
    mutating func vline(x: Double, y0: Double, y1: Double) { fill(x: x, y: y0, width: 1, height: y1 - y0) }

    /// A box outline.
    mutating func box(x: Double, y: Double, width w: Double, height h: Double) {
        hline(x0: x, x1: x + w, y: y)
        hline(x0: x, x1: x + w + 1, y: y + h)
        vline(x: x, y0: y, y1: y + h)
        vline(x: x + w, y0: y, y1: y + h)
    }

    /// A box outline with rounded corners of `radius` points.
    mutating func roundedBox(x: Double, y: Double, width w: Double, height h: Double, radius: Double) {
        hline(x0: x + radius, x1: x + w - radius, y: y)
        hline(x0: x + radius, x1: x + w - radius, y: y + h)
        vline(x: x, y0: y + radius, y1: y + h - radius)
        vline(x: x + w, y0: y + radius, y1: y + h - radius)
        let scale = Self.dpi / 72
        let centres = [(x + radius, y + radius), (x + w - radius, y + radius), (x + radius, y + h - radius),
                       (x + w - radius, y + h - radius)]
        for (cx, cy) in centres {
            for row in px(cy - radius - 1)...px(cy + radius + 1) {
                for column in px(cx - radius - 1)...px(cx + radius + 1) {
                    let dx = Double(column) / scale - cx, dy = Double(row) / scale - cy
                    // Only the quarter that faces out of the box.
                    guard (dx < 0) == (cx < x + w / 2), (dy < 0) == (cy < y + h / 2) else { continue }
                    if abs((dx * dx + dy * dy).squareRoot() - radius) < 0.5 { pixels[row * width + column] = 0 }
                }
            }
        }
    }

    /// A dark block the size of a short caption ("Name"), 5 points high.
    mutating func caption(x: Double, y: Double, width w: Double = 24) {
        for index in 0..<Int(w / 4) { fill(x: x + Double(index) * 4, y: y, width: 3, height: 5) }
    }

    /// A circle outline about 0.7 points wide, `gray` dark.
    mutating func ring(cx: Double, cy: Double, radius: Double, gray: UInt8) {
        let scale = Self.dpi / 72
        for row in px(cy - radius - 1)...px(cy + radius + 1) {
            for column in px(cx - radius - 1)...px(cx + radius + 1) {
                let dx = Double(column) / scale - cx, dy = Double(row) / scale - cy
                if abs((dx * dx + dy * dy).squareRoot() - radius) < 0.35 { pixels[row * width + column] = gray }
            }
        }
    }

    func detect() throws -> [FieldRegion] {
        let image = try Image(width: width, height: height, format: .gray8, pixels: pixels)
        return try FormFieldDetector().detect(PDFDocument(image: image, dpi: Self.dpi))
    }
}

func overlaps(_ region: FieldRegion, x0: Double, y0: Double, x1: Double, y1: Double) -> Bool {
    let rect = PDFRect(x: region.x, y: region.y, width: region.width, height: region.height)
    return rect.intersectionOverUnion(PDFRect(x0: x0, y0: y0, x1: x1, y1: y1)) >= 0.7
}

@Suite("Visual detection rules")
struct VisualRuleTests {
    @Test func cellsAtTheOpenEdgesOfATableAreFields() throws {
        // A table with no outer verticals: two rows of three columns, rulings running to the margins.
        var page = Sketch()
        for y in [100.0, 160.0, 220.0] { page.hline(x0: 40, x1: 560, y: y) }
        for x in [200.0, 380.0] { page.vline(x: x, y0: 100, y1: 220) }
        let regions = try page.detect()
        for (x0, x1) in [(41.0, 200.0), (201.0, 380.0), (381.0, 560.0)] {
            for (y0, y1) in [(101.0, 160.0), (161.0, 220.0)] {
                #expect(regions.contains { overlaps($0, x0: x0, y0: y0, x1: x1, y1: y1) }, "cell \(x0)...\(x1) × \(y0)...\(y1)")
            }
        }
        #expect(regions.count == 6)
    }

    @Test func aCombWhoseDividersAreMissedHereAndThereIsStillOneField() throws {
        // Ten cells of 18 points, three of the dividers not drawn (too pale to print), and beside it a tax form's
        // dollars-and-cents pair, which is two fields.
        var page = Sketch()
        page.box(x: 40, y: 100, width: 180, height: 18)
        for index in 1..<10 where ![2, 5, 6].contains(index) { page.vline(x: 40 + Double(index) * 18, y0: 100, y1: 118) }
        page.box(x: 300, y: 100, width: 100, height: 18)
        page.vline(x: 380, y0: 100, y1: 118)
        let regions = try page.detect()
        let comb = regions.filter { overlaps($0, x0: 41, y0: 101, x1: 220, y1: 118) }
        #expect(comb.count == 1 && comb.first?.maxLength == 10, "\(regions)")
        #expect(regions.filter { $0.x >= 40 && $0.x + $0.width <= 221 }.count == 1, "\(regions)")
        #expect(regions.contains { overlaps($0, x0: 301, y0: 101, x1: 380, y1: 118) }, "\(regions)")
        #expect(regions.contains { overlaps($0, x0: 381, y0: 101, x1: 400, y1: 118) }, "\(regions)")
    }

    @Test func aDateDrawnAsCellsIsThreeCombsAndALonePairStaysTwoCells() throws {
        // `MM-DD-YYYY` as 2 + 2 + 4 cells of 18 points, 12 points apart (where the dashes go); and far from it a
        // lone pair of cells, which a table draws as often as a form draws a two-character comb.
        var page = Sketch()
        func cells(x: Double, y: Double, count: Int) {
            page.box(x: x, y: y, width: Double(count) * 18, height: 18)
            for index in 1..<count { page.vline(x: x + Double(index) * 18, y0: y, y1: y + 18) }
        }
        cells(x: 40, y: 100, count: 2)
        cells(x: 88, y: 100, count: 2)
        cells(x: 136, y: 100, count: 4)
        cells(x: 400, y: 300, count: 2)
        let regions = try page.detect()
        let date = regions.filter { $0.y < 200 }
        #expect(date.map(\.maxLength) == [2, 2, 4], "\(date)")
        #expect(!regions.contains { $0.y > 200 && $0.maxLength == 2 }, "\(regions)")
    }

    @Test func cropMarksInTheBleedAreNoLinesToWriteOn() throws {
        // Crop marks: 24-point strokes from the page's left and right sides and one 6 points from its top;
        // and a 100-point line to write on in the page.
        var page = Sketch()
        page.hline(x0: 0, x1: 24, y: 30)
        page.hline(x0: 588, x1: 612, y: 30)
        page.hline(x0: 280, x1: 330, y: 6)
        page.hline(x0: 200, x1: 300, y: 300)
        let regions = try page.detect()
        #expect(regions.count == 1 && regions.allSatisfy { $0.y > 250 }, "\(regions.map { ($0.x, $0.y) })")
    }

    @Test func solidSquaresInThePageCornersAreRegistrationMarksNotCheckedBoxes() throws {
        // 14-point solid squares half an inch in from three corners, and a hollow box in a corner's reach.
        var page = Sketch()
        page.fill(x: 36, y: 36, width: 14, height: 12)
        page.fill(x: 36, y: 744, width: 14, height: 12)
        page.fill(x: 562, y: 744, width: 14, height: 12)
        page.box(x: 540, y: 40, width: 10, height: 10)
        let boxes = try page.detect().filter { $0.fieldType == .checkbox }
        #expect(boxes.count == 1 && boxes.allSatisfy { $0.x > 530 && $0.y < 60 }, "\(boxes.map { ($0.x, $0.y) })")
    }

    @Test func aColumnsCaptionOverEmptyRowsIsNoField() throws {
        // A 40-point header cell with its caption at the top, over two empty 18-point rows of its width; beside
        // it a lone captioned box of the same height, which is a field.
        var page = Sketch()
        page.box(x: 100, y: 100, width: 120, height: 40)
        page.caption(x: 104, y: 103, width: 40)
        page.box(x: 100, y: 140, width: 120, height: 18)
        page.box(x: 100, y: 158, width: 120, height: 18)
        page.box(x: 300, y: 100, width: 120, height: 40)
        page.caption(x: 304, y: 103, width: 40)
        let regions = try page.detect()
        #expect(!regions.contains { $0.x < 230 && $0.y < 139 }, "\(regions.map { ($0.x, $0.y, $0.height) })")
        #expect(regions.filter { $0.x < 230 && $0.y >= 139 }.count == 2, "\(regions.map { ($0.x, $0.y, $0.height) })")
        #expect(regions.contains { $0.x > 290 && $0.y < 139 }, "\(regions.map { ($0.x, $0.y, $0.height) })")
    }

    @Test func anEmptySlotInAGridOfChoicesIsNoField() throws {
        // A row of five 24 x 20-point cells, a check box in each but the third, which is left blank.
        var page = Sketch()
        page.box(x: 40, y: 100, width: 120, height: 20)
        for index in 0..<5 {
            if index > 0 { page.vline(x: 40 + Double(index) * 24, y0: 100, y1: 120) }
            if index != 2 { page.box(x: 47.5 + Double(index) * 24, y: 105.5, width: 9, height: 9) }
        }
        let regions = try page.detect()
        #expect(regions.count == 4 && regions.allSatisfy { $0.fieldType == .checkbox }, "\(regions)")
    }

    @Test func aRowOfCellsEachHoldingACheckBoxIsNoComb() throws {
        // A table row of six 24-point cells, a 9-point check box in each (a timetable of choices).
        var page = Sketch()
        page.box(x: 40, y: 100, width: 144, height: 20)
        for index in 0..<6 {
            if index > 0 { page.vline(x: 40 + Double(index) * 24, y0: 100, y1: 120) }
            page.box(x: 47.5 + Double(index) * 24, y: 105.5, width: 9, height: 9)
        }
        let regions = try page.detect()
        #expect(!regions.contains { $0.maxLength != nil || $0.width > 30 }, "\(regions)")
        #expect(regions.filter { $0.fieldType == .checkbox }.count == 6, "\(regions)")
    }

    @Test func ticksStandingOnABaselineAreAComb() throws {
        // "Le |_|_|_|..." : ten cells of 14 points marked by 6-point ticks, and eight cells of 12 points by
        // 10-point ticks; beside them a plain line to write on, with a caption standing on it.
        var page = Sketch()
        page.caption(x: 60, y: 194)
        page.hline(x0: 100, x1: 240, y: 200)
        for index in 0...10 { page.vline(x: 100 + Double(index) * 14, y0: 194, y1: 200) }
        page.hline(x0: 300, x1: 396, y: 200)
        for index in 0...8 { page.vline(x: 300 + Double(index) * 12, y0: 190, y1: 200) }
        page.hline(x0: 100, x1: 300, y: 260)
        page.caption(x: 100, y: 254)
        let regions = try page.detect()
        let first = regions.first { abs($0.x - 100) < 2 && abs($0.y + $0.height - 200) < 2 }
        #expect(first?.maxLength == 10 && abs((first?.width ?? 0) - 141) < 3, "\(regions)")
        let second = regions.first { abs($0.x - 300) < 2 && abs($0.y + $0.height - 200) < 2 }
        #expect(second?.maxLength == 8 && abs((second?.width ?? 0) - 97) < 3, "\(regions)")
        let line = regions.first { abs($0.y + $0.height - 260) < 2 }
        #expect(line != nil && line?.maxLength == nil, "\(regions)")
    }

    @Test func aLineOfDotsIsALineToWriteOnEvenAcrossThePageUnlessItLeadsToABox() throws {
        // A scan: a caption, then dots across the page to write on; below, dots leading to a box (a tax form's
        // "Total ........ 21. [    ]").
        var page = Sketch()
        page.caption(x: 40, y: 195)
        for index in 0..<170 { page.fill(x: 70 + Double(index) * 3, y: 199, width: 1.5, height: 1.5) }
        page.caption(x: 40, y: 255)
        for index in 0..<60 { page.fill(x: 70 + Double(index) * 3, y: 259, width: 1.5, height: 1.5) }
        page.caption(x: 260, y: 255, width: 12)
        page.box(x: 300, y: 248, width: 100, height: 14)
        let regions = try page.detect()
        #expect(regions.contains { abs($0.y + $0.height - 199) < 3 && $0.x < 80 && $0.x + $0.width > 570 }, "\(regions)")
        #expect(regions.contains { overlaps($0, x0: 301, y0: 249, x1: 400, y1: 262) }, "\(regions)")
        #expect(!regions.contains { abs($0.y + $0.height - 259) < 3 && $0.x < 100 }, "\(regions)")
    }

    @Test func aSmallWhiteSquareOnATintIsACheckBox() throws {
        // A tinted panel holding a white box to write in and two white squares with no border.
        var page = Sketch()
        page.fill(x: 40, y: 100, width: 400, height: 80, gray: 215)
        page.fill(x: 60, y: 120, width: 200, height: 20, gray: 255)
        page.fill(x: 300, y: 124, width: 9, height: 9, gray: 255)
        page.fill(x: 340, y: 124, width: 9, height: 9, gray: 255)
        let regions = try page.detect()
        #expect(regions.contains { overlaps($0, x0: 60, y0: 120, x1: 260, y1: 140) && $0.fieldType != .checkbox }, "\(regions)")
        for x in [300.0, 340.0] {
            #expect(regions.contains { overlaps($0, x0: x, y0: 124, x1: x + 9, y1: 133) && $0.fieldType == .checkbox }, "\(regions)")
        }
    }

    @Test func aPrintedListLaidOutAsATableIsNotAColumnOfFields() throws {
        // Two "name | code" lists side by side, six rows: each name cell has room after its name, each code
        // cell a printed code. The room before a code is not a field.
        func table(withCodes: Bool) throws -> [FieldRegion] {
            var page = Sketch()
            for row in 0...6 { page.hline(x0: 40, x1: 440, y: 100 + Double(row) * 16) }
            for x in [40.0, 200.0, 240.0, 400.0, 440.0] { page.vline(x: x, y0: 100, y1: 196) }
            for row in 0..<6 {
                let y = 105 + Double(row) * 16
                page.caption(x: 44, y: y, width: 48)
                page.caption(x: 244, y: y, width: 48)
                if withCodes {
                    page.caption(x: 212, y: y, width: 8)
                    page.caption(x: 412, y: y, width: 8)
                }
            }
            return try page.detect()
        }
        let listed = try table(withCodes: true)
        #expect(!listed.contains { $0.x < 200 || ($0.x > 240 && $0.x < 400) }, "\(listed.map { ($0.x, $0.y) })")
        // The same rows with empty code cells are a form to fill: the rooms after the names stay fields.
        let blank = try table(withCodes: false)
        #expect(blank.contains { $0.x > 44 && $0.x < 200 })
    }

    @Test func stackedBoxesDoNotMakeACellOfTheGapBetweenThem() throws {
        // Two separate boxes with aligned edges and a caption between them: two fields, not three.
        var page = Sketch()
        page.box(x: 60, y: 100, width: 300, height: 20)
        page.caption(x: 62, y: 128)
        page.box(x: 60, y: 140, width: 300, height: 20)
        let regions = try page.detect()
        #expect(regions.count == 2)
        #expect(regions.contains { overlaps($0, x0: 61, y0: 101, x1: 360, y1: 120) })
        #expect(regions.contains { overlaps($0, x0: 61, y0: 141, x1: 360, y1: 160) })
    }

    @Test func anOpenCellHoldingAHeadingOfSeveralLinesIsNotAField() throws {
        // The left column of an open table holds a three-line heading: not a field; the cell right of it is.
        var page = Sketch()
        for y in [100.0, 200.0] { page.hline(x0: 40, x1: 560, y: y) }
        page.vline(x: 140, y0: 100, y1: 200)
        page.vline(x: 559, y0: 100, y1: 201)
        for line in 0..<3 { page.caption(x: 44, y: 104 + Double(line) * 8, width: 60) }
        let regions = try page.detect()
        #expect(!regions.contains { $0.x < 130 })
        #expect(regions.contains { overlaps($0, x0: 141, y0: 101, x1: 559, y1: 200) })
    }

    @Test func aCaptionOnTheBottomLineOfATallCellPutsTheFieldOnThatLine() throws {
        // An amount column: a tall cell with "$" at its bottom left. The field is the bottom line.
        var page = Sketch()
        page.box(x: 400, y: 100, width: 120, height: 70)
        page.caption(x: 403, y: 161, width: 4)
        // A short box with its caption in the middle of the left end: the rest of the box is the field.
        page.box(x: 60, y: 100, width: 200, height: 20)
        page.caption(x: 63, y: 107, width: 24)
        let regions = try page.detect()
        let amount = try #require(regions.first { $0.x > 400 })
        #expect(amount.height <= 16 && amount.y + amount.height >= 168 && amount.x >= 406)
        let name = try #require(regions.first { $0.x < 300 })
        #expect(name.height >= 18 && name.x >= 87)
    }

    @Test func anEmptyCellTallerThanALineIsWrittenOnItsLowerPart() throws {
        // An amount column of 24-point rows (IRS 7004 lines 7 and 8): a one-line field on each row's bottom,
        // overlapping both a widget over the whole cell and a 12-point widget on its bottom by more than half.
        var page = Sketch()
        page.box(x: 400, y: 100, width: 100, height: 24)
        page.box(x: 400, y: 124, width: 100, height: 24)
        // A 16-point box is one line high: the whole box.
        page.box(x: 60, y: 100, width: 200, height: 16)
        let regions = try page.detect()
        let rows = regions.filter { $0.x > 390 }.sorted { $0.y < $1.y }
        #expect(rows.count == 2, "\(regions.map { ($0.x, $0.y, $0.height) })")
        for (row, top) in zip(rows, [100.0, 124.0]) {
            #expect(row.height >= 15 && row.height <= 19 && abs(row.y + row.height - (top + 24)) <= 1.5)
            #expect(row.fieldType == .text)
        }
        let short = try #require(regions.first { $0.x < 300 })
        #expect(overlaps(short, x0: 61, y0: 101, x1: 260, y1: 116))
    }

    @Test func aPanelWithRoundedCornersAndItsCaptionAlongTheBottomIsAField() throws {
        // A tall panel with rounded corners, "CHARACTER BACKSTORY" centred along its bottom edge: the room above
        // the caption is one multiline field. Its curved corners are outline, not contents.
        var page = Sketch()
        page.roundedBox(x: 60, y: 100, width: 200, height: 300, radius: 6)
        page.caption(x: 120, y: 390, width: 80)
        // A panel with square corners and a caption at the top: the room below the caption.
        page.box(x: 300, y: 100, width: 200, height: 300)
        page.caption(x: 304, y: 104, width: 80)
        let regions = try page.detect()
        let found = regions.map { ($0.x, $0.y, $0.width, $0.height) }
        let backstory = try #require(regions.first { $0.x < 200 }, "\(found)")
        #expect(overlaps(backstory, x0: 61, y0: 101, x1: 260, y1: 388))
        #expect(backstory.fieldType == .multiline)
        #expect(regions.contains { overlaps($0, x0: 301, y0: 110, x1: 500, y1: 400) })
        #expect(regions.count == 2)
    }

    @Test func theRoomBelowACaptionKeepsClearOfIt() throws {
        var page = Sketch()
        page.box(x: 60, y: 100, width: 200, height: 40)
        page.caption(x: 63, y: 103, width: 40)
        let regions = try page.detect()
        let field = try #require(regions.first)
        #expect(regions.count == 1)
        #expect(field.y >= 109 && field.y + field.height >= 139)
    }

    @Test func aShadedBarIsASeparatorNotALineToWriteOn() throws {
        var page = Sketch()
        // A drawn line: the room above it is a field.
        page.hline(x0: 60, x1: 300, y: 200)
        // A bar fading out downwards (a gradient separator), further down the page.
        page.fill(x: 60, y: 400, width: 240, height: 1, gray: 130)
        page.fill(x: 60, y: 401, width: 240, height: 1, gray: 180)
        page.fill(x: 60, y: 402, width: 240, height: 1, gray: 215)
        let regions = try page.detect()
        #expect(regions.count == 1)
        #expect(regions.contains { $0.y < 200 && $0.y + $0.height >= 198 && $0.width > 200 })
    }

    @Test func rulingsAlongAShadedCellStayRulings() throws {
        // A table of three rows and two columns whose middle right cell is blocked out in dark grey: the
        // rulings around it run the table's width and height, the shading only one cell's.
        var page = Sketch()
        for y in [100.0, 120.0, 140.0, 160.0] { page.hline(x0: 60, x1: 400, y: y) }
        for x in [60.0, 250.0, 400.0] { page.vline(x: x, y0: 100, y1: 160) }
        page.fill(x: 251, y: 121, width: 149, height: 19, gray: 110)
        let regions = try page.detect()
        for (x0, x1) in [(61.0, 250.0), (251.0, 400.0)] {
            for (y0, y1) in [(101.0, 120.0), (121.0, 140.0), (141.0, 160.0)] where (x0, y0) != (251, 121) {
                #expect(regions.contains { overlaps($0, x0: x0, y0: y0, x1: x1, y1: y1) }, "cell \(x0)...\(x1) × \(y0)...\(y1)")
            }
        }
        #expect(regions.count == 5, "the shaded cell is no field: \(regions.map { ($0.x, $0.y, $0.width, $0.height) })")
    }

    @Test func whiteBoxesOnATintedPanelAreFields() throws {
        // A form printed on a tan ground with its fields left white and no border, and a white margin.
        var page = Sketch()
        page.fill(x: 60, y: 100, width: 440, height: 200, gray: 210)
        page.fill(x: 80, y: 130, width: 200, height: 20, gray: 255)
        page.fill(x: 300, y: 130, width: 180, height: 20, gray: 255)
        page.fill(x: 80, y: 200, width: 400, height: 60, gray: 255)
        // A white comb: 20 cells parted by pale grey hairlines, one field.
        page.fill(x: 80, y: 270, width: 400, height: 20, gray: 255)
        for index in 1..<20 { page.fill(x: 80 + Double(index) * 20, y: 270, width: 0.5, height: 20, gray: 225) }
        let regions = try page.detect()
        #expect(regions.contains { overlaps($0, x0: 80, y0: 270, x1: 480, y1: 290) })
        for (x0, y0, x1, y1) in [(80.0, 130.0, 280.0, 150.0), (300.0, 130.0, 480.0, 150.0)] {
            #expect(regions.contains { overlaps($0, x0: x0, y0: y0, x1: x1, y1: y1) }, "box \(x0)...\(x1) × \(y0)...\(y1)")
        }
        #expect(regions.contains { $0.x < 90 && $0.x + $0.width > 470 && $0.y >= 199 && $0.y + $0.height <= 261 })
        #expect(regions.count == 4, "\(regions.map { ($0.x, $0.y, $0.width, $0.height) })")
    }

    @Test func aSectionHeadingOnAGreyBandIsNotAField() throws {
        // A boxed form: a grey heading band across the page with its title, then a row of two empty cells.
        var page = Sketch()
        page.fill(x: 41, y: 101, width: 519, height: 19, gray: 200)
        page.caption(x: 50, y: 107, width: 120)
        for y in [100.0, 120.0, 145.0] { page.hline(x0: 40, x1: 560, y: y) }
        for x in [40.0, 560.0] { page.vline(x: x, y0: 100, y1: 145) }
        page.vline(x: 300, y0: 120, y1: 145)
        let regions = try page.detect()
        #expect(!regions.contains { $0.y < 118 }, "\(regions.map { ($0.x, $0.y, $0.width, $0.height) })")
        #expect(regions.count == 2)
    }

    @Test func paleRadioRingsAreFoundAndDarkLettersAreNot() throws {
        var page = Sketch()
        // A radio ring drawn in light grey (too pale for the ink threshold), its label further right.
        page.ring(cx: 100, cy: 200, radius: 3.5, gray: 190)
        page.caption(x: 110, y: 197, width: 40)
        // The same ring in black stands for a lone dark glyph: found by the ordinary pass or not at all.
        page.ring(cx: 100, cy: 300, radius: 3.5, gray: 0)
        let boxes = try page.detect().filter { $0.fieldType == .checkbox }
        #expect(boxes.contains { abs($0.x + $0.width / 2 - 100) < 1.5 && abs($0.y + $0.height / 2 - 200) < 1.5 })
        #expect(boxes.count <= 2)
    }

    @Test func anEntryOnAShortLineIsNotTakenForItsCaption() throws {
        // A 38-point line with an entry ("Jr") written at its start, and a 20-point line (a state code).
        var page = Sketch()
        page.hline(x0: 200, x1: 238, y: 200)
        page.caption(x: 202, y: 192, width: 8)
        page.hline(x0: 300, x1: 320, y: 200)
        let regions = try page.detect()
        #expect(regions.contains { abs($0.x - 200) < 2 && abs($0.width - 38) < 3 && $0.y < 196 })
        #expect(regions.contains { abs($0.x - 300) < 2 && abs($0.width - 20) < 3 })
    }

    @Test func aLineWithSeveralCaptionsUnderItIsOneFieldPerCaption() throws {
        // "AGE  HEIGHT  WEIGHT" under one 300-point line (a character sheet's header), and a signature line
        // with one caption under it.
        var page = Sketch()
        page.hline(x0: 200, x1: 500, y: 200)
        for x in [200.0, 310.0, 410.0] { page.caption(x: x, y: 203) }
        page.hline(x0: 60, x1: 360, y: 300)
        page.caption(x: 60, y: 303, width: 40)
        let regions = try page.detect()
        for (x0, x1) in [(200.0, 308.0), (310.0, 408.0), (410.0, 500.0)] {
            #expect(regions.contains { overlaps($0, x0: x0, y0: 186, x1: x1, y1: 200) }, "\(x0)...\(x1)")
        }
        #expect(regions.filter { $0.y > 150 && $0.y < 200 }.count == 3)
        #expect(regions.contains { overlaps($0, x0: 60, y0: 286, x1: 360, y1: 300) })
    }

    @Test func paleFilledBoxesWithoutBordersAreFields() throws {
        var page = Sketch()
        // A light grey field background with no border, and a tinted heading bar full of text: only the first.
        page.fill(x: 200, y: 200, width: 180, height: 16, gray: 225)
        page.fill(x: 60, y: 300, width: 300, height: 14, gray: 225)
        page.caption(x: 64, y: 304, width: 290)
        let regions = try page.detect()
        #expect(regions.count == 1)
        #expect(regions.contains { overlaps($0, x0: 200, y0: 200, x1: 380, y1: 216) })
    }

    @Test func flatRectangularCheckBoxesAreCheckBoxes() throws {
        // Tax-form style: a 12 × 8 point box, its label well to the right.
        var page = Sketch()
        page.box(x: 100, y: 200, width: 12, height: 8)
        page.caption(x: 120, y: 201, width: 60)
        let boxes = try page.detect().filter { $0.fieldType == .checkbox }
        #expect(boxes.count == 1)
        #expect(boxes.contains { abs($0.x - 100) < 1.5 && abs($0.width - 13) < 2 })
    }

    @Test func spacedUnderscoresMakeALineToWriteOn() throws {
        var page = Sketch()
        // "_ _ _ _ _ _ _ _ _ _": 4-point dashes, 2-point gaps.
        for index in 0..<12 { page.fill(x: 100 + Double(index) * 6, y: 200, width: 4, height: 1) }
        // The same dashes each under a stroke of ink (the bottom bars of letters): text, not a line.
        for index in 0..<12 {
            page.fill(x: 100 + Double(index) * 6, y: 300, width: 4, height: 1)
            page.fill(x: 101 + Double(index) * 6, y: 294, width: 1, height: 6)
        }
        let regions = try page.detect()
        #expect(regions.count == 1)
        #expect(regions.contains { $0.x < 102 && $0.width > 60 && $0.y + $0.height <= 201 && $0.y + $0.height >= 198 })
    }

    @Test func aFineDottedLineWithDotsRunTogetherIsALineToWriteOn() throws {
        // A dotted line to write on as a render shows it: 1.5-point dots 1 point apart, every fifth piece
        // two dots and their gap run together (3.5 points), 75 points in all, after a caption ("beginning ...").
        var page = Sketch()
        page.caption(x: 60, y: 195, width: 36)
        var x = 100.0
        for index in 0..<25 {
            let width = index % 5 == 4 ? 3.5 : 1.5
            page.fill(x: x, y: 200, width: width, height: 0.7)
            x += width + 1
        }
        let regions = try page.detect()
        #expect(regions.count == 1, "\(regions.map { ($0.x, $0.y, $0.width, $0.height) })")
        #expect(regions.contains { $0.x >= 98 && $0.x < 102 && $0.width > 60 && abs($0.y + $0.height - 200) <= 2 })
    }

    @Test func eighteenPointBoxesAndRingsAreCheckBoxes() throws {
        // The usual widget size of check boxes and radio buttons.
        var page = Sketch()
        page.box(x: 100, y: 200, width: 18, height: 18)
        page.ring(cx: 200, cy: 209, radius: 9, gray: 0)
        let boxes = try page.detect().filter { $0.fieldType == .checkbox }
        #expect(boxes.count == 2)
    }

    @Test func entriesOfAListInTheOpenFirstColumnAreNotFields() throws {
        // "Form 1120 | 12" rows: a caption on the left of each open first-column cell, a code in the next column.
        var page = Sketch()
        for row in 0...4 { page.hline(x0: 40, x1: 340, y: 100 + Double(row) * 14) }
        page.vline(x: 250, y0: 100, y1: 156)
        page.vline(x: 339, y0: 100, y1: 157)
        for row in 0..<4 {
            page.caption(x: 44, y: 104 + Double(row) * 14, width: 40)
            page.caption(x: 290, y: 104 + Double(row) * 14, width: 8)
        }
        #expect(try page.detect().allSatisfy { $0.x > 250 })
    }

    @Test func amountColumnsSideBySideAreBothFields() throws {
        // Four rows of two 90-point cells, each with a "$" caption and room after it ("$ ____ | $ ____").
        var page = Sketch()
        for row in 0...4 { page.hline(x0: 40, x1: 221, y: 100 + Double(row) * 20) }
        for x in [40.0, 130, 220] { page.vline(x: x, y0: 100, y1: 180) }
        for row in 0..<4 {
            page.caption(x: 43, y: 107 + Double(row) * 20, width: 4)
            page.caption(x: 133, y: 107 + Double(row) * 20, width: 4)
        }
        let regions = try page.detect()
        #expect(regions.filter { $0.x < 130 }.count == 4, "\(regions.map { ($0.x, $0.y) })")
        #expect(regions.filter { $0.x > 130 }.count == 4, "\(regions.map { ($0.x, $0.y) })")
    }

    @Test func cropMarksAreNotShortLines() throws {
        // An L of two 20-point strokes at a page corner, and a 20-point line on its own.
        var page = Sketch()
        page.hline(x0: 30, x1: 50, y: 60)
        page.vline(x: 30, y0: 40, y1: 61)
        page.hline(x0: 300, x1: 320, y: 200)
        let regions = try page.detect()
        #expect(regions.count == 1)
        #expect(regions.contains { abs($0.x - 300) < 2 })
    }

    @Test func aChosenRadioWithABigDotIsACheckBox() throws {
        var page = Sketch()
        page.ring(cx: 100, cy: 200, radius: 5, gray: 0)
        // The dot reaches past half the radius.
        for step in 0..<8 { page.ring(cx: 100, cy: 200, radius: Double(step) * 0.45, gray: 0) }
        page.fill(x: 99.5, y: 199.5, width: 1, height: 1)
        page.caption(x: 112, y: 197, width: 30)
        let boxes = try page.detect().filter { $0.fieldType == .checkbox }
        #expect(boxes.count == 1)
    }

    @Test func aShadedBlockBoundsTheCellBelowItAsARulingWould() throws {
        // A two-row table whose upper row is blocked out in grey: the lower row, ruled on three sides, is a field.
        var page = Sketch()
        page.fill(x: 100, y: 100, width: 200, height: 30, gray: 90)
        page.vline(x: 100, y0: 100, y1: 170)
        page.vline(x: 300, y0: 100, y1: 170)
        page.hline(x0: 100, x1: 301, y: 170)
        let regions = try page.detect()
        #expect(regions.contains { overlaps($0, x0: 101, y0: 130, x1: 300, y1: 170) }, "\(regions.map { ($0.x, $0.y) })")
    }

    @Test func theStraightStretchOfACurveIsNotALineToWriteOn() throws {
        // A 40-point stroke that bends away at both ends (a ribbon's edge), and a 40-point line.
        var page = Sketch()
        page.hline(x0: 100, x1: 140, y: 200)
        for step in 0..<12 {
            page.fill(x: 140 + Double(step), y: 199 - Double(step) * 0.7, width: 1.2, height: 1)
            page.fill(x: 99 - Double(step), y: 201 + Double(step) * 0.7, width: 1.2, height: 1)
        }
        page.hline(x0: 100, x1: 140, y: 300)
        let regions = try page.detect()
        #expect(!regions.contains { $0.y > 170 && $0.y < 205 }, "\(regions.map { ($0.x, $0.y) })")
        #expect(regions.contains { overlaps($0, x0: 100, y0: 286, x1: 140, y1: 300) })
    }

    @Test func aPaleGreyHairlineOnAScanIsALineToWriteOn() throws {
        // A 200-point hairline in light grey (lighter than a scan's ink), its caption under it.
        var page = Sketch()
        page.fill(x: 200, y: 200, width: 200, height: 0.5, gray: 185)
        page.caption(x: 200, y: 203, width: 40)
        let regions = try page.detect()
        #expect(
            regions.contains { overlaps($0, x0: 200, y0: 186, x1: 400, y1: 200) }, "\(regions.map { ($0.x, $0.y) })")
    }

    @Test func aRadioWithItsCaptionCloseAfterItIsACheckBoxAndALetterOIsNot() throws {
        // Scanned (no text layer): a 12-point ring with smaller caption text 4 points after it, centred on it;
        // and a ring of letter height with the next letters one point after it, on its baseline.
        var page = Sketch()
        page.ring(cx: 100, cy: 200, radius: 6, gray: 0)
        page.caption(x: 110, y: 197.5, width: 60)
        page.ring(cx: 100, cy: 300, radius: 5, gray: 0)
        page.fill(x: 106, y: 295, width: 3, height: 10)
        page.caption(x: 110, y: 300, width: 40)
        let boxes = try page.detect().filter { $0.fieldType == .checkbox }
        #expect(boxes.count == 1)
        #expect(boxes.contains { overlaps($0, x0: 94, y0: 194, x1: 106, y1: 206) })
    }

    @Test func aSquareWithSmallerCaptionLettersRightAgainstItIsACheckBoxAndASquareAmongItsLikesIsNot() throws {
        // Scanned: a 12-point square with 5-point caption letters 1.5 points after it and a line of small print
        // just under both (DS-11's "U.S. Passport Book"); and a square of letter height among letters as tall.
        var page = Sketch()
        page.box(x: 100, y: 200, width: 12, height: 12)
        page.caption(x: 114.5, y: 203.5, width: 60)
        page.caption(x: 100, y: 214, width: 120)
        page.box(x: 100, y: 300, width: 9, height: 9)
        page.fill(x: 110.5, y: 300, width: 3, height: 10)
        page.fill(x: 115, y: 300, width: 3, height: 10)
        let boxes = try page.detect().filter { $0.fieldType == .checkbox }
        #expect(boxes.count == 1, "\(boxes.map { ($0.x, $0.y) })")
        #expect(boxes.contains { overlaps($0, x0: 100, y0: 200, x1: 113, y1: 213) })
    }

    @Test func ringsAtThePageEdgesAreMeasuredWithinThePage() throws {
        // Radios touching the left and right edges of the scan, their captions beside them.
        var page = Sketch()
        page.ring(cx: 6.5, cy: 200, radius: 6, gray: 0)
        page.caption(x: 17, y: 197.5, width: 40)
        page.ring(cx: 605.5, cy: 300, radius: 6, gray: 0)
        page.caption(x: 555, y: 297.5, width: 40)
        let boxes = try page.detect().filter { $0.fieldType == .checkbox }
        #expect(boxes.count == 2, "\(boxes.map { ($0.x, $0.y) })")
    }

    @Test func aRadioWithADarkBackgroundIsACheckBoxAndABulletIsNot() throws {
        // A 14-point solid disc before its option's caption (a radio drawn with its background colour), and
        // a 5-point bullet before a list entry.
        var page = Sketch()
        func disc(cx: Double, cy: Double, radius: Double) {
            for step in 0...Int(radius / 0.3) { page.ring(cx: cx, cy: cy, radius: Double(step) * 0.3, gray: 40) }
            page.fill(x: cx - 0.5, y: cy - 0.5, width: 1, height: 1, gray: 40)
        }
        disc(cx: 100, cy: 200, radius: 7)
        page.caption(x: 116, y: 197, width: 60)
        disc(cx: 100, cy: 300, radius: 2.5)
        page.caption(x: 108, y: 297, width: 60)
        let boxes = try page.detect().filter { $0.fieldType == .checkbox }
        #expect(boxes.count == 1)
        #expect(boxes.contains { overlaps($0, x0: 93, y0: 193, x1: 107, y1: 207) })
    }

    @Test func combsDrawnInLightGreyAreCombsOnScansAndRenders() throws {
        // An ID number as 3 + 2 + 4 cells of 16 points ruled in 25% grey, lighter than either ink threshold
        // once a scanner's blur or anti-aliasing spreads the hairline over two pixels.
        func combs(in regions: [FieldRegion]) -> [Int?] {
            regions.filter { $0.y > 150 && $0.y < 200 }.sorted { $0.x < $1.x }.map(\.maxLength)
        }
        var page = Sketch()
        for (x, count) in [(40.0, 3), (100.0, 2), (144.0, 4)] {
            let w = Double(count) * 16
            page.fill(x: x, y: 170, width: w + 1, height: 1, gray: 190)
            page.fill(x: x, y: 186, width: w + 1, height: 1, gray: 190)
            for index in 0...count { page.fill(x: x + Double(index) * 16, y: 170, width: 1, height: 16, gray: 190) }
        }
        #expect(combs(in: try page.detect()) == [3, 2, 4])

        // The same as vector art, 0.4 point in 20% grey, with a caption so the page has a text layer: PDF user space
        // runs up from the bottom, so the cells' top at 170 points down is 622 up.
        var drawing = "0.8 G 0.4 w\n"
        for (x, count) in [(40, 3), (100, 2), (144, 4)] {
            drawing += "\(x) 606 \(count * 16) 16 re S\n"
            for index in 1..<count { drawing += "\(x + index * 16) 606 m \(x + index * 16) 622 l S\n" }
        }
        let data = MinimalPDF.build([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
                + "/Resources << /Font << /F1 5 0 R >> >> >>",
            MinimalPDF.stream(drawing + "BT /F1 9 Tf 40 630 Td (Social security number) Tj ET"),
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ])
        let regions = try FormFieldDetector(textReader: nil).detect(PDFDocument(data: data))
        #expect(combs(in: regions) == [3, 2, 4], "\(regions.map { ($0.x, $0.y, $0.width, $0.maxLength) })")
    }

    @Test func aShortLineAfterTheDecimalPointOfAnAmountIsItsCents() throws {
        // `Line 40 [ dollars ] . __`: a 15-point line after a decimal point that follows an amount box; and far
        // from it the same short line with nothing before it, too short for a word.
        var page = Sketch()
        page.caption(x: 200, y: 207, width: 40)
        page.box(x: 300, y: 200, width: 100, height: 14)
        page.fill(x: 403, y: 212.5, width: 1.5, height: 1.5)
        page.hline(x0: 407, x1: 422, y: 214)
        page.hline(x0: 407, x1: 422, y: 400)
        let regions = try page.detect()
        #expect(regions.contains { $0.x > 404 && $0.x < 410 && $0.y < 214 && $0.y > 195 }, "\(regions.map { ($0.x, $0.y) })")
        #expect(!regions.contains { $0.y > 300 }, "\(regions.map { ($0.x, $0.y) })")
    }

    @Test func aBoxWithWideRoundCornersIsOneFieldAndItsRulingsAreNotLines() throws {
        // An answer box with 20-point round corners under its question (wider than the corners a straight
        // stroke closes): one field over the box, not the room above its top edge nor a strip along its bottom.
        var page = Sketch()
        page.caption(x: 100, y: 180, width: 120)
        page.roundedBox(x: 100, y: 200, width: 400, height: 60, radius: 20)
        let regions = try page.detect()
        #expect(regions.count == 1, "\(regions.map { ($0.x, $0.y, $0.width, $0.height) })")
        #expect(regions.contains { overlaps($0, x0: 101, y0: 201, x1: 500, y1: 260) })
    }

    @Test func dottedUprightsSplitACellIntoEntriesOrMakeItAComb() throws {
        // A table cell for an ID number split 3-2-4 by dotted uprights (three entries), and a cell split into
        // five 16-point character cells by dotted uprights (one comb of five).
        var page = Sketch()
        func dottedUpright(x: Double, y: Double) {
            for step in stride(from: 1.0, to: 15.0, by: 2.5) { page.fill(x: x, y: y + step, width: 1, height: 1) }
        }
        page.box(x: 100, y: 300, width: 200, height: 16)
        for x in [160.0, 200.0] { dottedUpright(x: x, y: 300) }
        page.box(x: 100, y: 400, width: 80, height: 16)
        for x in [116.0, 132.0, 148.0, 164.0] { dottedUpright(x: x, y: 400) }
        let regions = try page.detect()
        let found = regions.map { ($0.x, $0.y, $0.width, $0.maxLength) }
        for (x0, x1) in [(101.0, 160.0), (161.0, 200.0), (201.0, 300.0)] {
            #expect(regions.contains { overlaps($0, x0: x0, y0: 301, x1: x1, y1: 316) }, "\(x0): \(found)")
        }
        #expect(regions.filter { $0.y > 350 }.map(\.maxLength) == [5], "\(found)")
        #expect(regions.count == 4, "\(found)")
    }
}
