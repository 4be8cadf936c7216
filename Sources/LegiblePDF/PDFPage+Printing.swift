internal import CPoppler

extension PDFPage {
    /// Draws the page for printing (content and annotations that print, widgets with their appearances) onto a
    /// Cairo context the caller owns, in points with the top-left origin of the page as displayed.
    ///
    /// For sibling modules that compose PDFs (FormFill): `context` is a `cairo_t *`. Vector content and text
    /// stay vector on a Cairo PDF surface.
    package func renderForPrinting(into context: OpaquePointer) {
        poppler_page_render_for_printing(handle, context)
    }
}
