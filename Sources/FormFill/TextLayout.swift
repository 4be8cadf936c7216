import Foundation
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

    /// The one size text is laid out at, in points; other sizes scale it (see ``setSize(_:)``).
    static let layoutSize = 12.0

    let layout: OpaquePointer
    let font: OpaquePointer
    /// The drawn size over ``layoutSize``.
    private(set) var scale = 1.0
    /// The wrap width in points at the drawn size, nil for no wrapping.
    private var wrapWidth: Double?

    /// Creates a layout for `context` with `families` and `italic` style.
    init?(context: OpaquePointer, families: String, italic: Bool = false) {
        guard let layout = pango_cairo_create_layout(context) else { return nil }
        guard let font = pango_font_description_from_string(families) else {
            g_object_unref(UnsafeMutableRawPointer(layout))
            return nil
        }
        if italic { pango_font_description_set_style(font, PANGO_STYLE_ITALIC) }
        pango_font_description_set_absolute_size(font, Self.layoutSize * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
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

    /// Sets the font size in points (Cairo user units).
    ///
    /// The text stays laid out at ``layoutSize`` and is scaled when measured and drawn: Pango and fontconfig
    /// build a font set for every distinct size (milliseconds each, more than laying a value out), while
    /// outlines scale exactly (a PDF surface uses no hinting), so one font set serves every size.
    func setSize(_ points: Double) {
        scale = max(1, points) / Self.layoutSize
        applyWrapWidth()
    }

    /// Wraps at `width` points (words, then characters), or not at all for nil.
    func setWrapWidth(_ width: Double?) {
        wrapWidth = width
        applyWrapWidth()
    }

    private func applyWrapWidth() {
        if let wrapWidth {
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            // A hostile form can give a box of any width: Pango takes a 32-bit width.
            pango_layout_set_width(layout, Int32(min(1e6, max(1, wrapWidth / scale)) * Double(PANGO_SCALE)))
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

    /// The logical extents in points at the drawn size: origin offset and size.
    func logicalExtents() -> (x: Double, y: Double, width: Double, height: Double) {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let unit = scale / Double(PANGO_SCALE)
        return (Double(logical.x) * unit, Double(logical.y) * unit, Double(logical.width) * unit, Double(logical.height) * unit)
    }

    /// True when the text has characters no installed font covers.
    var unknownGlyphCount: Int { Int(pango_layout_get_unknown_glyphs_count(layout)) }

    /// The font size in points the layout is drawn at.
    var size: Double { Self.layoutSize * scale }

    /// The layout's lines: text, left edge and baseline in points at the drawn size, from the layout's top-left.
    func lines() -> [(text: String, x: Double, baseline: Double)] {
        guard let iterator = pango_layout_get_iter(layout), let characters = pango_layout_get_text(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        let bytes = UnsafeRawBufferPointer(start: characters, count: strlen(characters))
        let unit = scale / Double(PANGO_SCALE)
        var result: [(text: String, x: Double, baseline: Double)] = []
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            let start = max(0, Int(line.pointee.start_index)), end = min(bytes.count, start + max(0, Int(line.pointee.length)))
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let text = String(decoding: bytes[start..<end], as: UTF8.self)
            result.append((text, Double(logical.x) * unit, Double(pango_layout_iter_get_baseline(iterator)) * unit))
        } while pango_layout_iter_next_line(iterator) != 0
        return result
    }

    /// Draws the layout with its top-left corner at (`x`, `y`) in the context's current colour.
    func show(in context: OpaquePointer, x: Double, y: Double) {
        cairo_save(context)
        cairo_translate(context, x, y)
        cairo_scale(context, scale, scale)
        cairo_move_to(context, 0, 0)
        pango_cairo_show_layout(context, layout)
        cairo_restore(context)
    }
}
