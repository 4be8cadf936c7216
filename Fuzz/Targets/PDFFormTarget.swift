import FormFields
import FormFill
import Foundation
import LegiblePDF

/// A PDF as the documents API treats it: opened through Poppler with the server's limits (fewer pages, to keep
/// each run short), images checked, page 1 rendered, fields detected (widgets and drawn regions, rasters at 50 dpi
/// for speed; labels of scanned pages are not read: Tesseract is fuzzed upstream and would slow every run), then
/// filled in both modes.
enum PDFFormTarget {
    /// The server's limits, but at most 4 pages.
    static let options = PDFOpenOptions(maxPages: 4)

    static func run(_ data: Data) -> FuzzOutcome {
        FuzzOutcome.of {
            let document = try PDFDocument(data: data, options: options)
            try document.checkImageSizes()
            _ = try document.page(at: 0).render(dpi: 72)
            let regions = try FormFieldDetector(
                bornDigitalDPI: 50, scanDPI: 50, textReader: nil, addsVisualRegionsToInteractiveForms: true
            ).detect(document)
            let filler = FormFiller()
            let widgets = try FillField.acroFormFields(of: document)
            // Interactive filling refuses a document without widgets by design; only forms that have some try it.
            let interactive =
                widgets.isEmpty
                ? nil
                : try filler.fill(document: document, fields: widgets, values: values(for: widgets), mode: .interactive)
            let drawn = try FillField.fields(of: document, regions: regions)
            let overlay = try filler.fill(document: document, fields: drawn, values: values(for: drawn), mode: .overlay)
            // Field counts, not byte counts: Poppler stamps each widget it fills with the time (`/M`), so the
            // bytes of an interactive fill differ from one second to the next.
            return "\(document.pageCount) pages, \(regions.count) regions, \(widgets.count) widgets, "
                + "filled \(interactive?.filledCount ?? 0) and \(overlay.filledCount) fields"
        }
    }

    /// A value for every field, of the field's kind.
    static func values(for fields: [FillField]) -> FillValues {
        FillValues(fields.map { field in
            let value: String
            switch field.kind {
            case .checkbox, .radio: value = "true"
            case .choice: value = field.options?.first ?? "A"
            default: value = "Ångström 12/05/2026 ✓"
            }
            return FillValues.Entry(key: field.id, value: value)
        })
    }
}
