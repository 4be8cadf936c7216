import LegibleImaging

/// The ink of one variant's binary image, for stretching a line's band along its row.
///
/// Line finding groups only glyph-shaped components, so a line's box can stop short of its text: a pale
/// or broken character at either end, a serial split from its caption, or a word on a slightly rotated
/// row. The band sent to Tesseract is widened to wherever ink continues along the row.
struct InkProfile {
    /// 1 where the binary image has ink, row after row.
    let ink: [Bool]
    let width: Int
    let height: Int
    /// How much smaller the binary image is than the working frame.
    let reduction: Int

    init(_ binary: Image, reduction: Int) throws {
        let bytes = try binary.grayBytes()
        // A 1-bit image comes back as 0 (ink) and 255 (paper).
        ink = bytes.map { $0 < 128 }
        width = binary.width
        height = binary.height
        self.reduction = reduction
    }

    /// Creates a profile from ink flags (tests).
    init(ink: [Bool], width: Int, height: Int, reduction: Int = 1) {
        self.ink = ink
        self.width = width
        self.height = height
        self.reduction = reduction
    }

    /// `band` (working-frame pixels) widened left and right while ink continues along its rows with gaps
    /// no wider than `maximumGap` pixels, by at most `maximumReach` pixels on each side. Columns inked over
    /// nearly the band's whole height (a bezel, a frame edge, a rule's end) do not count as text.
    func extended(_ band: PixelRect, maximumGap: Int, maximumReach: Int) -> PixelRect {
        let top = max(0, band.y / reduction), bottom = min(height, band.maxY / reduction)
        guard bottom - top >= 2 else { return band }
        let gap = max(1, maximumGap / reduction), reach = max(1, maximumReach / reduction)
        func hasText(_ x: Int) -> Bool {
            var count = 0
            for y in top..<bottom where ink[y * width + x] { count += 1 }
            return count > 0 && count * 10 < (bottom - top) * 9
        }
        var right = min(width, band.maxX / reduction)
        var x = right, lastInk = right
        while x < width && x - right < reach + gap && x - lastInk <= gap {
            if hasText(x) { lastInk = x + 1 }
            x += 1
        }
        right = min(lastInk, band.maxX / reduction + reach)
        var left = max(0, band.x / reduction)
        x = left - 1
        var firstInk = left
        while x >= 0 && left - x < reach + gap && firstInk - x <= gap {
            if hasText(x) { firstInk = x }
            x -= 1
        }
        left = max(firstInk, band.x / reduction - reach)
        let newLeft = min(band.x, left * reduction), newRight = max(band.maxX, right * reduction)
        return PixelRect(x: newLeft, y: band.y, width: newRight - newLeft, height: band.height)
    }
}
