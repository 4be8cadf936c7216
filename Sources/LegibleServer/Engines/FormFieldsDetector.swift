import FormFields
public import Foundation
public import LegiblePDF

/// The real field detector: LegiblePDF opens the document (images become one-page documents) and FormFields
/// finds its regions. Detection is blocking CPU work, so it runs on a Dispatch queue, off Swift's
/// cooperative pool; each call opens its own document (Poppler documents are not thread-safe).
public struct FormFieldsDetector: FieldDetecting {
    /// Limits for opening uploaded documents (pages, bytes, raster size).
    public var options: PDFOpenOptions
    /// Reads the labels of scanned pages: one Tesseract engine, started on the first scan and shared by every
    /// detection (calls take turns on it).
    private let labelReader = OCRPageTextReader()

    /// Creates a detector with the given opening limits.
    public init(options: PDFOpenOptions = .default) {
        self.options = options
    }

    /// Opens the document and counts its pages.
    /// - Throws: `EngineError.invalidInput` naming the problem (encrypted, damaged, too many pages...).
    public func inspect(documentData: Data, format: DocumentFormat) async throws -> DocumentInspection {
        let options = options
        return try await runOffCooperativePool {
            DocumentInspection(pageCount: try Self.open(documentData, format: format, options: options).pageCount)
        }
    }

    /// Detects the regions of every page.
    /// - Throws: `EngineError.invalidInput` for documents that cannot be read.
    public func detectFields(documentData: Data, format: DocumentFormat) async throws -> DetectedLayout {
        let options = options, detector = FormFieldDetector(textReader: labelReader)
        return try await runOffCooperativePool {
            let document = try Self.open(documentData, format: format, options: options)
            var pages: [PageSize] = []
            for index in 0..<document.pageCount {
                let page = try Self.translate { () throws(PDFError) in try document.page(at: index) }
                pages.append(PageSize(width: page.width, height: page.height))
            }
            let regions = try Self.translate { () throws(PDFError) in try detector.detect(document) }
            return DetectedLayout(
                pages: pages,
                regions: regions.compactMap { region in
                    guard let id = UUID(uuidString: region.id) else { return nil }
                    return DetectedField(
                        id: id, pageIndex: region.pageIndex, x: region.x, y: region.y, width: region.width,
                        height: region.height, fieldType: FieldKind(rawValue: region.fieldType.rawValue) ?? .unknown,
                        label: region.label.isEmpty ? nil : region.label, confidence: region.confidence)
                })
        }
    }

    private static func open(_ data: Data, format: DocumentFormat, options: PDFOpenOptions) throws -> PDFDocument {
        try translate { () throws(PDFError) in
            switch format {
            case .pdf: try PDFDocument(data: data, options: options)
            case .image: try PDFDocument(imageData: data, options: options)
            }
        }
    }

    /// Runs `body`, turning PDF problems into `EngineError.invalidInput` with PDFError's message.
    private static func translate<T>(_ body: () throws(PDFError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw EngineError.invalidInput(error.description)
        }
    }
}
