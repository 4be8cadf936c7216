import Dispatch
import FormFields
import FormFill
public import Foundation
public import LegiblePDF

/// The real composer: FormFill draws the values over each page (overlay mode), so the filled PDF looks the same
/// in every viewer. Runs on a Dispatch queue, off Swift's cooperative pool.
public struct FormFillComposer: FormComposing {
    /// Limits for opening the stored document again.
    public var options: PDFOpenOptions

    /// Creates a composer with the given opening limits.
    public init(options: PDFOpenOptions = .default) {
        self.options = options
    }

    /// Draws `values` into the regions of `layout` and returns the filled PDF.
    /// - Throws: `EngineError.invalidInput` when the document or a value (a signature image) cannot be used.
    public func compose(
        documentData: Data, format: DocumentFormat, layout: DetectedLayout, values: [FieldValueInput]
    ) async throws -> Data {
        let options = options
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result {
                    try Self.compose(documentData, format: format, layout: layout, values: values, options: options)
                })
            }
        }
    }

    private static func compose(
        _ data: Data, format: DocumentFormat, layout: DetectedLayout, values: [FieldValueInput],
        options: PDFOpenOptions
    ) throws -> Data {
        do {
            let document =
                switch format {
                case .pdf: try PDFDocument(data: data, options: options)
                case .image: try PDFDocument(imageData: data, options: options)
                }
            let regions = layout.regions.map { field in
                FieldRegion(
                    id: field.id.uuidString, pageIndex: field.pageIndex, x: field.x, y: field.y, width: field.width,
                    height: field.height, fieldType: FieldType(rawValue: field.fieldType.rawValue) ?? .unknown,
                    label: field.label ?? "", confidence: field.confidence, source: .detected)
            }
            let fields = try FillField.fields(of: document, regions: regions)
            let entries = values.map { FillValues.Entry(key: $0.fieldRegionId.uuidString, value: $0.value) }
            return try FormFiller().fill(document: document, fields: fields, values: FillValues(entries), mode: .overlay)
                .data
        } catch let error as PDFError {
            throw EngineError.invalidInput(error.description)
        } catch let error as FillError {
            throw EngineError.invalidInput(error.description)
        }
    }
}
