internal import CPoppler

extension PDFPage {
    /// Marks the form widgets whose rectangles match `rects` (same box, IoU at least 0.5), or every widget when
    /// `rects` is nil, as hidden, in this open document only (never in its bytes or file), so rendering no longer
    /// draws their appearances, nor builds one for a widget that lacks it.
    ///
    /// For composing filled pages: a widget's own appearance (a previous value, a combo box's selection, a
    /// placeholder) would otherwise print under the new value. For field detection: the page's own drawing,
    /// without the widgets already known from the AcroForm.
    /// - Returns: How many widgets were hidden.
    package func hideWidgets(matching rects: [PDFRect]?) -> Int {
        guard rects.map({ !$0.isEmpty }) ?? true, let list = poppler_page_get_annot_mapping(handle) else { return 0 }
        defer { poppler_page_free_annot_mapping(list) }
        var hidden = 0
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            defer { node = current.pointee.next }
            guard let raw = current.pointee.data else { continue }
            let mapping = raw.assumingMemoryBound(to: PopplerAnnotMapping.self).pointee
            guard let annot = mapping.annot, poppler_annot_get_annot_type(annot) == POPPLER_ANNOT_WIDGET else { continue }
            let area = mapping.area
            let rect = pageRect(fromCropRelative: area.x1, area.y1, area.x2, area.y2)
            if let rects, !rects.contains(where: { $0.intersectionOverUnion(rect) >= 0.5 }) { continue }
            let flags = poppler_annot_get_flags(annot)
            poppler_annot_set_flags(annot, PopplerAnnotFlag(rawValue: flags.rawValue | POPPLER_ANNOT_FLAG_HIDDEN.rawValue))
            hidden += 1
        }
        return hidden
    }
}
