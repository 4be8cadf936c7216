internal import CCairo
internal import CPangoCairo
import LegiblePDF

/// Draws values into boxes on a Cairo context with Pango. Borrows the context; owns its layouts.
struct ValueDrawer {
    /// The context to draw on (owned by a ``CairoPDFWriter``); user units are points, top-left origin.
    let context: OpaquePointer
    /// One layout per font chain, reused from value to value: a new layout would set up a new Pango context
    /// and font set each time, which costs more than laying the value out.
    private let layouts = LayoutCache()
    /// When set, text is not drawn but recorded as lines of the standard Helvetica, laid out with its metric
    /// twin Nimbus Sans (URW), for appearances that embed no font (Windows-1252 text only).
    var recorder: TextRunRecorder?
    /// The smallest font size used before a value is clipped, in points.
    var minimumFontSize = 4.0
    /// The largest font size for single-line values, in points.
    var maximumFontSize = 14.0
    /// The font size multiline values start from, in points.
    var multilineFontSize = 10.0

    /// Inner padding of a box, in points.
    private func padding(_ box: DrawBox) -> Double { min(2, box.height * 0.1, box.width * 0.1) }

    /// Draws `text` into `box` as its layout says.
    func draw(text: String, in box: DrawBox) throws(FillError) -> DrawOutcome {
        guard box.width > 0.5, box.height > 0.5 else { return .nothing }
        switch box.layout {
        case .line: return try drawLine(text.replacing("\n", with: " "), in: box, families: TextLayout.textFamilies)
        case .multiline: return try drawMultiline(text, in: box)
        case .comb(let cells): return try drawComb(text, cells: cells, in: box)
        case .checkbox: return try drawCheck(FillValue.isTruthy(text), in: box)
        case .signature:
            return try drawLine(text, in: box, families: TextLayout.signatureFamilies, italic: true, scale: 1.3)
        }
    }

    private func makeLayout(families: String, italic: Bool = false) throws(FillError) -> TextLayout {
        let families = recorder == nil ? families : TextRunRecorder.metricFamily
        let key = italic ? families + ":italic" : families
        if let layout = layouts.byKey[key] {
            layout.setWrapWidth(nil)
            layout.setAlignment(.leading)
            return layout
        }
        guard let layout = TextLayout(context: context, families: families, italic: italic) else {
            throw FillError.drawingFailed(operation: "Pango layout", reason: "could not create a layout")
        }
        layouts.byKey[key] = layout
        return layout
    }

    /// A drawer that records lines of Helvetica text instead of drawing them (the context only serves Pango's
    /// layout).
    static func recording(context: OpaquePointer) -> ValueDrawer {
        var drawer = ValueDrawer(context: context)
        drawer.recorder = TextRunRecorder()
        return drawer
    }

    /// Draws the layout with its top-left corner at (`x`, `y`), or records its lines.
    private func show(_ layout: TextLayout, x: Double, y: Double) {
        guard let recorder else {
            layout.show(in: context, x: x, y: y)
            return
        }
        for line in layout.lines() {
            recorder.runs.append(PDFTextRun(text: line.text, x: x + line.x, baseline: y + line.baseline, size: layout.size))
        }
    }

    private func withClip(_ box: DrawBox, _ body: () -> Void) {
        cairo_save(context)
        cairo_rectangle(context, box.x, box.y, box.width, box.height)
        cairo_clip(context)
        cairo_set_source_rgb(context, 0, 0, 0)
        body()
        cairo_restore(context)
    }

    /// One line: size from the box height, shrunk to the width.
    private func drawLine(
        _ text: String, in box: DrawBox, families: String, italic: Bool = false, scale: Double = 1
    ) throws(FillError) -> DrawOutcome {
        guard !text.isEmpty else { return .nothing }
        let layout = try makeLayout(families: families, italic: italic)
        layout.setText(text)
        let pad = padding(box)
        let innerWidth = box.width - 2 * pad, innerHeight = box.height - 2 * pad
        var size = min(maximumFontSize * scale, innerHeight / 1.2)
        layout.setSize(size)
        var extents = layout.logicalExtents()
        // Fit the real line height (CJK faces are taller), then the width.
        if extents.height > innerHeight, extents.height > 0 {
            size *= innerHeight / extents.height
        }
        layout.setSize(size)
        extents = layout.logicalExtents()
        if extents.width > innerWidth, extents.width > 0 {
            size = max(minimumFontSize, size * innerWidth / extents.width * 0.98)
            layout.setSize(size)
            extents = layout.logicalExtents()
        }
        let fits = extents.width <= innerWidth + 0.5
        let x: Double
        switch box.alignment {
        case .leading: x = box.x + pad
        case .center: x = box.x + (box.width - extents.width) / 2
        case .trailing: x = box.x + box.width - pad - extents.width
        }
        let y = box.y + (box.height - extents.height) / 2
        withClip(box) { show(layout, x: x - extents.x, y: y - extents.y) }
        return fits ? .drawn : .clipped
    }

