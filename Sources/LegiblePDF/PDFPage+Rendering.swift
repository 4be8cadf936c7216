internal import CCairo
internal import CPoppler
public import LegibleImaging

extension PDFPage {
    /// Rasterises the page, or a clip of it, on white.
    ///
    /// The page is drawn by Poppler onto a Cairo image surface in memory (never through a file format), with
    /// annotation appearances as a viewer shows them. A widget without an appearance stream, or any widget of a
    /// form that sets `NeedAppearances`, gets one built by Poppler as it draws, which for each character the
    /// field's font lacks searches the installed fonts (reading font files whole): seconds for a hostile form.
    /// Detection draws pages with their widgets hidden, which skips that.
    /// - Parameters:
    ///   - dpi: Pixels per inch (72 gives one pixel per point). 1...2400.
    ///   - clip: The part of the page to draw, in points (top-left origin); nil for the whole page.
    ///   - color: True for an RGB image, false for 8-bit grey.
    /// - Returns: An image of `ceil(width * dpi / 72)` by `ceil(height * dpi / 72)` pixels.
    /// - Throws: `PDFError.invalidArgument` for a bad DPI or a clip outside the page, `.rasterTooLarge` over
    ///   the document's `maxRasterPixels`, `.imageTooLarge` when the document holds an image over
    ///   `maxImagePixels`, `.operationFailed` when Cairo fails.
    public func render(dpi: Double, clip: PDFRect? = nil, color: Bool = false) throws(PDFError) -> Image {
        guard dpi.isFinite, dpi >= 1, dpi <= 2400 else {
            throw PDFError.invalidArgument(operation: "render", reason: "DPI \(dpi) is not in 1...2400")
        }
        let area = clip ?? bounds
        guard let visible = area.intersection(bounds), visible.width > 0, visible.height > 0 else {
            throw PDFError.invalidArgument(operation: "render", reason: "clip \(area) is outside the page \(bounds)")
        }
        let scale = dpi / 72
        let pixelWidth = max(1, Int((visible.width * scale).rounded(.up)))
        let pixelHeight = max(1, Int((visible.height * scale).rounded(.up)))
        let limit = document.options.maxRasterPixels
        guard pixelWidth <= 1 << 15, pixelHeight <= 1 << 15, pixelWidth * pixelHeight <= limit else {
            throw PDFError.rasterTooLarge(width: pixelWidth, height: pixelHeight, limit: limit)
        }
        try document.checkImageSizes()
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
        else { throw PDFError.operationFailed(operation: "render (surface)") }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
            throw PDFError.operationFailed(operation: "render (surface)")
        }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_scale(context, scale, scale)
        cairo_translate(context, -visible.x, -visible.y)
        poppler_page_render(handle, context)
        let status = cairo_status(context)
        cairo_destroy(context)
        guard status == CAIRO_STATUS_SUCCESS else { throw PDFError.operationFailed(operation: "render") }
        cairo_surface_flush(surface)
        guard let pixels = cairo_image_surface_get_data(surface) else {
            throw PDFError.operationFailed(operation: "render (pixels)")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        do {
            let image = try Image(
                width: pixelWidth, height: pixelHeight, format: .argb32, bytesPerRow: stride,
                pixels: UnsafeRawBufferPointer(start: pixels, count: stride * pixelHeight))
            return color ? image : try image.grayscale()
        } catch {
            throw PDFError.image(reason: error.description)
        }
    }
}
