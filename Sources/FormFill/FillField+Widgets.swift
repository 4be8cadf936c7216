public import LegiblePDF

extension FillField {
    /// The fields of a document's AcroForm widgets (push buttons left out), with each text field's alignment
    /// (`/Q`) where the form sets it.
    ///
    /// - Throws: ``FillError/document(reason:)`` when a page cannot be read.
    public static func acroFormFields(of document: PDFDocument) throws(FillError) -> [FillField] {
        let widgets: [PDFFormWidget]
        do { widgets = try document.formWidgets() } catch { throw FillError.document(reason: error.description) }
        let alignments = widgets.contains { $0.kind == .text || $0.kind == .multiline || $0.kind == .choice }
            ? document.fieldAlignments() : [:]
        return widgets.compactMap { widget in
            guard var field = FillField(widget: widget) else { return nil }
            if let partial = widget.name?.split(separator: ".").last, let alignment = alignments[String(partial)] {
                field.alignment = alignment
            }
            return field
        }
    }

    /// A field for one widget; nil for push buttons.
    public init?(widget: PDFFormWidget) {
        let kind: Kind
        switch widget.kind {
        case .text: kind = .text
        case .multiline: kind = .multiline
        case .comb: kind = .comb
        case .checkbox: kind = .checkbox
        case .radio: kind = .radio
        case .choice: kind = .choice
        case .signature: kind = .signature
        case .pushbutton, .unknown: return nil
        }
        self.init(
            id: "acroform-\(widget.fieldID)", pageIndex: widget.pageIndex, rect: widget.rect, kind: kind,
            name: widget.name, label: widget.tooltip, maxLength: widget.maxLength, options: widget.options,
            onStateName: widget.onStateName, isReadOnly: widget.isReadOnly, acroFormFieldID: widget.fieldID)
    }
}
