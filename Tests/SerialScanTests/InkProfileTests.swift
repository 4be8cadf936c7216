import LegibleImaging
import Testing

@testable import SerialScan

@Suite("Stretching a line's band along its row")
struct InkProfileTests {
    /// A 200 x 20 ink map with ink in the given column ranges of rows 5..<15.
    func profile(_ columns: [Range<Int>], fullHeight: [Range<Int>] = []) -> InkProfile {
        var ink = [Bool](repeating: false, count: 200 * 20)
        for range in columns {
            for x in range { for y in 5..<15 { ink[y * 200 + x] = (x + y) % 3 != 0 } }
        }
        for range in fullHeight {
            for x in range { for y in 0..<20 { ink[y * 200 + x] = true } }
        }
        return InkProfile(ink: ink, width: 200, height: 20)
    }

    @Test func followsInkWithSmallGapsToTheEndOfTheText() {
        // The line was found at 40..<80; its text goes on after small gaps to 130 and starts at 25.
        let ink = profile([25..<35, 40..<80, 86..<100, 104..<130])
        let band = ink.extended(PixelRect(x: 40, y: 4, width: 40, height: 12), maximumGap: 10, maximumReach: 120)
        #expect(band.x == 25)
        #expect(band.maxX == 130)
        #expect(band.y == 4 && band.height == 12)
    }

    @Test func stopsAtAWideGapAndIgnoresFullHeightBars() {
        // 40 pixels of paper after the line, then more ink: another column of the layout, not this line.
        let ink = profile([40..<80, 120..<150], fullHeight: [20..<23])
        let band = ink.extended(PixelRect(x: 40, y: 0, width: 40, height: 20), maximumGap: 10, maximumReach: 120)
        #expect(band.x == 40)
        #expect(band.maxX == 80)
    }

    @Test func reachIsBounded() {
        let ink = profile([0..<200])
        let band = ink.extended(PixelRect(x: 90, y: 4, width: 20, height: 12), maximumGap: 10, maximumReach: 30)
        #expect(band.x == 60)
        #expect(band.maxX == 140)
    }
}
