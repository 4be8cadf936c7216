internal import CCairo
internal import CPangoCairo

/// The owner of one Pango layout (and its font description) bound to a Cairo context; freed in `deinit`.
///
/// Fonts come from fontconfig through Pango; the family list is a fallback chain, and Pango falls back
/// further per character, so Latin, Cyrillic, Greek, Arabic, Hebrew and CJK all find a font.
final class TextLayout {
    /// The fallback chain for ordinary values.
    static let textFamilies = "DejaVu Sans, Noto Sans, Noto Sans Arabic, Noto Sans Hebrew, Noto Sans CJK SC"
    /// A script-like face for typed signatures, then the ordinary chain.
    static let signatureFamilies = "Z003, DejaVu Serif, Noto Serif, Noto Sans CJK SC"

    /// Font sizes are multiples of this, in points.
    static let sizeStep = 0.5

    let layout: OpaquePointer
    let font: OpaquePointer

    /// Creates a layout for `context` with `families` and `italic` style.
    init?(context: OpaquePointer, families: String, italic: Bool = false) {
        guard let layout = pango_cairo_create_layout(context) else { return nil }
        guard let font = pango_font_description_from_string(families) else {
            g_object_unref(UnsafeMutableRawPointer(layout))
            return nil
        }
        if italic { pango_font_description_set_style(font, PANGO_STYLE_ITALIC) }
        self.layout = layout
        self.font = font
        pango_layout_set_auto_dir(layout, 1)
    }

    deinit {
        pango_font_description_free(font)
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// Sets the text (NUL-free UTF-8).
    func setText(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                pango_layout_set_text(layout, chars.baseAddress, Int32(chars.count))
            }
        }
    }

    /// Sets the font size in points (Cairo user units), rounded down to a multiple of ``sizeStep``.
    ///
    /// Pango and fontconfig build a font set for every distinct size (several milliseconds each, more than
    /// laying a value out); on a grid of sizes, later fields and later forms reuse the cached ones.
    func setSize(_ points: Double) {
        let size = max(1, (points / Self.sizeStep).rounded(.down) * Self.sizeStep)
        pango_font_description_set_absolute_size(font, size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
    }

    /// Wraps at `width` points (words, then characters), or not at all for nil.
    func setWrapWidth(_ width: Double?) {
        if let width {
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_width(layout, Int32(max(1, width) * Double(PANGO_SCALE)))
        } else {
            pango_layout_set_width(layout, -1)
        }
    }

    /// Sets the paragraph alignment (mirrored for right-to-left text by Pango's auto direction).
    func setAlignment(_ alignment: DrawBox.Alignment) {
        switch alignment {
        case .leading: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .trailing: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
    }

    /// The logical extents in points: origin offset and size.
    func logicalExtents() -> (x: Double, y: Double, width: Double, height: Double) {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let scale = Double(PANGO_SCALE)
        return (Double(logical.x) / scale, Double(logical.y) / scale,
                Double(logical.width) / scale, Double(logical.height) / scale)
    }

    /// True when the text has characters no installed font covers.
    var unknownGlyphCount: Int { Int(pango_layout_get_unknown_glyphs_count(layout)) }

    /// Draws the layout with its top-left corner at (`x`, `y`) in the context's current colour.
    func show(in context: OpaquePointer, x: Double, y: Double) {
        cairo_move_to(context, x, y)
        pango_cairo_show_layout(context, layout)
    }
}
