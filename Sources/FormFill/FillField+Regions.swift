public import FormFields
public import LegiblePDF

extension FillField {
    /// The fields for detected regions (`FormFieldDetector`): AcroForm regions are joined to their widget
    /// (same page, rectangles overlapping by IoU 0.5 or more) so interactive fills, on-states and read-only
    /// flags work; region ids are kept, so values keyed by region id match.
    ///
    /// - Throws: ``FillError/document(reason:)`` when the widgets cannot be read.
    public static func fields(of document: PDFDocument, regions: [FieldRegion]) throws(FillError) -> [FillField] {
        let widgets = try acroFormFields(of: document)
        var used = Set<Int>()
        var fields: [FillField] = []
        for region in regions {
            let rect = region.rect
            let match = widgets.indices
                .filter { !used.contains($0) && widgets[$0].pageIndex == region.pageIndex }
                .max { widgets[$0].rect.intersectionOverUnion(rect) < widgets[$1].rect.intersectionOverUnion(rect) }
            if let match, widgets[match].rect.intersectionOverUnion(rect) >= 0.5 {
                used.insert(match)
                var field = widgets[match]
                field.id = region.id
                field.label = region.label.isEmpty ? field.label : region.label
                fields.append(field)
                continue
            }
            let kind: Kind
            switch region.fieldType {
            case .multiline: kind = .multiline
            case .checkbox: kind = .checkbox
            case .signature: kind = .signature
            case .text, .date, .number, .unknown: kind = .text
            }
            fields.append(FillField(
                id: region.id, pageIndex: region.pageIndex, rect: rect, kind: kind, name: region.name,
                label: region.label.isEmpty ? nil : region.label, maxLength: region.maxLength,
                options: region.options))
        }
        // Widgets the detector did not report stay fillable by name.
        for index in widgets.indices where !used.contains(index) { fields.append(widgets[index]) }
        return fields
    }
}