    /// Wrapped lines, top-aligned; shrinks until all lines fit the height.
    private func drawMultiline(_ text: String, in box: DrawBox) throws(FillError) -> DrawOutcome {
        guard !text.isEmpty else { return .nothing }
        let layout = try makeLayout(families: TextLayout.textFamilies)
        layout.setText(text)
        let pad = padding(box)
        let innerWidth = box.width - 2 * pad, innerHeight = box.height - 2 * pad
        layout.setWrapWidth(innerWidth)
        layout.setAlignment(box.alignment)
        var size = min(multilineFontSize, innerHeight / 1.2)
        layout.setSize(size)
        var extents = layout.logicalExtents()
        var rounds = 0
        while extents.height > innerHeight, size > minimumFontSize, rounds < 12 {
            size = max(minimumFontSize, size * max(0.5, (innerHeight / extents.height).squareRoot() * 0.97))
            layout.setSize(size)
            extents = layout.logicalExtents()
            rounds += 1
        }
        withClip(box) { show(layout, x: box.x + pad, y: box.y + pad) }
        return extents.height <= innerHeight + 0.5 ? .drawn : .clipped
    }

    /// One character (grapheme) centred in each of `cells` equal cells.
    private func drawComb(_ text: String, cells: Int, in box: DrawBox) throws(FillError) -> DrawOutcome {
        guard cells > 0 else { return try drawLine(text, in: DrawBox(
            x: box.x, y: box.y, width: box.width, height: box.height, layout: .line), families: TextLayout.textFamilies) }
        let characters = Array(text.replacing("\n", with: " "))
        guard !characters.isEmpty else { return .nothing }
        let shown = characters.prefix(cells)
        let layout = try makeLayout(families: TextLayout.textFamilies)
        let cellWidth = box.width / Double(cells)
        let pad = min(1.5, cellWidth * 0.1, box.height * 0.1)
        let innerHeight = box.height - 2 * pad, innerWidth = cellWidth - 2 * pad
        // One size for every cell: the largest that fits the widest character.
        var size = min(maximumFontSize, innerHeight / 1.2)
        layout.setSize(size)
        var widest = 0.0, tallest = 0.0
        for character in Set(shown) {
            layout.setText(String(character))
            let extents = layout.logicalExtents()
            widest = max(widest, extents.width)
            tallest = max(tallest, extents.height)
        }
        let factor = min(1, widest > 0 ? innerWidth / widest : 1, tallest > 0 ? innerHeight / tallest : 1)
        size = max(minimumFontSize, size * factor)
        layout.setSize(size)
        withClip(box) {
            for (index, character) in shown.enumerated() {
                layout.setText(String(character))
                let extents = layout.logicalExtents()
                let x = box.x + Double(index) * cellWidth + (cellWidth - extents.width) / 2
                let y = box.y + (box.height - extents.height) / 2
                show(layout, x: x - extents.x, y: y - extents.y)
            }
        }
        if characters.count > cells { return .truncated(dropped: characters.count - cells) }
        return .drawn
    }

    /// A check mark (the glyph U+2713, so the value stays extractable) when `checked`.
    func drawCheck(_ checked: Bool, in box: DrawBox) throws(FillError) -> DrawOutcome {
        guard checked else { return .nothing }
        let side = min(box.width, box.height)
        let square = DrawBox(
            x: box.x + (box.width - side) / 2, y: box.y + (box.height - side) / 2, width: side, height: side,
            layout: .line, alignment: .center)
        let layout = try makeLayout(families: "DejaVu Sans")
        layout.setText("\u{2713}")
        layout.setSize(side * 0.8)
        var extents = layout.logicalExtents()
        if extents.height > 0 {
            layout.setSize(side * 0.8 * min(side / extents.width, side / extents.height, 1.2) * 0.9)
            extents = layout.logicalExtents()
        }
        withClip(box) {
            layout.show(
                in: context, x: square.x + (side - extents.width) / 2 - extents.x,
                y: square.y + (side - extents.height) / 2 - extents.y)
        }
        return .drawn
    }

    /// A PNG scaled into the box, aspect kept, left-aligned and vertically centred.
    func draw(image: PNGImageSurface, in box: DrawBox) -> DrawOutcome {
        guard image.width > 0, image.height > 0, box.width > 0.5, box.height > 0.5 else { return .nothing }
        let scale = min(box.width / Double(image.width), box.height / Double(image.height))
        let drawnHeight = Double(image.height) * scale
        cairo_save(context)
        cairo_rectangle(context, box.x, box.y, box.width, box.height)
        cairo_clip(context)
        cairo_translate(context, box.x, box.y + (box.height - drawnHeight) / 2)
        cairo_scale(context, scale, scale)
        cairo_set_source_surface(context, image.handle, 0, 0)
        cairo_paint(context)
        cairo_restore(context)
        return .drawn
    }
}

/// The layouts a ``ValueDrawer`` has made, by font chain and style.
private final class LayoutCache {
    var byKey: [String: TextLayout] = [:]
}

/// The lines a recording ``ValueDrawer`` laid out, in points from the top-left of the box it was given.
final class TextRunRecorder {
    /// Nimbus Sans (URW base35) has Helvetica's metrics, so lines laid out with it fit when shown in Helvetica.
    static let metricFamily = "Nimbus Sans"

    var runs: [PDFTextRun] = []
}
