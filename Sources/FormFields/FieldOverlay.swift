public import LegibleImaging
public import LegiblePDF

/// Draws field regions over a page render, to look at what the detector found.
public enum FieldOverlay {
    /// The page at `dpi` in grey with each region's outline drawn black (checkboxes) or dark grey (others),
    /// two pixels wide.
    ///
    /// - Throws: `PDFError` when the page cannot be rendered.
    public static func draw(_ regions: [FieldRegion], on page: PDFPage, dpi: Double = 100) throws(PDFError) -> Image {
        let image = try page.render(dpi: dpi)
        do {
            var pixels = try image.grayBytes()
            let w = image.width, h = image.height, scale = dpi / 72
            for region in regions {
                let x0 = Int(region.x * scale), y0 = Int(region.y * scale)
                let x1 = Int((region.x + region.width) * scale), y1 = Int((region.y + region.height) * scale)
                let tone: UInt8 = region.fieldType == .checkbox ? 0 : region.fieldType == .multiline ? 60 : 100
                for x in max(0, x0)...max(0, min(w - 1, x1)) {
                    for y in [y0, y0 + 1, y1, y1 - 1] where y >= 0 && y < h { pixels[y * w + x] = tone }
                }
                for y in max(0, y0)...max(0, min(h - 1, y1)) {
                    for x in [x0, x0 + 1, x1, x1 - 1] where x >= 0 && x < w { pixels[y * w + x] = tone }
                }
            }
            return try Image(width: w, height: h, format: .gray8, pixels: pixels)
        } catch {
            throw PDFError.image(reason: error.description)
        }
    }
}
