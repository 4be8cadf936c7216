internal import CPoppler

/// One page of a ``PDFDocument``: the owner of one Poppler page.
///
/// Geometry is in points with the origin at the top-left of the page as a viewer shows it: Poppler's crop
/// box, turned by the page's rotation. Not `Sendable`, like its document; it keeps the document alive.
public final class PDFPage {
    /// Owned reference to the `PopplerPage`; released in `deinit`.
    let handle: OpaquePointer
    /// The document this page belongs to (kept alive as long as the page).
    public let document: PDFDocument
    /// 0-based index in the document.
    public let index: Int
    /// Width in points as displayed (crop box, after rotation).
    public let width: Double
    /// Height in points as displayed (crop box, after rotation).
    public let height: Double
    /// The crop box in PDF user space (points, bottom-left origin, unrotated): `x0, y0, x1, y1`.
    public let cropBox: (x0: Double, y0: Double, x1: Double, y1: Double)
    /// The page's rotation in degrees clockwise (0 or 90) as far as Poppler-GLib lets it be known: it reports
    /// whether width and height are swapped, so 180 reads as 0 and 270 as 90.
    public let rotation: Int

    init(owning page: OpaquePointer, document: PDFDocument, index: Int) {
        handle = page
        self.document = document
        self.index = index
        var w = 0.0, h = 0.0
        poppler_page_get_size(page, &w, &h)
        width = w
        height = h
        var crop = PopplerRectangle()
        poppler_page_get_crop_box(page, &crop)
        cropBox = (min(crop.x1, crop.x2), min(crop.y1, crop.y2), max(crop.x1, crop.x2), max(crop.y1, crop.y2))
        let cropWidth = abs(crop.x2 - crop.x1), cropHeight = abs(crop.y2 - crop.y1)
        rotation = (abs(cropWidth - h) < 0.01 && abs(cropHeight - w) < 0.01 && abs(w - h) > 0.01) ? 90 : 0
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(handle))
    }

    /// The page frame, `(0, 0, width, height)` in points.
    public var bounds: PDFRect { PDFRect(x: 0, y: 0, width: width, height: height) }

    /// The page's text (Poppler's reading order), empty for image-only pages.
    public func text() -> String {
        guard let text = poppler_page_get_text(handle) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The words of the page's text layer with their boxes in points (top-left origin). Empty for scans.
    ///
    /// A word is a run of glyphs on one line without whitespace and without a horizontal jump of more than
    /// 0.6 of the glyphs' height (cells of a table laid out apart are separate words).
    public func words() -> [PDFWord] {
        Self.words(of: glyphs())
    }

    /// Groups glyphs into words as ``words()`` does: whitespace and line breaks end a word, and so does a
    /// jump right of more than 0.6 of the glyphs' height or a step back left.
    public static func words(of glyphs: [PDFGlyph]) -> [PDFWord] {
        var words: [PDFWord] = []
        var current = ""
        var box: PDFRect?
        var line = 0
        func flush() {
            if let box, !current.isEmpty { words.append(PDFWord(text: current, rect: box, lineIndex: line)) }
            current = ""
            box = nil
        }
        for glyph in glyphs {
            if glyph.lineIndex != line {
                flush()
                line = glyph.lineIndex
            }
            if glyph.scalar.properties.isWhitespace {
                flush()
                continue
            }
            let rect = glyph.rect
            if let previous = box, rect.x - previous.maxX > max(rect.height, previous.height) * 0.6
                || rect.maxX < previous.x
            {
                flush()
            }
            current.unicodeScalars.append(glyph.scalar)
            box = box.map { $0.union(rect) } ?? rect
        }
        flush()
        return words
    }

    /// The characters of the page's text layer with their boxes in points (top-left origin), in Poppler's
    /// reading order, whitespace included (line breaks are not glyphs: they advance `lineIndex`). Empty for
    /// scans. Glyphs at coordinates that are not numbers are left out, and boxes are held within the page's
    /// longer side of the page.
    public func glyphs() -> [PDFGlyph] {
        guard let text = poppler_page_get_text(handle) else { return [] }
        defer { g_free(text) }
        var rectangles: UnsafeMutablePointer<PopplerRectangle>?
        var count: guint = 0
        guard poppler_page_get_text_layout(handle, &rectangles, &count) != 0, let rectangles else { return [] }
        defer { g_free(rectangles) }
        // A damaged font matrix can place a glyph at 1e300 points; no glyph that far is seen, and callers turn
        // boxes into pixel indices. Within the page's longer side of the page every box stays as Poppler gave it.
        let side = max(width, height, 1)
        func bounded(_ value: Double) -> Double { min(max(value, -side), 2 * side) }
        var glyphs: [PDFGlyph] = []
        var line = 0
        for (position, scalar) in String(cString: text).unicodeScalars.enumerated() where position < Int(count) {
            if scalar == "\n" || scalar == "\r" {
                if scalar == "\n" { line += 1 }
                continue
            }
            let r = rectangles[position]
            guard r.x1.isFinite, r.y1.isFinite, r.x2.isFinite, r.y2.isFinite else { continue }
            let rect = PDFRect(x0: bounded(r.x1), y0: bounded(r.y1), x1: bounded(r.x2), y1: bounded(r.y2))
            glyphs.append(PDFGlyph(scalar: scalar, rect: rect, lineIndex: line))
        }
        return glyphs
    }

    /// Converts a rectangle in PDF user space relative to the crop box origin (bottom-left, unrotated) to the
    /// page frame (top-left, rotated).
    func pageRect(fromCropRelative x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> PDFRect {
        let cropWidth = cropBox.x1 - cropBox.x0, cropHeight = cropBox.y1 - cropBox.y0
        let unrotated = PDFRect(x0: x1, y0: cropHeight - y1, x1: x2, y1: cropHeight - y2)
        guard rotation == 90 else { return unrotated }
        _ = cropWidth
        return PDFRect(
            x: cropHeight - unrotated.maxY, y: unrotated.x, width: unrotated.height, height: unrotated.width)
    }
}
