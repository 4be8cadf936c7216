internal import CPoppler

extension PDFPage {
    /// The AcroForm widgets on this page, in the PDF's order, with rectangles in points (top-left origin).
    public func formWidgets() -> [PDFFormWidget] {
        guard let list = poppler_page_get_form_field_mapping(handle) else { return [] }
        defer { poppler_page_free_form_field_mapping(list) }
        var widgets: [PDFFormWidget] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            defer { node = current.pointee.next }
            guard let raw = current.pointee.data else { continue }
            let mapping = raw.assumingMemoryBound(to: PopplerFormFieldMapping.self).pointee
            guard let field = mapping.field else { continue }
            let area = mapping.area
            let rect = pageRect(fromCropRelative: area.x1, area.y1, area.x2, area.y2)
            var widget = Self.describe(field, rect: rect, pageIndex: index)
            if widget.kind == .text, widget.maxLength != nil {
                // Poppler's area is relative to the crop box; the file's rectangles are in user space.
                let user = PDFRect(
                    x0: min(area.x1, area.x2) + cropBox.x0, y0: min(area.y1, area.y2) + cropBox.y0,
                    x1: max(area.x1, area.x2) + cropBox.x0, y1: max(area.y1, area.y2) + cropBox.y0)
                if document.combWidgetRects()[index, default: []].contains(where: { $0.intersectionOverUnion(user) >= 0.8 }) {
                    widget.kind = .comb
                }
            }
            widgets.append(widget)
        }
        return widgets
    }

    private static func take(_ string: UnsafeMutablePointer<gchar>?) -> String? {
        guard let string else { return nil }
        defer { g_free(string) }
        let value = String(cString: string)
        return value.isEmpty ? nil : value
    }

    private static func describe(_ field: OpaquePointer, rect: PDFRect, pageIndex: Int) -> PDFFormWidget {
        var widget = PDFFormWidget(
            fieldID: Int(poppler_form_field_get_id(field)), pageIndex: pageIndex, kind: .unknown, rect: rect,
            name: take(poppler_form_field_get_name(field)),
            tooltip: take(poppler_form_field_get_alternate_ui_name(field)),
            isReadOnly: poppler_form_field_is_read_only(field) != 0)
        switch poppler_form_field_get_field_type(field) {
        case POPPLER_FORM_FIELD_BUTTON:
            switch poppler_form_field_button_get_button_type(field) {
            case POPPLER_FORM_BUTTON_CHECK: widget.kind = .checkbox
            case POPPLER_FORM_BUTTON_RADIO: widget.kind = .radio
            default: widget.kind = .pushbutton
            }
            if widget.kind != .pushbutton {
                widget.value = poppler_form_field_button_get_state(field) != 0 ? "On" : "Off"
                widget.onStateName = take(poppler_form_field_get_mapping_name(field))
            }
        case POPPLER_FORM_FIELD_TEXT:
            let maxLength = Int(poppler_form_field_text_get_max_len(field))
            widget.maxLength = maxLength > 0 ? maxLength : nil
            widget.value = take(poppler_form_field_text_get_text(field))
            if poppler_form_field_text_get_text_type(field) == POPPLER_FORM_TEXT_MULTILINE {
                widget.kind = .multiline
            } else {
                widget.kind = .text
            }
        case POPPLER_FORM_FIELD_CHOICE:
            widget.kind = .choice
            let count = max(0, Int(poppler_form_field_choice_get_n_items(field)))
            var options: [String] = []
            var selected: [String] = []
            for item in 0..<min(count, 10_000) {
                let text = take(poppler_form_field_choice_get_item(field, Int32(item))) ?? ""
                options.append(text)
                if poppler_form_field_choice_is_item_selected(field, Int32(item)) != 0 { selected.append(text) }
            }
            widget.options = options
            widget.value = selected.isEmpty ? take(poppler_form_field_choice_get_text(field)) : selected.joined(separator: "\n")
        case POPPLER_FORM_FIELD_SIGNATURE:
            widget.kind = .signature
        default:
            widget.kind = .unknown
        }
        return widget
    }
}
